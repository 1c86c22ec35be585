/**
 * Throughput and latency on loopback (autocannon, bounded in time), each page as a share of the
 * smallest static file the same server serves (a request's fixed cost, not bandwidth): prerendered
 * pages (`/`, `/faq`), server-rendered ones (`/gallery?category=kitchen`,
 * `/services/kitchen-remodeling`), and, for reference, a server-rendered page whose URL differs on
 * every request, so every answer is a fresh render, and a static file the size of `/faq` (what
 * Start's own prerender would have Nitro's static handler send for it: the measurement behind
 * keeping our prerender, docs/decisions/005-own-prerender.md). Rounds are interleaved (every target once per
 * round); the table gives the median and the spread (min–max) over rounds, and the machine's load
 * average before and after.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/throughput.ts [--no-build]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus } from 'node:os'
import { join, relative } from 'node:path'
import autocannon from 'autocannon'
import {
  type PrerenderManifest,
  prerenderDirectoryName,
  prerenderManifestFile,
} from '../src/server/prerender/prerendered-pages.server.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { browserPageHeaders } from './lib/routes.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const rounds = 3
const connections = 20
const durationSeconds = 8
const warmupSeconds = 2
const headers = browserPageHeaders

const publicDir = '.output/public'

/** The smallest file of .output/public (not a .br/.gz twin): what a request costs the server. */
function smallestStaticFile(): { path: string; bytes: number } {
  const files: { path: string; bytes: number }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (!/\.(br|gz)$/.test(entry.name))
        files.push({ path: file, bytes: statSync(file).size })
    }
  }
  walk(publicDir)
  const smallest = files.sort((a, b) => a.bytes - b.bytes || a.path.localeCompare(b.path))[0]
  if (!smallest) throw new Error(`no file in ${publicDir}`)
  return { path: `/${relative(publicDir, smallest.path)}`, bytes: smallest.bytes }
}

/**
 * The static file (with a gzip twin) whose size is nearest the prerendered page's: what Start's
 * own prerender would have the server answer with, through Nitro's static file handler.
 */
function staticFileLike(page: string): { path: string; bytes: number } {
  const manifest = join('.output/server', prerenderDirectoryName, prerenderManifestFile)
  const { pages } = JSON.parse(readFileSync(manifest, 'utf8')) as PrerenderManifest
  const file = pages[page]?.file
  if (!file) throw new Error(`${page} is not prerendered`)
  const pageBytes = statSync(join('.output/server', prerenderDirectoryName, file)).size
  const files: { path: string; bytes: number }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (!/\.(br|gz)$/.test(entry.name) && existsSync(`${path}.gz`)) {
        files.push({ path, bytes: statSync(path).size })
      }
    }
  }
  walk(publicDir)
  const nearest = files.sort(
    (a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes),
  )[0]
  if (!nearest) throw new Error(`no compressed file in ${publicDir}`)
  return { path: `/${relative(publicDir, nearest.path)}`, bytes: nearest.bytes }
}

/** A prerendered page is listed in the manifest `npm run build` writes next to the server. */
function isPrerendered(path: string) {
  const manifest = join('.output/server', prerenderDirectoryName, prerenderManifestFile)
  if (!existsSync(manifest)) return false
  const { pages } = JSON.parse(readFileSync(manifest, 'utf8')) as PrerenderManifest
  return path in pages
}

type Kind = 'static' | 'static-like-page' | 'prerendered' | 'server-rendered' | 'reference'
type Target = { kind: Kind; path: string; budget?: number; distinctUrls?: boolean }

type Run = {
  requestsPerSecond: number
  p50: number
  p99: number
  bytesPerResponse: number
  non2xx: number
  errors: number
}

