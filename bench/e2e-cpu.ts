/**
 * Where the end-to-end suite's time goes: runs Playwright's node-server and supabase projects (or the specs
 * named) against the current build, samples the CPU time of the run's processes from /proc four
 * times a second, and prints the CPU-seconds of each kind of process (Chromium's renderers,
 * browser and GPU processes, the servers, Playwright's workers) beside the wall time and each
 * spec's summed test time. On 2 cores the suite is bound by CPU: a change that makes it faster lowers these figures.
 * A process that lives less than a sample's 250 ms is missed: each figure is a lower bound.
 * Not in `npm run bench` (it takes the suite's 8 minutes); run it on a quiet machine, after a build:
 *
 *   npm run build
 *   ./node_modules/.bin/node bench/e2e-cpu.ts [e2e/pages.spec.ts ...]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadAverage, table, writeSection } from './lib/results.ts'

const specs = process.argv.slice(2)
const ticksPerSecond = 100

/** What a process is, from its command line and environment. */
function kindOf(pid: string): string | undefined {
  let command: string
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return undefined
  }
  if (/chrom/.test(command)) {
    const type = command.match(/--type=([\w-]+)/)?.[1] ?? 'browser'
    const utility = command.match(/--utility-sub-type=([\w.]+)/)?.[1]
    return `Chromium ${utility ? `utility (${utility})` : type}`
  }
  // The server itself, not a launcher or shell whose command line names it.
  if (
    /(^|\/)node$/.test(command.split(' ')[0] ?? '') &&
    command.includes('.output/server/index.mjs')
  ) {
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8')
    const port = environment.match(/(?:^|\0)PORT=(\d+)/)?.[1]
    return port === (process.env.E2E_PORT ?? '3210')
      ? 'site server (the suite’s)'
      : 'site servers (a test’s own)'
  }
  if (/workerProcessEntry|workerMain/.test(command)) return 'Playwright workers'
  if (command.includes('playwright')) return 'Playwright runner'
  if (/\bpostgres\b/.test(command)) return 'PostgreSQL'
  if (/\bdeno\b/.test(command)) return 'Deno'
  if (/vnu\.jar/.test(command)) return 'W3C checker (Java)'
  if (/\bnode\b/.test(command)) return 'other Node processes'
  return undefined
}

/** A test's own server by its data directory's name, less the random suffix: which test it served. */
function dataDirOf(pid: string) {
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8')
  const dir = environment.match(/(?:^|\0)DATA_DIR=([^\0]+)/)?.[1] ?? '?'
  // A server's data directory is often `data` inside the test's own temporary directory.
  const [parent = '', name = ''] = dir.split('/').slice(-2)
  return (name === 'data' ? parent : name).replace(/-?[A-Za-z0-9]{6}$/, '')
}

const cpuSeconds = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

// Every process of the run (the runner and its descendants), with its latest CPU time: one that
// exits keeps its last sample.
const seen = new Map<string, { kind: string | undefined; seconds: number; dataDir?: string }>()
const members = new Set<string>()
function sample() {
  const parents = new Map<string, string>()
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      parents.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '')
    } catch {
      // Gone meanwhile.
    }
  }
  for (let grown = true; grown; ) {
    grown = false
    for (const [pid, parent] of parents)
      if (!members.has(pid) && members.has(parent)) {
        members.add(pid)
        grown = true
      }
  }
  for (const pid of members) {
    try {
      const known = seen.get(pid)
      const kind = known ? known.kind : kindOf(pid)
      seen.set(pid, {
        kind,
        seconds: cpuSeconds(pid),
        dataDir: known
          ? known.dataDir
          : kind?.startsWith('site servers')
            ? dataDirOf(pid)
            : undefined,
      })
    } catch {
      // Gone meanwhile.
    }
  }
}

const reportDir = mkdtempSync(join(tmpdir(), 'bench-e2e-cpu-'))
const report = join(reportDir, 'report.json')
const loadAtStart = loadAverage()
const started = performance.now()
const sampler = setInterval(sample, 250)
const exitCode = await new Promise<number>((done) => {
  const child = spawn(
    join('node_modules', '.bin', 'playwright'),
    ['test', '--project=node-server', '--project=supabase', '--reporter=dot,json', ...specs],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    },
  )
  members.add(String(child.pid))
  child.on('exit', (code) => done(code ?? 1))
})
clearInterval(sampler)
sample()
const wallSeconds = (performance.now() - started) / 1000

const byKind = new Map<string, number>()
for (const { kind, seconds } of seen.values()) {
  if (kind) byKind.set(kind, (byKind.get(kind) ?? 0) + seconds)
}
const byDataDir = new Map<string, { servers: number; seconds: number }>()
for (const { dataDir, seconds } of seen.values()) {
  if (dataDir === undefined) continue
  const entry = byDataDir.get(dataDir) ?? { servers: 0, seconds: 0 }
  byDataDir.set(dataDir, { servers: entry.servers + 1, seconds: entry.seconds + seconds })
}
const totalCpu = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0)

interface Suite {
  file: string
  specs?: { tests: { results: { duration: number; status: string }[] }[] }[]
  suites?: Suite[]
}
const bySpec = new Map<string, number>()
let tests = 0
function walk(suite: Suite, file: string) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results) {
        tests++
        bySpec.set(file, (bySpec.get(file) ?? 0) + result.duration / 1000)
      }
  for (const inner of suite.suites ?? []) walk(inner, file)
}
for (const suite of (JSON.parse(readFileSync(report, 'utf8')) as { suites: Suite[] }).suites)
  walk(suite, suite.file)
rmSync(reportDir, { recursive: true, force: true })

const cores = (await import('node:os')).availableParallelism()
const body = [
  `Specs: ${specs.length > 0 ? specs.join(', ') : 'the node-server and supabase projects, whole'}. ${tests} tests, ` +
    `exit ${exitCode}. Wall ${(wallSeconds / 60).toFixed(1)} min; CPU ${totalCpu.toFixed(0)} s of the ` +
    `${(wallSeconds * cores).toFixed(0)} s ${cores} cores give (${((100 * totalCpu) / (wallSeconds * cores)).toFixed(0)} %). ` +
    `Load average at start ${loadAtStart}, at the end ${loadAverage()}.`,
  '',
  table(
    ['process kind', 'CPU s', 'share'],
    [...byKind]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, seconds]) => [
        kind,
        seconds.toFixed(0),
        `${((100 * seconds) / totalCpu).toFixed(0)} %`,
      ]),
  ),
  '',
  table(
    ['spec (15 longest)', 'summed test time, s'],
    [...bySpec]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([file, seconds]) => [file, seconds.toFixed(0)]),
  ),
  '',
  table(
    ["a test's own servers, by data directory (10 busiest)", 'servers', 'CPU s'],
    [...byDataDir]
      .sort((a, b) => b[1].seconds - a[1].seconds)
      .slice(0, 10)
      .map(([dir, { servers, seconds }]) => [dir, String(servers), seconds.toFixed(0)]),
  ),
  `(${[...byDataDir.values()].reduce((sum, entry) => sum + entry.servers, 0)} servers of a test's own in all)`,
].join('\n')
console.log(body)
writeSection('End-to-end suite: where the CPU goes', body)
process.exit(exitCode)
