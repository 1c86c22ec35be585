/**
 * Field-vitals beacons under load (issue 24; budget: 200 beacons a second for 30 s, bounded,
 * answered 204, nothing lost within the rate limit, and no effect on page throughput beyond 5%,
 * measured against the smallest static file). Against the production server on 127.0.0.1:
 *
 * - The server on one core, the measuring client and the beacon sender on the other (taskset,
 *   when there are two cores or more): the sender then takes nothing from the server, and the
 *   server, not the client, is what limits the throughput measured (its CPU share shows it).
 * - Interleaved pairs of windows on the smallest static file (autocannon): alone, and while 200
 *   beacons a second arrive from 2,500 client addresses (each within its limit), in alternating
 *   order (ABBA) so that a drift of the machine's speed falls on both. A pair's ratio is the
 *   static file's req/s with beacons over without; the median and spread of the ratios are the
 *   result, with the load average of each pair (other work on the machine shows there).
 * - What a beacon costs the server on its own: its CPU share at 200 beacons a second, no other
 *   load (the effect on a server busy with pages can be no more than that share of a core).
 * - A sustained stretch of 30 s at 200 a second; then every beacon answered 204 is read back
 *   from the database once the server has stopped (nothing lost), and its memory is reported.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/beacons.ts [--no-build] [--pairs=8]
 *     [--cost-only: only what a beacon costs the server, written nowhere]
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, relative } from 'node:path'
import { createInterface } from 'node:readline'
import { PGlite } from '@electric-sql/pglite'
import autocannon from 'autocannon'
import { MiB, mark, median, percentile, table, writeSection } from './lib/results.ts'
import { browserPageHeaders } from './lib/routes.ts'
import { build, residentBytes, skipBuild, startServer } from './lib/server.ts'

const beaconsPerSecond = 200
const sustainedSeconds = 30
// Each address within the endpoint's limit (20, then 2 a minute) over the whole run (about 19,000 beacons).
const addresses = 2_500
const pairs = Number(process.argv.find((arg) => arg.startsWith('--pairs='))?.slice(8) ?? 8)
const windowSeconds = 5
const settleMs = 1_000
const connections = 20
const pageBudget = 0.05

function smallestStaticFile(): string {
  const files: { path: string; bytes: number }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (!/\.(br|gz)$/.test(entry.name))
        files.push({ path: file, bytes: statSync(file).size })
    }
  }
  walk('.output/public')
  const smallest = files.sort((a, b) => a.bytes - b.bytes || a.path.localeCompare(b.path))[0]
  if (!smallest) throw new Error('no static file')
  return `/${relative('.output/public', smallest.path)}`
}

/** CPU seconds a process has used so far (all its threads), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/** Pins a process (every thread) to the given cores; false when taskset is not there. */
const pin = (pid: number | undefined, cores: string) =>
  pid !== undefined &&
  spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' }).status === 0

const pause = (ms: number) => new Promise((settle) => setTimeout(settle, ms))

interface Window {
  rate: number
  serverCpu: number
  clientCpu: number
}

async function measureWindow(origin: string, path: string, serverPid?: number): Promise<Window> {
  const serverBefore = cpuSeconds(serverPid)
  const clientBefore = cpuSeconds(process.pid)
  const started = performance.now()
  const result = await autocannon({
    url: `${origin}${path}`,
    connections,
    headers: browserPageHeaders,
    duration: windowSeconds,
  })
  const seconds = (performance.now() - started) / 1000
  return {
    rate: result.requests.average,
    serverCpu: (cpuSeconds(serverPid) - serverBefore) / seconds,
    clientCpu: (cpuSeconds(process.pid) - clientBefore) / seconds,
  }
}

interface SenderResult {
  sent: number
  statuses: Record<string, number>
  p50: number
  p99: number
  max: number
  longestOnSeconds: number
}