/** How the server answered the target (one request before the runs). */
async function probe(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`, { headers })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return {
    encoding: response.headers.get('content-encoding') ?? 'none',
    prerendered: response.headers.get('x-prerendered') === '1',
    copy: response.headers.get('x-page-cache') === 'hit',
  }
}

async function measure(origin: string, target: Target, seconds: number): Promise<Run> {
  let sequence = 0
  const options = {
    url: `${origin}${target.path}`,
    connections,
    headers,
    duration: seconds,
    // Every request its own URL: the server cannot answer from a copy.
    ...(target.distinctUrls
      ? {
          requests: [
            {
              setupRequest: (request: { path?: string }) => ({
                ...request,
                path: `${target.path}&image=${2 + sequence++}`,
              }),
            },
          ],
        }
      : {}),
  }
  const result = await autocannon(options)
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse:
      result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
    errors: result.errors, // timeouts included
  }
}

async function main() {
  if (!skipBuild()) build()
  const staticFile = smallestStaticFile()
  const pageSizedFile = staticFileLike('/faq')
  const targets: Target[] = [
    { kind: 'static', path: staticFile.path },
    { kind: 'static-like-page', path: pageSizedFile.path },
    { kind: 'prerendered', path: '/', budget: 0.9 },
    { kind: 'prerendered', path: '/faq', budget: 0.9 },
    { kind: 'server-rendered', path: '/gallery?category=kitchen', budget: 0.25 },
    { kind: 'server-rendered', path: '/services/kitchen-remodeling', budget: 0.25 },
    { kind: 'reference', path: '/gallery?category=kitchen', distinctUrls: true },
  ]
  const notPrerendered = targets.filter((t) => t.kind === 'prerendered' && !isPrerendered(t.path))

  const loadBefore = loadAverage()
  const server = await startServer()
  const runs = new Map<Target, Run[]>(targets.map((target) => [target, []]))
  const probes = new Map<Target, Awaited<ReturnType<typeof probe>>>()
  try {
    for (const target of targets) {
      await measure(server.origin, target, warmupSeconds) // JIT, the gallery cache, page copies
      const path = target.distinctUrls ? `${target.path}&image=2` : target.path
      probes.set(target, await probe(server.origin, path))
    }
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const run = await measure(server.origin, target, durationSeconds)
        runs.get(target)?.push(run)
        console.log(
          `  round ${round} ${target.kind} ${target.path}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
        )
      }
    }
  } finally {
    await server.stop()
  }
  const loadAfter = loadAverage()

  const staticRuns = runs.get(targets[0] as Target) ?? []
  /** Each round's figure against the static file's in the same round. */
  const ratios = (target: Target) =>
    (runs.get(target) ?? []).map(
      (run, i) => run.requestsPerSecond / (staticRuns[i]?.requestsPerSecond ?? Number.NaN),
    )
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`
  const spread = (values: number[], format: (value: number) => string) =>
    `${format(Math.min(...values))}–${format(Math.max(...values))}`
  const rows = targets.map((target) => {
    const targetRuns = runs.get(target) ?? []
    const rps = targetRuns.map((run) => run.requestsPerSecond)
    const ratio = ratios(target)
    const answeredBy = {
      static: `static file (${staticFile.bytes} B)`,
      'static-like-page': `static file the size of /faq (${pageSizedFile.bytes} B): how Start's own prerender would answer it`,
      prerendered: probes.get(target)?.prerendered ? 'prerendered, from memory' : '**rendered**',
      'server-rendered': probes.get(target)?.copy
        ? 'rendered, then a kept copy'
        : '**rendered** (no copy kept)',
      reference: 'rendered every time (`&bench=<n>` differs per request)',
    }[target.kind]
    const budget =
      target.budget === undefined
        ? '—'
        : `≥ ${percent(target.budget)} ${
            median(ratio) >= target.budget
              ? mark(true)
              : `${mark(false)} by ${((target.budget - median(ratio)) * 100).toFixed(0)} points`
          }`
    return [
      `\`${target.path}${target.distinctUrls ? '&bench=<n>' : ''}\``,
      answeredBy,
      `${median(rps).toFixed(0)} (${spread(rps, (v) => v.toFixed(0))})`,
      target.kind === 'static' ? '100%' : `${percent(median(ratio))} (${spread(ratio, percent)})`,
      budget,
      `${median(targetRuns.map((run) => run.p50))} ms`,
      `${median(targetRuns.map((run) => run.p99))} ms`,
      `${(median(targetRuns.map((run) => run.bytesPerResponse)) / 1000).toFixed(1)} kB (${probes.get(target)?.encoding})`,
      `${targetRuns.reduce((sum, run) => sum + run.non2xx, 0)} / ${targetRuns.reduce((sum, run) => sum + run.errors, 0)}`,
    ]
  })

  const body = [
    `Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAfter}.`,
    '',
    `autocannon, ${connections} connections × ${durationSeconds} s per target and round, ${rounds} rounds interleaved (each target once per round, after a ${warmupSeconds} s warm-up of each), loopback (127.0.0.1), production server, one Node process; client and server share the machine's ${cpus().length} cores. Requests carry a browser's Accept and Accept-Encoding.`,
    `The reference is the smallest static file the server serves, \`${staticFile.path}\` (${staticFile.bytes} bytes; the smallest file of .output/public, picked anew each build): what a request costs, not bandwidth. Each page's share is taken against it round by round.`,
    'Budgets (issue 13): server-rendered pages at least 25% of the static file’s req/s, prerendered pages at least 90%; the median share counts.',
    '',
    table(
      [
        'path',
        'answered by',
        'req/s median (min–max)',
        'vs static file, median (min–max)',
        'budget',
        'p50',
        'p99',
        'bytes/response',
        'non-2xx / errors',
      ],
      rows,
    ),
    '',
    'A server-rendered page is rendered on a request, and once asked for twice, a copy is kept in the process for at most 30 s (never past its s-maxage, nor past the freshness of the gallery list it shows) and answered with a fresh nonce; so after the first requests these figures are those of kept copies. The last row is what a render itself costs.',
    ...(notPrerendered.length > 0
      ? [
          `Not prerendered (not in .output/server/prerendered/manifest.json): ${notPrerendered.map((t) => `\`${t.path}\``).join(', ')}; their figures are a server-rendered page's.`,
        ]
      : []),
  ].join('\n')
  console.log(body)
  writeSection('Throughput (loopback)', body)
}

if (import.meta.main) await main()
