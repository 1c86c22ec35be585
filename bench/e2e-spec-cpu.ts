/**
 * What each end-to-end spec costs: runs every spec (or those named) alone, on one worker, in a
 * control group of its own, and prints the CPU-seconds the group used (every process of the run:
 * Chromium, the servers, Java, PostgreSQL, however short-lived) beside its wall time. On 2 cores
 * `npm test` is bound by CPU, so these figures say where a cut pays. Each run carries the same
 * fixed cost (Playwright, the suite's site and captcha stand-in): the `server-start.spec.ts` row,
 * one test that starts a server and asks for one page, is the reference to subtract.
 * Needs root and cgroup v2 (the `cpu.stat` of any group counts its CPU). Not in `npm run bench`:
 * it takes about 25 minutes. After a build:
 *
 *   npm run build
 *   ./node_modules/.bin/node bench/e2e-spec-cpu.ts [e2e/pages.spec.ts ...]
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmdirSync } from 'node:fs'
import { join } from 'node:path'
import { loadAverage, table, writeSection } from './lib/results.ts'

const cgroup2 = readFileSync('/proc/mounts', 'utf8')
  .split('\n')
  .map((line) => line.split(' '))
  .find(([, , type]) => type === 'cgroup2')?.[1]
if (!cgroup2 || process.getuid?.() !== 0) {
  console.error('bench/e2e-spec-cpu.ts needs root and a cgroup v2 mount')
  process.exit(1)
}

const specsIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? specsIn(join(dir, entry.name))
      : entry.name.endsWith('.spec.ts')
        ? [join(dir, entry.name)]
        : [],
  )
// The netlify project's spec needs its own build and runs apart in `npm test`.
const specs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : specsIn('e2e').filter((spec) => !spec.endsWith('presets.spec.ts'))

const usageSeconds = (group: string) =>
  Number(readFileSync(join(group, 'cpu.stat'), 'utf8').match(/usage_usec (\d+)/)?.[1]) / 1e6

interface Row {
  spec: string
  tests: number
  exit: number
  cpu: number
  wall: number
}
const rows: Row[] = []
const loadAtStart = loadAverage()
for (const spec of specs) {
  const group = join(cgroup2, `e2e-spec-cpu-${process.pid}`)
  mkdirSync(group, { recursive: true })
  const project = spec.includes('/supabase/') ? 'supabase' : 'node-server'
  const started = performance.now()
  let output = ''
  const exit = await new Promise<number>((done) => {
    // The shell joins the group before it becomes Playwright: every descendant is counted.
    const child = spawn(
      'sh',
      [
        '-c',
        `echo $$ > ${join(group, 'cgroup.procs')} && exec "$@"`,
        'sh',
        join('node_modules', '.bin', 'playwright'),
        'test',
        `--project=${project}`,
        '--workers=1',
        '--reporter=dot',
        spec,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.on('exit', (code) => done(code ?? 1))
  })
  const wall = (performance.now() - started) / 1000
  // A group is removed only once its last process has gone (a server a test left behind).
  let cpu = usageSeconds(group)
  for (let tries = 0; tries < 50; tries++) {
    try {
      cpu = usageSeconds(group)
      rmdirSync(group)
      break
    } catch {
      await new Promise((wait) => setTimeout(wait, 100))
    }
  }
  const tests = Number(output.match(/(\d+) passed/)?.[1] ?? 0)
  rows.push({ spec, tests, exit, cpu, wall })
  console.log(
    `${spec}: ${tests} passed, exit ${exit}, ${cpu.toFixed(1)} CPU-s, ${wall.toFixed(1)} s`,
  )
}

const reference = rows.find((row) => row.spec.endsWith('server-start.spec.ts'))
const total = rows.reduce((sum, row) => sum + row.cpu, 0)
const fixed = reference ? reference.cpu * rows.length : 0
const body = [
  `${rows.length} specs, each alone on one worker. Load average at start ${loadAtStart}, at the end ${loadAverage()}. ` +
    `CPU ${total.toFixed(0)} s in all` +
    (reference
      ? `; less each run's fixed cost (the reference, ${reference.cpu.toFixed(1)} s), ${(total - fixed).toFixed(0)} s.`
      : '.'),
  '',
  table(
    ['spec', 'tests', 'exit', 'CPU s', 'wall s'],
    [...rows]
      .sort((a, b) => b.cpu - a.cpu)
      .map((row) => [
        row === reference ? `${row.spec} (reference)` : row.spec,
        row.tests,
        row.exit,
        row.cpu.toFixed(1),
        row.wall.toFixed(1),
      ]),
  ),
].join('\n')
console.log(body)
writeSection('End-to-end suite: CPU by spec', body)
process.exit(rows.some((row) => row.exit !== 0) ? 1 : 0)