/** The beacon sender (bench/lib/beacon-sender.ts), switched on and off between windows. */
function startSender(origin: string) {
  const child = spawn(
    process.execPath,
    ['bench/lib/beacon-sender.ts', origin, String(beaconsPerSecond), String(addresses)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const command = async (line: string) => {
    child.stdin.write(`${line}\n`)
    return String((await lines.next()).value)
  }
  return {
    on: () => command('on'),
    off: () => command('off'),
    stop: async () => JSON.parse(await command('stop')) as SenderResult,
    kill: () => child.exitCode === null && child.kill(),
  }
}

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`
const load1 = () => loadavg()[0]?.toFixed(2) ?? '?'

async function main() {
  if (!skipBuild()) build()
  const staticFile = smallestStaticFile()
  const loadBefore = loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')
  const server = await startServer({ TRUST_PROXY: 'true' }, { quietStderr: true })
  const serverPid = server.process.pid
  const pinned =
    cpus().length >= 2 && pin(serverPid, '0') && pin(process.pid, `1-${cpus().length - 1}`)
  const sender = startSender(server.origin)
  const memory: number[] = []
  const pairRows: (string | number)[][] = []
  const ratios: number[] = []
  const windows: { alone: Window[]; beacons: Window[] } = { alone: [], beacons: [] }
  try {
    await measureWindow(server.origin, staticFile) // warm-up
    memory.push(residentBytes(serverPid) ?? 0)

    // A beacon's cost on its own: the server's CPU at 200 a second, nothing else running (the
    // median of three windows), against the same server idle.
    const serverCpuOver = async () => {
      const before = cpuSeconds(serverPid)
      await pause(windowSeconds * 1000)
      return (cpuSeconds(serverPid) - before) / windowSeconds
    }
    await sender.on()
    await pause(settleMs)
    const beaconsOnlyCpu = median([
      await serverCpuOver(),
      await serverCpuOver(),
      await serverCpuOver(),
    ])
    await sender.off()
    const idleCpu = await serverCpuOver()
    const costLine = `What the beacons cost the server on their own: ${(beaconsOnlyCpu * 100).toFixed(1)}% of a core at ${beaconsPerSecond} a second and nothing else (idle: ${(idleCpu * 100).toFixed(1)}%), about ${(((beaconsOnlyCpu - idleCpu) / beaconsPerSecond) * 1000).toFixed(2)} ms of CPU a beacon, validation and the batched insert included. A server kept busy with pages can lose at most about that share of its throughput.`
    if (process.argv.includes('--cost-only')) {
      console.log(costLine)
      return
    }

    for (let pair = 1; pair <= pairs; pair++) {
      const order =
        pair % 2 === 1 ? (['alone', 'beacons'] as const) : (['beacons', 'alone'] as const)
      const result: Partial<Record<'alone' | 'beacons', Window>> = {}
      const loadAtStart = load1()
      for (const kind of order) {
        if (kind === 'beacons') await sender.on()
        await pause(settleMs)
        result[kind] = await measureWindow(server.origin, staticFile, serverPid)
        if (kind === 'beacons') await sender.off()
      }
      const alone = result.alone as Window
      const beacons = result.beacons as Window
      windows.alone.push(alone)
      windows.beacons.push(beacons)
      const ratio = beacons.rate / alone.rate
      ratios.push(ratio)
      memory.push(residentBytes(serverPid) ?? 0)
      pairRows.push([
        pair,
        order.join(' → '),
        alone.rate.toFixed(0),
        beacons.rate.toFixed(0),
        percent(ratio),
        `${(alone.serverCpu * 100).toFixed(0)}% / ${(beacons.serverCpu * 100).toFixed(0)}%`,
        `${(alone.clientCpu * 100).toFixed(0)}% / ${(beacons.clientCpu * 100).toFixed(0)}%`,
        `${loadAtStart} → ${load1()}`,
      ])
      console.log(`  pair ${pair}: ${pairRows.at(-1)?.join(' | ')}`)
    }

    // 30 s without a pause at 200 a second, the static file measured meanwhile.
    await sender.on()
    const sustainedStart = performance.now()
    const sustained: Window[] = []
    await pause(settleMs)
    while ((performance.now() - sustainedStart) / 1000 + windowSeconds <= sustainedSeconds) {
      sustained.push(await measureWindow(server.origin, staticFile, serverPid))
    }
    await pause(Math.max(0, sustainedSeconds * 1000 - (performance.now() - sustainedStart)))
    await sender.off()
    memory.push(residentBytes(serverPid) ?? 0)
    const senderResult = await sender.stop()

    server.process.kill('SIGTERM')
    await once(server.process, 'exit')
    const db = await PGlite.create(join(server.dataDir, 'pglite'))
    const stored = Number(
      (await db.query<{ n: number }>('select count(*)::int as n from public.page_views')).rows[0]
        ?.n,
    )
    await db.close()

    const answered204 = senderResult.statuses['204'] ?? 0
    const other = senderResult.sent - answered204
    const lost = answered204 - stored
    const medianRatio = median(ratios)
    const spread = `${percent(Math.min(...ratios))} to ${percent(Math.max(...ratios))}`
    const quartiles = `${percent(percentile(ratios, 25))} to ${percent(percentile(ratios, 75))}`
    const aloneMedian = median(windows.alone.map((w) => w.rate))
    const sustainedMedian = median(sustained.map((w) => w.rate))
    const body = [
      `Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' / ')}. ${cpus().length} cores; ${
        pinned
          ? 'the server pinned to core 0, the measuring client and the beacon sender to the others (taskset)'
          : '**not pinned** (taskset missing or one core): server, client and sender share the cores'
      }.`,
      '',
      `Smallest static file \`${staticFile}\`, autocannon ${connections} connections, ${windowSeconds} s windows, ${pairs} interleaved pairs (alone / while ${beaconsPerSecond} beacons a second arrive from ${addresses} addresses, TRUST_PROXY=true), ${settleMs / 1000} s to settle after switching the sender.`,
      '',
      table(
        [
          'pair',
          'order',
          'alone (req/s)',
          'with beacons (req/s)',
          'change',
          'server CPU alone / with',
          'client CPU alone / with',
          'load average (1 min)',
        ],
        pairRows,
      ),
      '',
      `**Effect of ${beaconsPerSecond} beacons a second on the static file's throughput: median ${percent(medianRatio)}** (quartiles ${quartiles}; all pairs ${spread}); budget no worse than −${pageBudget * 100}%: ${mark(medianRatio >= 1 - pageBudget)}.`,
      '',
      costLine,
      '',
      `Sustained: ${beaconsPerSecond} a second for ${senderResult.longestOnSeconds.toFixed(0)} s without a pause; the static file meanwhile ${sustainedMedian.toFixed(0)} req/s (median of ${sustained.length} windows), ${percent(sustainedMedian / aloneMedian)} against the median alone (${aloneMedian.toFixed(0)} req/s; not interleaved, so only indicative).`,
      '',
      table(
        ['beacons', 'answered 204', 'other answers', 'p50 / p99 / max (ms)', 'stored', 'lost'],
        [
          [
            senderResult.sent,
            answered204,
            other === 0 ? '0' : JSON.stringify(senderResult.statuses),
            `${senderResult.p50.toFixed(1)} / ${senderResult.p99.toFixed(1)} / ${senderResult.max.toFixed(1)}`,
            stored,
            `${lost} ${mark(lost === 0 && other === 0)}`,
          ],
        ],
      ),
      '',
      `Server memory (VmRSS) after warm-up, after each pair and after the sustained stretch: ${memory.map((bytes) => MiB(bytes)).join(' → ')}. Beacons wait in a queue of at most 10,000 rows and are written in batches (one insert per second, or per 500).`,
    ].join('\n')
    writeSection('Field-vitals beacons under load (issue 24)', body)
    console.log(body)
    if (lost !== 0 || other !== 0) process.exitCode = 1
  } finally {
    sender.kill()
    await server.stop()
  }
}

await main()
