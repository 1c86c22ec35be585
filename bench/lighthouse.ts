/**
 * Lighthouse run the standard way, so that a newcomer reproduces these figures: the Lighthouse
 * CLI (`node_modules/lighthouse/cli/index.js`, run by the Node that runs this script) once per
 * run, each run launching its own fresh Chromium (CHROMIUM_PATH or /usr/bin/chromium, handed to
 * the CLI as CHROME_PATH), with the CLI's default configuration (mobile: emulated Moto G Power,
 * simulated slow 4G, 4× CPU slowdown), its JSON report written to a temporary file, hCaptcha
 * blocked. The production build is served on 127.0.0.1.
 *
 * 5 runs per page (`--runs N`), interleaved across pages (every page's run 1, then every page's
 * run 2, …) so that a noisy minute hits all pages alike. Per page: the median and the spread
 * (min–max) of Performance, LCP, TBT and CLS against the issue 13 budgets, the other category
 * scores, the audits that fail most (what to fix first), the longest main-thread tasks and the
 * scripts' CPU time (who costs what), and the LCP element. The machine's load average at the
 * start and at the end, the Lighthouse and Chromium versions and the CLI line to reproduce one
 * run by hand are written beside the figures.
 *
 * Measure on a quiet machine, under the shared build lock:
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/lighthouse.ts [--no-build] [--runs N] [routes…]
 *
 * BENCH_LHR_DIR=/some/dir keeps every JSON report (open them in
 * https://googlechrome.github.io/lighthouse/viewer/).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type lighthouse from 'lighthouse'
import { mark, median, table, writeSection } from './lib/results.ts'
import { benchRoutes } from './lib/routes.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const defaultRuns = 5
/** One CLI run (Chromium's start, the page load, the audits) never takes longer than this. */
const runTimeoutMs = 180_000
/** Extra attempts per page when a run fails (Lighthouse's NO_NAVSTART and the like happen). */
const spareAttempts = 2

const cliPath = 'node_modules/lighthouse/cli/index.js'
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Headless, and no sandbox: we run as root. The CLI adds chrome-launcher's default flags. */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
/** Nothing here reaches hCaptcha. */
const blockedUrlPattern = '*hcaptcha.com*'

/** The CLI's arguments for one run: its defaults, plus where the JSON goes. */
const cliArgs = (url: string, outputPath: string) => [
  url,
  `--chrome-flags=${chromeFlags.join(' ')}`,
  `--blocked-url-patterns=${blockedUrlPattern}`,
  '--output=json',
  `--output-path=${outputPath}`,
]

/** The line a newcomer types for one run, against `PORT=3000 npm run serve`. */
const reproduceLine = (route: string) =>
  `CHROME_PATH=${chromePath} ./node_modules/.bin/node ${cliPath} http://127.0.0.1:3000${route} --chrome-flags="${chromeFlags.join(' ')}" --blocked-url-patterns='${blockedUrlPattern}' --output=json --output-path=./report.json`

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof categories)[number]
const categoryLabel: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}

/** Issue 13 budgets. */
const budgets = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1300,
  cls: 0,
  tbtMs: 50,
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

interface LongTask {
  url: string
  startMs: number
  durationMs: number
}

interface ScriptCost {
  url: string
  totalMs: number
  scriptingMs: number
  parseCompileMs: number
}

interface RunFigures {
  scores: Record<Category, number>
  lcpMs: number
  cls: number
  tbtMs: number
  /** Bytes transferred for the whole page load (total-byte-weight). */
  transferBytes: number
  /** The LCP element's HTML, as Lighthouse quotes it. */
  lcpElement: string | undefined
  /** Top-level main-thread tasks of 50 ms or more (simulated, as TBT counts them), longest first. */
  longTasks: LongTask[]
  /** Main-thread time per script (bootup-time). */
  scripts: ScriptCost[]
  /** Main-thread time per kind of work (mainthread-work-breakdown), by task group id. */
  workByKind: Record<string, number>
  /** Lighthouse's measure of this machine's CPU speed during the run. */
  benchmarkIndex: number | undefined
  /** The browser Lighthouse drove (from its user agent). */
  chromeVersion: string | undefined
  /** Wall time of the CLI run, Chromium's start included. */
  wallMs: number
}

