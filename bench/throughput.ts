/**
 * Throughput and latency on loopback (autocannon, bounded in time): a page meant to be
 * prerendered (/faq), a server-rendered page (/gallery?category=kitchen) and a static asset of
 * the same server (the largest hashed JS file), each page as a share of the static asset.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/throughput.ts [--no-build]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import {
  type PrerenderManifest,
  prerenderDirectoryName,
  prerenderManifestFile,
} from '../src/server/prerender/prerendered-pages.ts'
import { mark, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const connections = 20
const durationSeconds = 10
const warmupSeconds = 2
/** What a browser sends: if the server ever compresses, the figures include it. */
const headers = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'maple-hearth-bench (autocannon)',
}

const assetsDir = '.output/public/assets'

function largestHashedScript(): string {
  const scripts = readdirSync(assetsDir)
    .filter((file) => /-[\w-]{8}\.js$/.test(file))
    .map((file) => ({ file, size: statSync(join(assetsDir, file)).size }))
    .sort((a, b) => b.size - a.size)
  const largest = scripts[0]
  if (!largest) throw new Error(`no hashed script in ${assetsDir}`)
  return `/assets/${largest.file}`
}

/** A prerendered page is listed in the manifest `npm run build` writes next to the server. */
function isPrerendered(path: string) {
  const manifest = join('.output/server', prerenderDirectoryName, prerenderManifestFile)
  if (!existsSync(manifest)) return false
  const { pages } = JSON.parse(readFileSync(manifest, 'utf8')) as PrerenderManifest
  return path in pages
}

interface Measurement {
  label: string
  path: string
  requestsPerSecond: number
  p50: number
  p99: number
  bytesPerResponse: number
  encoding: string
  non2xx: number
  errors: number
}

async function measure(origin: string, label: string, path: string): Promise<Measurement> {
  const probe = await fetch(`${origin}${path}`, { headers })
  await probe.arrayBuffer()
  if (!probe.ok) throw new Error(`${path} answered ${probe.status}`)
  const encoding = probe.headers.get('content-encoding') ?? 'none'
  const options = { url: `${origin}${path}`, connections, headers }
  // Warm-up (JIT, caches), then the measured run.
  await autocannon({ ...options, duration: warmupSeconds })
  const result = await autocannon({ ...options, duration: durationSeconds })
  const measurement = {
    label,
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse:
      result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    encoding,
    non2xx: result.non2xx,
    errors: result.errors, // timeouts included
  }
  console.log(
    `  ${label} ${path}: ${measurement.requestsPerSecond.toFixed(0)} req/s, p50 ${measurement.p50} ms, p99 ${measurement.p99} ms, non-2xx ${measurement.non2xx}, errors ${measurement.errors}`,
  )
  return measurement
}

async function main() {
  if (!skipBuild()) build()
  const staticPath = largestHashedScript()
  const prerenderPath = '/faq'
  const ssrPath = '/gallery?category=kitchen'
  const faqPrerendered = isPrerendered(prerenderPath)
  const server = await startServer()
  let staticAsset: Measurement
  let faq: Measurement
  let gallery: Measurement
  try {
    staticAsset = await measure(server.origin, 'static asset', staticPath)
    faq = await measure(server.origin, 'prerendered page', prerenderPath)
    gallery = await measure(server.origin, 'server-rendered page', ssrPath)
  } finally {
    await server.stop()
  }

  const ratio = (m: Measurement) => m.requestsPerSecond / staticAsset.requestsPerSecond
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`
  const faqRatio = ratio(faq)
  const galleryRatio = ratio(gallery)
  const faqBudget = faqRatio >= 0.9
  const galleryBudget = galleryRatio >= 0.3
  const row = (m: Measurement, kind: string, budget: string) => [
    `${m.label}${kind}`,
    `\`${m.path}\``,
    m.requestsPerSecond.toFixed(0),
    `${m.p50} ms`,
    `${m.p99} ms`,
    `${(m.bytesPerResponse / 1000).toFixed(1)} kB (${m.encoding})`,
    m === staticAsset ? '100%' : percent(ratio(m)),
    budget,
    `${m.non2xx} / ${m.errors}`,
  ]
  const body = [
    `autocannon ${connections} connections × ${durationSeconds} s per target (after a ${warmupSeconds} s warm-up), loopback (127.0.0.1), production server, one Node process; client and server share the machine. Requests carry a browser's Accept and Accept-Encoding.`,
    `Budgets (issue 6): server-rendered \`${ssrPath}\` at least 30% of the static asset's req/s; prerendered pages within 10% of it (at least 90%).`,
    '',
    table(
      [
        'target',
        'path',
        'req/s',
        'p50',
        'p99',
        'bytes/response',
        'vs static',
        'budget',
        'non-2xx / errors',
      ],
      [
        row(staticAsset, '', '—'),
        row(
          faq,
          faqPrerendered ? '' : ' (**not prerendered yet**: server-rendered on each request)',
          `≥ 90% ${faqBudget ? mark(true) : `${mark(false)} by ${((0.9 - faqRatio) * 100).toFixed(1)} points`}`,
        ),
        row(
          gallery,
          '',
          `≥ 30% ${galleryBudget ? mark(true) : `${mark(false)} by ${((0.3 - galleryRatio) * 100).toFixed(1)} points`}`,
        ),
      ],
    ),
    '',
    faqPrerendered
      ? `\`${prerenderPath}\` is prerendered (listed in .output/server/prerendered/manifest.json, answered from memory).`
      : `\`${prerenderPath}\` is not prerendered (not in .output/server/prerendered/manifest.json): its figure is a server-rendered page's, so its budget is not yet meaningful.`,
  ].join('\n')
  console.log(body)
  writeSection('Throughput (loopback)', body)
}

if (import.meta.main) await main()
