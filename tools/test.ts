// `npm test` and `npm run test:quick`: the checks as stages, each started once the stages it needs
// have passed, side by side otherwise (most of a test's time is waiting, so two cores hold more
// than two stages). Every line a stage prints is shown as it comes, prefixed by the stage's name;
// the end prints each stage's wall time, and a failed stage's last lines again. Exits non-zero
// when any stage failed; once one has, no further stage starts.
//
//   node tools/test.ts          before each commit (npm test): lint, types, unit, the visitor's
//                                 end-to-end specs (Playwright project `visitor`)
//   node tools/test.ts full     every check, as CI runs it (npm run test:full): adds Deno, the
//                                 Netlify build, every end-to-end spec (faults, fuzz, visual
//                                 references, the Supabase path, Netlify), then, alone, the
//                                 start-up blocking guard (bench/blocking-guard.ts)
//   node tools/test.ts quick    lint, typecheck, the unit tests of what changed (npm run test:quick);
//                                 `quick main` takes the changes since main instead of uncommitted ones
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { requireSystemPackages, suiteSystemPackages } from '../test/support/system-packages.ts'

interface Stage {
  name: string
  /** Run with the project's node_modules/.bin first on PATH (as npm scripts are). */
  command: string
  /** Stages that must pass first. */
  after?: string[]
  /** Off the critical path: runs at lower CPU priority (nice 10), so the tests beside it keep theirs. */
  background?: boolean
}

const [mode = 'fast', since] = process.argv.slice(2)

const full: Stage[] = [
  // Lint and the typechecks have no time limit: they yield the CPU to the build, which the
  // end-to-end tests wait for, and to the tests beside it.
  { name: 'lint', command: 'npm run lint', background: true },
  { name: 'typecheck', command: 'npm run typecheck', background: true },
  { name: 'typecheck:tools', command: 'npm run typecheck:tools', background: true },
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'deno', command: 'npm run test:deno' },
  // Not in the background: the end-to-end tests wait for it.
  { name: 'build', command: 'npm run build' },
  // After the node-server build: both run Panda's codegen and Vite over the same caches.
  { name: 'build:netlify', command: 'npm run build:netlify', after: ['build'], background: true },
  // Beside the unit tests: two workers leave a quarter of 2 cores idle while tests wait on
  // servers and timers, and the unit tests fill it (decision 036).
  {
    name: 'e2e',
    command: 'playwright test --project=node-server --project=supabase',
    after: ['build'],
  },
  // e2e/presets.spec.ts alone needs the Netlify build. It starts servers of its own, so it runs
  // beside `e2e` on one worker, without the suite's site, its fault servers on the ten ports past
  // the node-server project's fifty, its output in a folder of its own (Playwright empties its
  // output folder as it starts).
  {
    name: 'e2e:netlify',
    command: `E2E_WEB_SERVERS=none FAULT_PORT_BASE=${Number(process.env.FAULT_PORT_BASE ?? 3400) + 50} playwright test --project=netlify --workers=1 --output=test-results-netlify`,
    after: ['build:netlify'],
  },
  // Last and alone, once every other stage has passed: each page's start-up blocking on a slow
  // phone at most 50 ms over its no-JavaScript copy's (issue 54, decision 047). It judges thread
  // CPU time, not wall time, waits for the load to settle first and retries a page over budget
  // before failing, so a busy machine slows it down rather than failing it.
  {
    name: 'blocking',
    command: 'npm run test:blocking',
    after: ['lint', 'typecheck', 'typecheck:tools', 'unit', 'deno', 'build', 'e2e', 'e2e:netlify'],
  },
]

const fast: Stage[] = [
  { name: 'lint', command: 'npm run lint', background: true },
  { name: 'typecheck', command: 'npm run typecheck', background: true },
  { name: 'typecheck:tools', command: 'npm run typecheck:tools', background: true },
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'build', command: 'npm run build' },
  { name: 'e2e', command: 'playwright test --project=visitor', after: ['build'] },
]

const quick: Stage[] = [
  // Biome and squawk take seconds; knip (whole-project unused exports) is left to `npm test`.
  { name: 'biome', command: 'biome check .' },
  { name: 'squawk', command: 'squawk supabase/migrations/*.sql' },
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'typecheck:tools', command: 'npm run typecheck:tools' },
  {
    name: 'unit (changed)',
    command: `vitest run --passWithNoTests --changed${since ? ` ${since}` : ''}`,
  },
]