interface Failure {
  id: string
  title: string
  /** Category points this audit costs (0 for performance insights, which carry no weight). */
  points: number
  /** Where the points go, or the estimated metric savings. */
  impact: string
  /** Sort key: points lost, or for zero-weight insights their estimated savings. */
  rank: number
}

/** `--runs N` (or `--runs=N`) and the routes; other `--flags` are the shared ones (`--no-build`). */
function parseArgs(argv: string[]): { runs: number; routes: string[] } {
  let runs = defaultRuns
  const routes: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const value = arg === '--runs' ? argv[++i] : arg.startsWith('--runs=') ? arg.slice(7) : null
    if (value !== null) {
      runs = Number(value)
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number ≥ 1`)
    } else if (!arg.startsWith('--')) routes.push(arg)
  }
  return { runs, routes: routes.length > 0 ? routes : benchRoutes }
}

function figures(lhr: Lhr, wallMs: number): RunFigures {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (typeof value !== 'number') throw new Error(`audit ${id} has no value`)
    return value
  }
  const scores = Object.fromEntries(
    categories.map((id) => {
      const score = lhr.categories[id]?.score
      if (typeof score !== 'number') throw new Error(`category ${id} has no score`)
      return [id, Math.round(score * 100)]
    }),
  ) as Record<Category, number>
  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    transferBytes: numeric('total-byte-weight'),
    lcpElement: lcpElement(lhr),
    longTasks: longTasks(lhr),
    scripts: scriptCosts(lhr),
    workByKind: workByKind(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    chromeVersion: /Chrome\/([\d.]+)/.exec(lhr.environment?.hostUserAgent ?? '')?.[1],
    wallMs,
  }
}

function lcpElement(lhr: Lhr): string | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: { type?: string; snippet?: string }[] }
    | undefined
  return details?.items?.find((item) => item.type === 'node')?.snippet
}

/**
 * The `long-tasks` audit. (Its debug data's per-task breakdown is no use here: under simulated
 * throttling it puts the whole task under "other"; `mainthread-work-breakdown` says by kind.)
 */
function longTasks(lhr: Lhr): LongTask[] {
  const details = lhr.audits['long-tasks']?.details as
    | { items?: { url?: string; startTime?: number; duration?: number }[] }
    | undefined
  return (details?.items ?? []).map((item) => ({
    url: item.url ?? 'unattributed',
    startMs: item.startTime ?? 0,
    durationMs: item.duration ?? 0,
  }))
}

/** `mainthread-work-breakdown`: main-thread time per kind of work (simulated 4× slowdown). */
function workByKind(lhr: Lhr): Record<string, number> {
  const details = lhr.audits['mainthread-work-breakdown']?.details as
    | { items?: { group?: string; duration?: number }[] }
    | undefined
  return Object.fromEntries(
    (details?.items ?? []).map((item) => [item.group ?? 'other', item.duration ?? 0]),
  )
}

function scriptCosts(lhr: Lhr): ScriptCost[] {
  const details = lhr.audits['bootup-time']?.details as
    | {
        items?: { url?: string; total?: number; scripting?: number; scriptParseCompile?: number }[]
      }
    | undefined
  return (details?.items ?? []).map((item) => ({
    url: item.url ?? 'unattributed',
    totalMs: item.total ?? 0,
    scriptingMs: item.scripting ?? 0,
    parseCompileMs: item.scriptParseCompile ?? 0,
  }))
}

/** Metric audits are the symptoms the figures table already shows; list causes instead. */
const metricAudits = new Set([
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
  'max-potential-fid',
])

/**
 * Failed audits of one run. An audit fails as Lighthouse's report counts it: binary audits
 * below 1, numeric and insight audits below 0.9. Weighted audits rank by the category points
 * they cost; zero-weight performance insights by their estimated savings (ms of LCP, FCP, TBT;
 * CLS x 1000), after every weighted failure.
 */
function failures(lhr: Lhr): Failure[] {
  const found = new Map<string, Failure>()
  for (const categoryId of categories) {
    const category = lhr.categories[categoryId]
    if (!category) continue
    const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0)
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || metricAudits.has(ref.id) || audit.score === null) continue
      const mode = audit.scoreDisplayMode
      if (mode === 'notApplicable' || mode === 'manual' || mode === 'informative') continue
      const failed = mode === 'binary' ? audit.score < 1 : audit.score < 0.9
      if (!failed) continue
      const points = totalWeight > 0 ? (ref.weight / totalWeight) * (1 - audit.score) * 100 : 0
      const savings = audit.metricSavings ?? {}
      const savingsParts = Object.entries(savings)
        .filter(([, value]) => typeof value === 'number' && value > 0)
        .map(([metric, value]) =>
          metric === 'CLS'
            ? `CLS −${(value as number).toFixed(3)}`
            : `${metric} −${Math.round(value as number)} ms`,
        )
      // Estimated metric savings first; bytes saved only break ties (1 MB = 1 ms).
      const details = audit.details as
        | {
            type?: string
            overallSavingsBytes?: number
            items?: unknown
            debugData?: { wastedBytes?: number }
          }
        | undefined
      const savingsRank =
        Object.entries(savings).reduce(
          (sum, [metric, value]) =>
            sum + (typeof value === 'number' ? (metric === 'CLS' ? value * 1000 : value) : 0),
          0,
        ) +
        (details?.overallSavingsBytes ?? details?.debugData?.wastedBytes ?? 0) / 1e6
      // Checklist insights (document latency) say which check failed: "No compression applied".
      const failedChecks =
        details?.type === 'checklist' && details.items && typeof details.items === 'object'
          ? Object.values(details.items as Record<string, { label: string; value: boolean }>)
              .filter((item) => item.value === false)
              .map((item) => item.label)
          : []
      const notes = [
        ...savingsParts,
        ...(audit.displayValue ? [audit.displayValue] : []),
        ...failedChecks,
      ]
      const impact =
        points > 0
          ? `−${points.toFixed(1)} pts ${categoryLabel[categoryId]}`
          : `${categoryLabel[categoryId]} (no weight)${notes.length > 0 ? `: ${notes.join('; ')}` : ''}`
      const previous = found.get(ref.id)
      const rank = points > 0 ? 1_000_000 + points : savingsRank
      if (!previous || rank > previous.rank) {
        found.set(ref.id, { id: ref.id, title: audit.title, points, impact, rank })
      }
    }
  }
  return [...found.values()]
}

interface PageState {
  route: string
  runs: RunFigures[]
  failuresPerRun: Failure[][]
  errors: string[]
  attempts: number
}

/** The tail of a text, for an error message. */
const lastLines = (text: string, count = 6) => text.trim().split('\n').slice(-count).join('\n')

/**
 * One Lighthouse CLI run: the CLI launches its own Chromium, loads the page, writes the JSON
 * report and closes the browser. The report is read even when the CLI exits non-zero (it still
 * writes it on a runtime error, then exits 1).
 */
async function runCli(url: string, outputPath: string): Promise<{ lhr?: Lhr; error?: string }> {
  rmSync(outputPath, { force: true })
  const child = spawn(process.execPath, [cliPath, ...cliArgs(url, outputPath)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CHROME_PATH: chromePath },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000)
  })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  let timedOut = false
  // SIGINT first: chrome-launcher's handler then closes the Chromium it started.
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGINT')
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref()
  }, runTimeoutMs)
  const [code, signal] = await exited
  clearTimeout(timer)
  if (timedOut) return { error: `the CLI run took longer than ${runTimeoutMs / 1000} s` }
  if (!existsSync(outputPath)) {
    return {
      error: `the CLI exited with ${signal ?? code} and wrote no report: ${lastLines(stderr)}`,
    }
  }
  try {
    return { lhr: JSON.parse(readFileSync(outputPath, 'utf8')) as Lhr }
  } catch (error) {
    return { error: `unreadable report: ${error instanceof Error ? error.message : error}` }
  }
}

async function measureOnce(origin: string, page: PageState, reportDir: string): Promise<void> {
  page.attempts += 1
  const attempt = page.attempts
  const slug = page.route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'
  const outputPath = join(reportDir, `${slug}-${attempt}.report.json`)
  const started = Date.now()
  const { lhr, error } = await runCli(`${origin}${page.route}`, outputPath)
  const wallMs = Date.now() - started
  if (process.env.BENCH_LHR_DIR && existsSync(outputPath)) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true })
    copyFileSync(outputPath, join(process.env.BENCH_LHR_DIR, `${slug}-${attempt}.report.json`))
  }
  if (!lhr) {
    page.errors.push(`attempt ${attempt}: ${error}`)
    console.log(`  ${page.route} attempt ${attempt} failed: ${error}`)
    return
  }
  if (lhr.runtimeError) {
    page.errors.push(
      `attempt ${attempt} discarded: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    )
    console.log(`  ${page.route} attempt ${attempt} discarded: ${lhr.runtimeError.code}`)
    return
  }
  for (const warning of lhr.runWarnings) page.errors.push(`attempt ${attempt} warning: ${warning}`)
  const figure = figures(lhr, wallMs)
  page.runs.push(figure)
  page.failuresPerRun.push(failures(lhr))
  console.log(
    `  ${page.route} run ${page.runs.length}: perf ${figure.scores.performance}, a11y ${figure.scores.accessibility}, bp ${figure.scores['best-practices']}, seo ${figure.scores.seo}, LCP ${Math.round(figure.lcpMs)} ms, CLS ${figure.cls.toFixed(3)}, TBT ${Math.round(figure.tbtMs)} ms, benchmarkIndex ${Math.round(figure.benchmarkIndex ?? Number.NaN)} (${(wallMs / 1000).toFixed(1)} s)`,
  )
}

