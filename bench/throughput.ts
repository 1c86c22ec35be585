/**
 * Throughput on loopback (autocannon, 10 connections): pages the server answers from finished
 * bytes (prerendered `/`, a kept copy of `/services/kitchen-remodeling`) against the static file
 * of .output/public nearest `/` in size, from the same process, without and with gzip. Rounds are
 * interleaved; the table gives each figure's median over rounds and its share of the static
 * file's req/s in the same round (budget for `/`: at least 0.8, issue 38). A kept copy lives at
 * most 30 s (less when the gallery data it shows is fresher), so its figures include renders.
 *
 *   flock /tmp/e2e.lock ./node_modules/.bin/node bench/throughput.ts [--no-build]
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { cpus } from 'node:os'
import { join, relative } from 'node:path'
import autocannon from 'autocannon'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const rounds = 3
const connections = 10
const durationSeconds = 8
const warmupSeconds = 2
const budget = 0.8
const publicDir = '.output/public'
const encodings = { none: {}, gzip: { 'accept-encoding': 'gzip' } } as const
type Encoding = keyof typeof encodings

/** The file of .output/public (with a gzip twin) nearest `bytes` in size. */
function staticFileNear(bytes: number): { path: string; bytes: number } {
  const files: { path: string; bytes: number }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (!/\.(br|gz)$/.test(path) && existsSync(`${path}.gz`)) {
        files.push({ path, bytes: statSync(path).size })
      }
    }
  }
  walk(publicDir)
  const nearest = files.sort((a, b) => Math.abs(a.bytes - bytes) - Math.abs(b.bytes - bytes))[0]
  if (!nearest) throw new Error(`no compressed file in ${publicDir}`)
  return { path: `/${relative(publicDir, nearest.path)}`, bytes: nearest.bytes }
}

async function answeredBy(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity' } })
  const bytes = (await response.arrayBuffer()).byteLength
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  const how = response.headers.get('x-prerendered')
    ? 'prerendered'
    : response.headers.get('x-page-cache')
      ? 'kept copy'
      : path.startsWith('/assets/')
        ? 'static file'
        : 'rendered, then kept copies'
  return { bytes, how }
}

async function requestsPerSecond(
  origin: string,
  path: string,
  encoding: Encoding,
  seconds: number,
) {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections,
    duration: seconds,
    headers: { accept: 'text/html,*/*', ...encodings[encoding] },
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: failed requests`)
  return result.requests.average
}

async function main() {
  if (!skipBuild()) build()
  const loadBefore = loadAverage()
  const server = await startServer({}, { quietStderr: true })
  const rows: string[][] = []
  let worst = Number.POSITIVE_INFINITY
  try {
    const home = await answeredBy(server.origin, '/')
    const file = staticFileNear(home.bytes)
    const targets = [file.path, '/', '/services/kitchen-remodeling']
    const described = new Map<string, string>()
    for (const path of targets) {
      for (const encoding of Object.keys(encodings) as Encoding[]) {
        await requestsPerSecond(server.origin, path, encoding, warmupSeconds)
      }
      const { bytes, how } = await answeredBy(server.origin, path)
      described.set(path, `${how}, ${(bytes / 1000).toFixed(1)} kB`)
    }
    const runs = new Map<string, number[]>()
    for (let round = 0; round < rounds; round++) {
      for (const encoding of Object.keys(encodings) as Encoding[]) {
        for (const path of targets) {
          const rps = await requestsPerSecond(server.origin, path, encoding, durationSeconds)
          runs.set(`${encoding} ${path}`, [...(runs.get(`${encoding} ${path}`) ?? []), rps])
          console.log(`round ${round + 1} ${encoding} ${path}: ${rps.toFixed(0)} req/s`)
        }
      }
    }
    for (const encoding of Object.keys(encodings) as Encoding[]) {
      const reference = runs.get(`${encoding} ${file.path}`) ?? []
      for (const path of targets) {
        const rps = runs.get(`${encoding} ${path}`) ?? []
        const ratio = median(rps.map((value, i) => value / (reference[i] ?? Number.NaN)))
        if (path === '/') worst = Math.min(worst, ratio)
        rows.push([
          `\`${path}\``,
          described.get(path) ?? '',
          encoding,
          `${median(rps).toFixed(0)} (${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)})`,
          path === file.path
            ? '1.00'
            : `${ratio.toFixed(2)}${path === '/' ? ` ${mark(ratio >= budget)}` : ''}`,
        ])
      }
    }
  } finally {
    await server.stop()
  }
  const body = [
    `Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAverage()}.`,
    '',
    `autocannon, ${connections} connections × ${durationSeconds} s, ${rounds} rounds interleaved after a ${warmupSeconds} s warm-up of each, loopback, one production server process; client and server share ${cpus().length} cores. "none": no Accept-Encoding; "gzip": \`Accept-Encoding: gzip\`.`,
    '',
    table(['path', 'answered by', 'encoding', 'req/s median (min–max)', 'vs static file'], rows),
  ].join('\n')
  console.log(body)
  writeSection('Throughput (loopback)', body)
  if (!(worst >= budget)) process.exitCode = 1
}

if (import.meta.main) await main()