const tiers: Record<string, Stage[]> = { fast, full, quick }
const stages = tiers[mode]
if (stages === undefined) {
  console.error(`usage: node tools/test.ts [full | quick [<since>]] (got "${mode}")`)
  process.exit(2)
}

// What npm does not install, checked before anything runs: the command that installs it, no skip.
if (mode !== 'quick') {
  try {
    requireSystemPackages(suiteSystemPackages)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

type Outcome = 'passed' | 'failed' | 'stopped' | 'not run'
interface Run {
  stage: Stage
  state: 'waiting' | 'running' | Outcome
  started?: number
  seconds?: number
  log: string
  tail: string[]
  child?: ChildProcess
}

const logDir = mkdtempSync(join(tmpdir(), `npm-test-${mode}-`))
const runs = stages.map(
  (stage): Run => ({
    stage,
    state: 'waiting',
    log: join(logDir, `${stage.name.replace(/[^\w.-]+/g, '_')}.log`),
    tail: [],
  }),
)
const width = Math.max(...stages.map((stage) => stage.name.length))
const binPath = `${join(process.cwd(), 'node_modules', '.bin')}:${process.env.PATH ?? ''}`
const runStarted = performance.now()
let failed = false
let finish: () => void
const allDone = new Promise<void>((resolve) => {
  finish = resolve
})

function start(run: Run) {
  run.state = 'running'
  run.started = performance.now()
  const label = `[${run.stage.name.padEnd(width)}] `
  console.log(`${label}$ ${run.stage.command}`)
  // Its own process group, so an interrupt stops the stage's servers and browsers with it.
  const command = run.stage.background ? `nice -n 10 ${run.stage.command}` : run.stage.command
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours when the run is watched in a terminal (a stage's output is a pipe, not one).
    env: { ...process.env, PATH: binPath, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  })
  run.child = child
  const log = createWriteStream(run.log)
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      console.log(label + line)
      log.write(`${line}\n`)
      run.tail.push(line)
      if (run.tail.length > 60) run.tail.shift()
    })
  }
  child.on('close', (code, signal) => {
    log.end()
    if (run.state !== 'running') return
    run.seconds = (performance.now() - (run.started ?? 0)) / 1000
    run.state = code === 0 ? 'passed' : 'failed'
    run.child = undefined
    const how = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`
    console.log(`${label}${how} in ${run.seconds.toFixed(0)} s`)
    if (code !== 0) failed = true
    schedule()
  })
}

function schedule() {
  for (const run of runs) {
    if (run.state !== 'waiting' || failed) continue
    const needs = (run.stage.after ?? []).map((name) => runs.find((r) => r.stage.name === name))
    if (needs.every((need) => need?.state === 'passed')) start(run)
  }
  if (runs.some((run) => run.state === 'running')) return
  for (const run of runs) if (run.state === 'waiting') run.state = 'not run'
  finish()
}

// Interrupted: the running stages stop (their whole process groups), and the table still prints.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    failed = true
    for (const run of runs) {
      if (run.state === 'waiting') run.state = 'not run'
      if (run.state !== 'running') continue
      run.state = 'stopped'
      run.seconds = (performance.now() - (run.started ?? 0)) / 1000
      if (run.child?.pid) {
        try {
          // SIGINT, as a terminal's Ctrl-C: Playwright then stops its web servers too.
          process.kill(-run.child.pid, 'SIGINT')
        } catch {}
      }
    }
    report()
    process.exit(130)
  })
}

schedule()
await allDone
report()
process.exit(failed ? 1 : 0)

function report() {
  const total = (performance.now() - runStarted) / 1000
  for (const run of runs.filter((r) => r.state === 'failed')) {
    console.log(`\n--- ${run.stage.name} failed; its last lines (all of them: ${run.log}) ---`)
    console.log(run.tail.join('\n'))
  }
  console.log(`\n${'stage'.padEnd(width)}  result   wall (m:ss)  from start`)
  for (const run of runs) {
    const from = run.started === undefined ? '' : minutes((run.started - runStarted) / 1000)
    const wall = run.seconds === undefined ? '' : minutes(run.seconds)
    console.log(
      `${run.stage.name.padEnd(width)}  ${run.state.padEnd(7)}  ${wall.padStart(11)}  ${from.padStart(10)}`,
    )
  }
  console.log(
    `${'total'.padEnd(width)}  ${(failed ? 'failed' : 'passed').padEnd(7)}  ${minutes(total).padStart(11)}`,
  )
  console.log(
    `(load average at the end: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')})`,
  )
}

function minutes(seconds: number) {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${(whole % 60).toString().padStart(2, '0')}`
}