/** An audit counts when it fails in most runs; ranked by its median cost across runs. */
function topFailures(page: PageState): (Failure & { runsFailed: number })[] {
  const byId = new Map<string, Failure[]>()
  for (const runFailures of page.failuresPerRun) {
    for (const failure of runFailures)
      byId.set(failure.id, [...(byId.get(failure.id) ?? []), failure])
  }
  const majority = Math.floor(page.failuresPerRun.length / 2) + 1
  return [...byId.values()]
    .filter((list) => list.length >= majority)
    .map((list) => {
      const ranks = list.map((f) => f.rank)
      const middle = median(ranks)
      const representative = list.reduce((best, f) =>
        Math.abs(f.rank - middle) < Math.abs(best.rank - middle) ? f : best,
      )
      return { ...representative, rank: middle, runsFailed: list.length }
    })
    .sort((a, b) => b.rank - a.rank)
    .slice(0, 3)
}

/** The run whose TBT is the median one (the lower middle for an even count). */
function medianTbtRun(runs: RunFigures[]): RunFigures | undefined {
  const sorted = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

const spread = (values: number[], format: (value: number) => string) => {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return format(low) === format(high) ? format(low) : `${format(low)}–${format(high)}`
}

/**
 * Median, spread (min–max over the runs) and whether the median meets the budget:
 * `94 (79–96) ✗ miss by 6`.
 */
function metricCell(
  values: number[],
  budget: number,
  higherIsBetter: boolean,
  format: (value: number) => string,
): string {
  const middle = median(values)
  const met = higherIsBetter ? middle >= budget : middle <= budget
  const range = values.length > 1 ? ` (${spread(values, format)})` : ''
  return met
    ? `${format(middle)}${range} ${mark(true)}`
    : `${format(middle)}${range} ${mark(false)} by ${format(Math.abs(middle - budget))}`
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const ms = (value: number) => `${Math.round(value)} ms`
const whole = (value: number) => `${Math.round(value)}`

function figureRow(page: PageState): string[] {
  const { runs } = page
  if (runs.length === 0) return [page.route, 'no run completed', '', '', '', '', '', '', '', '']
  const score = (id: Category) =>
    metricCell(
      runs.map((r) => r.scores[id]),
      budgets[id],
      true,
      whole,
    )
  return [
    page.route,
    score('performance'),
    metricCell(
      runs.map((r) => r.lcpMs),
      budgets.lcpMs,
      false,
      seconds,
    ),
    metricCell(
      runs.map((r) => r.tbtMs),
      budgets.tbtMs,
      false,
      ms,
    ),
    metricCell(
      runs.map((r) => r.cls),
      budgets.cls,
      false,
      (value) => value.toFixed(3),
    ),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    `${(median(runs.map((r) => r.transferBytes)) / 1000).toFixed(0)} kB`,
    runs.map((r) => r.scores.performance).join(', '),
  ]
}

/** A URL as the tables show it: the origin dropped, long paths cut. */
const shortUrl = (url: string) => {
  const path = url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')
  return path.length > 80 ? `${path.slice(0, 77)}…` : path
}

function longTaskRows(page: PageState): string[][] {
  const run = medianTbtRun(page.runs)
  const tasks = run?.longTasks.slice(0, 5) ?? []
  if (!run || tasks.length === 0) return [[page.route, '—', 'no task of 50 ms or more', '']]
  return tasks.map((task, i) => [
    i === 0 ? `${page.route} (TBT ${ms(run.tbtMs)})` : '',
    `\`${shortUrl(task.url)}\``,
    ms(task.startMs),
    ms(task.durationMs),
  ])
}

/** Lighthouse's task groups, in the order the table shows them. */
const workKinds: [id: string, label: string][] = [
  ['scriptEvaluation', 'script evaluation'],
  ['scriptParseCompile', 'script parse & compile'],
  ['styleLayout', 'style & layout'],
  ['parseHTML', 'parse HTML & CSS'],
  ['paintCompositeRender', 'rendering'],
  ['garbageCollection', 'garbage collection'],
  ['other', 'other'],
]

function workRow(page: PageState): string[] {
  const { runs } = page
  if (runs.length === 0) return [page.route, ...workKinds.map(() => ''), '']
  const total = runs.map((run) => Object.values(run.workByKind).reduce((a, b) => a + b, 0))
  return [
    page.route,
    ...workKinds.map(([id]) => ms(median(runs.map((run) => run.workByKind[id] ?? 0)))),
    `${ms(median(total))}${runs.length > 1 ? ` (${spread(total, ms)})` : ''}`,
  ]
}

/** The three scripts with the most main-thread time, each as the median over the runs. */
function scriptRows(page: PageState): string[][] {
  const byUrl = new Map<string, ScriptCost[]>()
  for (const run of page.runs) {
    for (const script of run.scripts)
      byUrl.set(script.url, [...(byUrl.get(script.url) ?? []), script])
  }
  const rows = [...byUrl.entries()]
    .map(([url, costs]) => {
      // Runs where Lighthouse left a script out of the table (under its threshold) count as 0.
      const padded = (pick: (cost: ScriptCost) => number) =>
        median([...costs.map(pick), ...Array(page.runs.length - costs.length).fill(0)])
      return {
        url,
        total: padded((c) => c.totalMs),
        scripting: padded((c) => c.scriptingMs),
        parseCompile: padded((c) => c.parseCompileMs),
        totals: costs.map((c) => c.totalMs),
      }
    })
    .sort((a, b) => b.total - a.total)
    .slice(0, 3)
  if (rows.length === 0) return [[page.route, '—', 'no script reported', '', '']]
  return rows.map((row, i) => [
    i === 0 ? page.route : '',
    `\`${shortUrl(row.url)}\``,
    `${ms(row.total)}${row.totals.length > 1 ? ` (${spread(row.totals, ms)})` : ''}`,
    ms(row.scripting),
    ms(row.parseCompile),
  ])
}

const lighthouseVersion = (): string =>
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version

/** `chromium --version`, or undefined (Debian's wrapper script also writes to stderr). */
function chromiumVersion(): string | undefined {
  const result = spawnSync(chromePath, ['--version'], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() || undefined : undefined
}

/**
 * The server answers pages before its embedded database is open, and opening it then blocks the
 * event loop for seconds (a first run's document took 3.9 s): measure only once `/readyz` says
 * 200. A build without the probe (404) counts as ready.
 */
async function waitUntilReady(origin: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(10_000) })
      await response.arrayBuffer()
      if (response.status === 200 || response.status === 404) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${origin}/readyz did not answer 200 within 60 s`)
}

const loadLine = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')

async function main() {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`)
  if (!existsSync(cliPath)) throw new Error(`no Lighthouse CLI at ${cliPath} (npm ci)`)
  const { runs: runsPerPage, routes } = parseArgs(process.argv.slice(2))
  if (!skipBuild()) build()
  const loadAtStart = loadLine()
  const started = Date.now()
  const pages: PageState[] = routes.map((route) => ({
    route,
    runs: [],
    failuresPerRun: [],
    errors: [],
    attempts: 0,
  }))
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const server = await startServer()
  try {
    await waitUntilReady(server.origin)
    // One request per page first: the server loads each route's code lazily on first use.
    for (const route of routes) await (await fetch(`${server.origin}${route}`)).arrayBuffer()
    console.log(
      `Lighthouse CLI, ${runsPerPage} run(s) per page, interleaved; one run by hand:\n  CHROME_PATH=${chromePath} ${process.execPath} ${cliPath} ${cliArgs(
        `${server.origin}${routes[0]}`,
        join(reportDir, 'report.json'),
      )
        .map((arg) => (/[\s*'"]/.test(arg) ? `'${arg}'` : arg))
        .join(' ')}`,
    )
    // Rounds: every page that still needs a run gets one, in order, until each has its runs or
    // has used its spare attempts.
    for (let round = 1; ; round++) {
      const due = pages.filter(
        (page) => page.runs.length < runsPerPage && page.attempts < runsPerPage + spareAttempts,
      )
      if (due.length === 0) break
      console.log(`round ${round} (load average ${loadLine()})`)
      for (const page of due) await measureOnce(server.origin, page, reportDir)
    }
  } finally {
    await server.stop()
    rmSync(reportDir, { recursive: true, force: true })
  }
  const loadAtEnd = loadLine()
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)

  const allRuns = pages.flatMap((page) => page.runs)
  const indexes = allRuns.flatMap((run) => (run.benchmarkIndex ? [run.benchmarkIndex] : []))
  const drivenChrome = allRuns.map((run) => run.chromeVersion).find(Boolean)
  const wallTimes = allRuns.map((run) => run.wallMs)

  const figuresTable = table(
    [
      'page',
      'Performance (100)',
      'LCP (≤ 1.3 s)',
      'TBT (≤ 50 ms)',
      'CLS (0)',
      'Accessibility (100)',
      'Best Practices (100)',
      'SEO (100)',
      'transferred',
      'Performance, run by run',
    ],
    pages.map(figureRow),
  )
  const failureRows = pages.flatMap((page) => {
    const top = topFailures(page)
    return top.length === 0
      ? [[page.route, '—', 'no failed audit', '', '']]
      : top.map((f, i) => [
          i === 0 ? page.route : '',
          `\`${f.id}\``,
          f.title.replaceAll('|', '\\|'),
          f.impact,
          `${f.runsFailed}/${page.runs.length}`,
        ])
  })
  const errorLines = pages.flatMap((page) => page.errors.map((e) => `- ${page.route}: ${e}`))
  const lcpLines = pages.map((page) => {
    const snippet = page.runs.map((run) => run.lcpElement).find(Boolean)
    const short = snippet
      ?.replace(/http:\/\/127\.0\.0\.1:\d+/g, '')
      .replace(/\s+/g, ' ')
      .slice(0, 200)
    return `- ${page.route}: ${short ? `\`${short.replaceAll('`', "'")}\`` : 'not reported'}`
  })
  const body = [
    `Lighthouse ${lighthouseVersion()} CLI, its default configuration (mobile: emulated Moto G Power, simulated slow 4G, 4× CPU slowdown); every run launches a fresh ${chromiumVersion() ?? `Chromium ${drivenChrome ?? '(version unknown)'}`} (${chromePath}), headless, no sandbox; production build on 127.0.0.1; hCaptcha blocked (\`${blockedUrlPattern}\`).`,
    `${runsPerPage} run${runsPerPage === 1 ? '' : 's'} per page, interleaved across pages (every page's run 1, then every page's run 2, …), ${minutes} min in all; one run took ${spread(wallTimes, (v) => `${(v / 1000).toFixed(0)} s`)} (Chromium's start included).`,
    `Load average (1 / 5 / 15 min) on ${cpus().length} cores: ${loadAtStart} at the start, ${loadAtEnd} at the end. Lighthouse's benchmarkIndex (CPU speed, higher is faster): ${indexes.length > 0 ? `median ${Math.round(median(indexes))}${indexes.length > 1 ? ` (${spread(indexes, whole)})` : ''}` : 'not reported'}.`,
    '',
    'One run by hand, against the build served with `npm run build && PORT=3000 npm run serve`:',
    '',
    '```sh',
    reproduceLine(routes[0] ?? '/'),
    '```',
    '',
    'Each cell: the median over the runs, (min–max), then the median against the issue 13 budget in the column header: ✓ = met, ✗ miss = missed, by how much.',
    '',
    figuresTable,
    '',
    '### Worst failed audits per page',
    '',
    'Top 3 per page among audits failing in most runs. Weighted audits first, by the category points they cost (median over runs); then performance insights (no weight), by Lighthouse’s estimated savings.',
    '',
    table(['page', 'audit', 'title', 'impact', 'failed in'], failureRows),
    '',
    '### Longest main-thread tasks per page',
    '',
    'From the run with the median TBT: the 5 longest top-level tasks of the `long-tasks` audit (simulated 4× slowdown, as TBT counts them: a task over 50 ms adds its excess over 50 ms to TBT), the script Lighthouse attributes each to (the page’s own URL: its HTML document and inline scripts; `Unattributable`: no script URL, such as style and layout) and when it started.',
    '',
    table(['page', 'script', 'start', 'duration'], pageRows(pages, longTaskRows)),
    '',
    '### Main-thread work by kind',
    '',
    'Median over the runs of `mainthread-work-breakdown` (unthrottled trace × 4), per kind of work; the total with its spread.',
    '',
    table(['page', ...workKinds.map(([, label]) => label), 'total'], pages.map(workRow)),
    '',
    '### Main-thread time per script',
    '',
    'The 3 scripts with the most main-thread time per page (`bootup-time`: unthrottled trace × 4): median over the runs (min–max), and its script evaluation and parse & compile parts.',
    '',
    table(
      ['page', 'script', 'total', 'evaluation', 'parse & compile'],
      pageRows(pages, scriptRows),
    ),
    '',
    '### LCP element per page',
    '',
    ...lcpLines,
    ...(errorLines.length > 0
      ? [
          '',
          `### Failed attempts and warnings (each page still gets its runs, up to ${spareAttempts} spare attempts)`,
          '',
          ...errorLines,
        ]
      : []),
  ].join('\n')
  console.log(body)
  writeSection('Lighthouse (mobile)', body)
}

const pageRows = (pages: PageState[], rows: (page: PageState) => string[][]) => pages.flatMap(rows)

if (import.meta.main) await main()
