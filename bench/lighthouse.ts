/**
 * Lighthouse beside each page's no-JavaScript ceiling (issue 21). Lighthouse's default
 * throttling is simulated from what this machine measures, so its absolute figures follow the
 * host (Performance 100 on one machine is 95 on a slower one); a page's ceiling, measured in the
 * same interleaved run on the same machine, does not: the budgets are against it.
 *
 * The ceiling is the same server-rendered HTML, from the same running production server, with
 * every script (JSON-LD kept: it is data) and every script preload removed, served by a small
 * proxy on 127.0.0.1 (`lib/no-js-proxy.ts`). Both get the same simulated network.
 *
 * Each run is the Lighthouse CLI the standard way (`node_modules/lighthouse/cli/index.js`, run by
 * the Node that runs this script), launching its own fresh Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium, handed to the CLI as CHROME_PATH), with the CLI's default configuration
 * (mobile: emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), its JSON report written to
 * a temporary file, hCaptcha blocked; and again with applied throttling (`--throttling-method=
 * devtools`, see `throttlings`), each method its own section of results.md. 3 runs per page and
 * method (`--runs N`, `--throttling=simulate|devtools`), in rounds: each round runs every page,
 * ours then its ceiling, the order of the two swapped every round so that drift hits both alike.
 * Budgets, per page and method, on the medians (of the paired differences for the ceiling's):
 * main-thread work (`mainthread-work-breakdown`) at most 2× the ceiling's, TBT at most the
 * ceiling's + 100 ms, LCP at most the ceiling's + 0.5 s, CLS 0, Performance at least 95. A missed
 * budget makes the exit code 1 (the figures are written either way). Lighthouse's benchmarkIndex
 * of every run and the load average of every round are written beside them, with the audits that
 * fail most, the longest tasks and the scripts' CPU time of ours.
 *
 * Under the shared build lock:
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/lighthouse.ts [--no-build] [--runs N] [routes…]
 *
 * The ceiling by hand, in front of `PORT=3000 npm run serve`:
 *
 *   ./node_modules/.bin/node bench/lighthouse.ts --serve-ceiling [--upstream=http://127.0.0.1:3000] [--port=3001]
 *
 * BENCH_LHR_DIR=/some/dir keeps every JSON report (open them in
 * https://googlechrome.github.io/lighthouse/viewer/).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type lighthouse from 'lighthouse'
import { chromePath, headlessChromeFlags } from './lib/chromium.ts'
import { startNoJsProxy } from './lib/no-js-proxy.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

/** The pages issue 21 budgets: home, the gallery, a service page, the FAQ. */
const defaultRoutes = ['/', '/gallery', '/services/kitchen-remodeling', '/faq']
const defaultRuns = 3
/** One CLI run (Chromium's start, the page load, the audits) never takes longer than this. */
const runTimeoutMs = 180_000
/** Extra attempts per page and variant when a run fails (Lighthouse's NO_NAVSTART and the like). */
const spareAttempts = 2

const cliPath = 'node_modules/lighthouse/cli/index.js'
/** Nothing here reaches hCaptcha. */
const blockedUrlPattern = '*hcaptcha.com*'

/**
 * How Lighthouse slows the load down. `simulate` (its default): the page loads at full speed and
 * Lantern replays the recorded graph of requests and tasks on a simulated phone; on 127.0.0.1 the
 * app's scripts arrive before the first frame, so the replay charges their download and
 * evaluation to FCP and LCP. `devtools` (applied): Chromium itself slows the network (Lighthouse's
 * DevTools figures for slow 4G: 562.5 ms round trip, 1.47 Mbps down) and the CPU (4×) while the
 * page loads, so requests and tasks happen in the order a phone sees them.
 */
const throttlings = ['simulate', 'devtools'] as const
type Throttling = (typeof throttlings)[number]
const sectionTitle: Record<Throttling, string> = {
  simulate: 'Lighthouse (mobile)',
  devtools: 'Lighthouse (mobile, applied throttling)',
}

/** The CLI's arguments for one run: its defaults, plus where the JSON goes. */
const cliArgs = (url: string, outputPath: string, throttling: Throttling) => [
  url,
  `--chrome-flags=${headlessChromeFlags.join(' ')}`,
  `--blocked-url-patterns=${blockedUrlPattern}`,
  ...(throttling === 'devtools' ? ['--throttling-method=devtools'] : []),
  '--output=json',
  `--output-path=${outputPath}`,
]

/** The line a newcomer types for one run, against `PORT=3000 npm run serve` (or the ceiling). */
const reproduceLine = (origin: string, route: string, throttling: Throttling) =>
  `CHROME_PATH=${chromePath} ./node_modules/.bin/node ${cliPath} ${origin}${route} --chrome-flags="${headlessChromeFlags.join(' ')}" --blocked-url-patterns='${blockedUrlPattern}'${throttling === 'devtools' ? ' --throttling-method=devtools' : ''} --output=json --output-path=./report.json`

/** Issue 21 budgets, against the ceiling measured in the same run. */
const budgets = {
  /** Main-thread work at most this many times the ceiling's (holds on any host). */
  mainThreadRatio: 2,
  tbtOverMs: 100,
  lcpOverMs: 500,
  cls: 0,
  performance: 95,
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof categories)[number]
const categoryLabel: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}

const variants = ['ours', 'ceiling'] as const
type Variant = (typeof variants)[number]
const variantLabel: Record<Variant, string> = { ours: 'ours', ceiling: 'no-JS ceiling' }

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
  round: number
  scores: Record<Category, number>
  lcpMs: number
  cls: number
  tbtMs: number
  /** Main-thread time of the whole load (`mainthread-work-breakdown`'s numericValue). */
  mainThreadMs: number
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

interface Measured {
  runs: RunFigures[]
  failuresPerRun: Failure[][]
  attempts: number
}

interface PageState {
  route: string
  throttling: Throttling
  ours: Measured
  ceiling: Measured
  errors: string[]
}

interface Round {
  round: number
  first: Variant
  loadAtStart: string
}

/**
 * `--runs N` (or `--runs=N`), `--throttling=simulate|devtools` (both by default) and the routes;
 * other `--flags` are the shared ones (`--no-build`).
 */
function parseArgs(argv: string[]): { runs: number; routes: string[]; methods: Throttling[] } {
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
  const chosen = flagValue('throttling', 'both')
  const methods = throttlings.filter((method) => chosen === 'both' || chosen === method)
  if (methods.length === 0) throw new Error('--throttling wants simulate, devtools or both')
  return { runs, routes: routes.length > 0 ? routes : defaultRoutes, methods }
}

/** The value of `--name=value`, or the fallback. */
const flagValue = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback

function figures(lhr: Lhr, round: number, wallMs: number): RunFigures {
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
    round,
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
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

/** The tail of a text, for an error message. */
const lastLines = (text: string, count = 6) => text.trim().split('\n').slice(-count).join('\n')

/**
 * One Lighthouse CLI run: the CLI launches its own Chromium, loads the page, writes the JSON
 * report and closes the browser. The report is read even when the CLI exits non-zero (it still
 * writes it on a runtime error, then exits 1).
 */
async function runCli(
  url: string,
  outputPath: string,
  throttling: Throttling,
): Promise<{ lhr?: Lhr; error?: string }> {
  rmSync(outputPath, { force: true })
  const child = spawn(process.execPath, [cliPath, ...cliArgs(url, outputPath, throttling)], {
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

async function measureOnce(
  origin: string,
  page: PageState,
  variant: Variant,
  round: number,
  reportDir: string,
): Promise<void> {
  const measured = page[variant]
  measured.attempts += 1
  const attempt = measured.attempts
  const slug = page.route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'
  const name = `${slug}-${page.throttling}-${variant}-${attempt}.report.json`
  const outputPath = join(reportDir, name)
  const label = `${page.route} ${variant} (${page.throttling})`
  const started = Date.now()
  const { lhr, error } = await runCli(`${origin}${page.route}`, outputPath, page.throttling)
  const wallMs = Date.now() - started
  if (process.env.BENCH_LHR_DIR && existsSync(outputPath)) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true })
    copyFileSync(outputPath, join(process.env.BENCH_LHR_DIR, name))
  }
  if (!lhr) {
    page.errors.push(`${variant} attempt ${attempt}: ${error}`)
    console.log(`  ${label} attempt ${attempt} failed: ${error}`)
    return
  }
  if (lhr.runtimeError) {
    page.errors.push(
      `${variant} attempt ${attempt} discarded: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    )
    console.log(`  ${label} attempt ${attempt} discarded: ${lhr.runtimeError.code}`)
    return
  }
  for (const warning of lhr.runWarnings) {
    page.errors.push(`${variant} attempt ${attempt} warning: ${warning}`)
  }
  const figure = figures(lhr, round, wallMs)
  measured.runs.push(figure)
  measured.failuresPerRun.push(failures(lhr))
  console.log(
    `  ${label} run ${measured.runs.length}: perf ${figure.scores.performance}, main thread ${seconds(figure.mainThreadMs)}, TBT ${ms(figure.tbtMs)}, LCP ${seconds(figure.lcpMs)}, CLS ${cls(figure.cls)}, benchmarkIndex ${Math.round(figure.benchmarkIndex ?? Number.NaN)} (${(wallMs / 1000).toFixed(1)} s)`,
  )
}

/** An audit counts when it fails in most runs; ranked by its median cost across runs. */
function topFailures(measured: Measured): (Failure & { runsFailed: number })[] {
  const byId = new Map<string, Failure[]>()
  for (const runFailures of measured.failuresPerRun) {
    for (const failure of runFailures)
      byId.set(failure.id, [...(byId.get(failure.id) ?? []), failure])
  }
  const majority = Math.floor(measured.failuresPerRun.length / 2) + 1
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

/** `1.23 s (1.10–1.40 s)`-style: the median, then min–max when there is more than one run. */
const medianCell = (values: number[], format: (value: number) => string) =>
  values.length === 0
    ? '—'
    : `${format(median(values))}${values.length > 1 ? ` (${spread(values, format)})` : ''}`

/** Signed figures: min and max joined by "to", since both may carry a sign. */
const signedCell = (values: number[], format: (value: number) => string) => {
  if (values.length === 0) return '—'
  const low = format(Math.min(...values))
  const high = format(Math.max(...values))
  const range = values.length > 1 ? (low === high ? ` (${low})` : ` (${low} to ${high})`) : ''
  return `${format(median(values))}${range}`
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`
const ms = (value: number) => `${Math.round(value)} ms`
const whole = (value: number) => `${Math.round(value)}`
const cls = (value: number) =>
  value > 0 && value < 0.001 ? value.toPrecision(2) : value.toFixed(3)
const sign = (value: number, text: string) => (value < 0 ? `−${text}` : `+${text}`)
const signedSeconds = (value: number) => sign(value, `${(Math.abs(value) / 1000).toFixed(2)} s`)
const signedMs = (value: number) => sign(value, `${Math.round(Math.abs(value))} ms`)
const signedWhole = (value: number) =>
  Math.round(value) === 0 ? '0' : sign(value, `${Math.round(Math.abs(value))}`)
const signedCls = (value: number) => (value === 0 ? '0' : sign(value, cls(Math.abs(value))))
const ratio = (value: number) => `${value.toFixed(2)}×`

/** Ours and the ceiling, run by run: the k-th complete run of each (normally the same round). */
function pairs(page: PageState): [RunFigures, RunFigures][] {
  const count = Math.min(page.ours.runs.length, page.ceiling.runs.length)
  return Array.from(
    { length: count },
    (_, i) => [page.ours.runs[i], page.ceiling.runs[i]] as [RunFigures, RunFigures],
  )
}

interface Verdict {
  row: string[]
  pass: boolean
}

/**
 * One page's rows: per metric, ours, the ceiling, their difference run by run (a ratio for
 * main-thread work), the budget and whether the median meets it.
 */
function comparisonRows(page: PageState): Verdict[] {
  const paired = pairs(page)
  if (paired.length === 0) {
    return [
      { row: [page.route, 'no complete pair of runs', '', '', '', '', mark(false)], pass: false },
    ]
  }
  const ours = paired.map(([run]) => run)
  const ceiling = paired.map(([, run]) => run)
  const pick = (runs: RunFigures[], value: (run: RunFigures) => number) => runs.map(value)
  const differences = (value: (run: RunFigures) => number) =>
    paired.map(([a, b]) => value(a) - value(b))
  const mainThreadRatios = paired.map(([a, b]) => a.mainThreadMs / b.mainThreadMs)
  const tbtOver = differences((run) => run.tbtMs)
  const lcpOver = differences((run) => run.lcpMs)
  const oursCls = pick(ours, (run) => run.cls)
  const oursPerformance = pick(ours, (run) => run.scores.performance)
  const verdicts: [string, string, string, string, string, boolean][] = [
    [
      'main-thread work',
      medianCell(
        pick(ours, (run) => run.mainThreadMs),
        seconds,
      ),
      medianCell(
        pick(ceiling, (run) => run.mainThreadMs),
        seconds,
      ),
      medianCell(mainThreadRatios, ratio),
      `≤ ${budgets.mainThreadRatio}×`,
      median(mainThreadRatios) <= budgets.mainThreadRatio,
    ],
    [
      'TBT',
      medianCell(
        pick(ours, (run) => run.tbtMs),
        ms,
      ),
      medianCell(
        pick(ceiling, (run) => run.tbtMs),
        ms,
      ),
      signedCell(tbtOver, signedMs),
      `≤ +${budgets.tbtOverMs} ms`,
      median(tbtOver) <= budgets.tbtOverMs,
    ],
    [
      'LCP',
      medianCell(
        pick(ours, (run) => run.lcpMs),
        seconds,
      ),
      medianCell(
        pick(ceiling, (run) => run.lcpMs),
        seconds,
      ),
      signedCell(lcpOver, signedSeconds),
      `≤ +${(budgets.lcpOverMs / 1000).toFixed(1)} s`,
      median(lcpOver) <= budgets.lcpOverMs,
    ],
    [
      'CLS',
      medianCell(oursCls, cls),
      medianCell(
        pick(ceiling, (run) => run.cls),
        cls,
      ),
      signedCell(
        differences((run) => run.cls),
        signedCls,
      ),
      `ours ${budgets.cls}`,
      median(oursCls) <= budgets.cls,
    ],
    [
      'Performance',
      medianCell(oursPerformance, whole),
      medianCell(
        pick(ceiling, (run) => run.scores.performance),
        whole,
      ),
      signedCell(
        differences((run) => run.scores.performance),
        signedWhole,
      ),
      `ours ≥ ${budgets.performance}`,
      median(oursPerformance) >= budgets.performance,
    ],
  ]
  return verdicts.map(([metric, oursCell, ceilingCell, difference, budget, pass], i) => ({
    row: [
      i === 0 ? `${page.route} (${paired.length} run${paired.length === 1 ? '' : 's'})` : '',
      metric,
      oursCell,
      ceilingCell,
      difference,
      budget,
      mark(pass),
    ],
    pass,
  }))
}

/** Accessibility, Best Practices and SEO of ours, and what each variant transferred. */
function otherScoresRow(page: PageState): string[] {
  const { runs } = page.ours
  const score = (id: Category) =>
    medianCell(
      runs.map((run) => run.scores[id]),
      whole,
    )
  const transferred = (measured: Measured) =>
    measured.runs.length === 0
      ? '—'
      : `${(median(measured.runs.map((run) => run.transferBytes)) / 1000).toFixed(0)} kB`
  return [
    page.route,
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    transferred(page.ours),
    transferred(page.ceiling),
  ]
}

/** A URL as the tables show it: the origin dropped, long paths cut. */
const shortUrl = (url: string) => {
  const path = url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')
  return path.length > 80 ? `${path.slice(0, 77)}…` : path
}

function longTaskRows(page: PageState): string[][] {
  const run = medianTbtRun(page.ours.runs)
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

function workRows(page: PageState): string[][] {
  return variants.map((variant, i) => {
    const { runs } = page[variant]
    const label = [i === 0 ? page.route : '', variantLabel[variant]]
    if (runs.length === 0) return [...label, ...workKinds.map(() => ''), '']
    return [
      ...label,
      ...workKinds.map(([id]) => ms(median(runs.map((run) => run.workByKind[id] ?? 0)))),
      medianCell(
        runs.map((run) => run.mainThreadMs),
        ms,
      ),
    ]
  })
}

/** The three scripts with the most main-thread time, each as the median over the runs. */
function scriptRows(page: PageState): string[][] {
  const { runs } = page.ours
  const byUrl = new Map<string, ScriptCost[]>()
  for (const run of runs) {
    for (const script of run.scripts)
      byUrl.set(script.url, [...(byUrl.get(script.url) ?? []), script])
  }
  const rows = [...byUrl.entries()]
    .map(([url, costs]) => {
      // Runs where Lighthouse left a script out of the table (under its threshold) count as 0.
      const padded = (pick: (cost: ScriptCost) => number) =>
        median([...costs.map(pick), ...Array(runs.length - costs.length).fill(0)])
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
    medianCell(row.totals, ms),
    ms(row.scripting),
    ms(row.parseCompile),
  ])
}

function failureRows(page: PageState): string[][] {
  const top = topFailures(page.ours)
  return top.length === 0
    ? [[page.route, '—', 'no failed audit', '', '']]
    : top.map((f, i) => [
        i === 0 ? page.route : '',
        `\`${f.id}\``,
        f.title.replaceAll('|', '\\|'),
        f.impact,
        `${f.runsFailed}/${page.ours.runs.length}`,
      ])
}

function lcpLines(page: PageState): string[] {
  const element = (measured: Measured) => {
    const snippet = measured.runs.map((run) => run.lcpElement).find(Boolean)
    const short = snippet
      ?.replace(/http:\/\/127\.0\.0\.1:\d+/g, '')
      .replace(/\s+/g, ' ')
      .slice(0, 200)
    return short ? `\`${short.replaceAll('`', "'")}\`` : 'not reported'
  }
  const ours = element(page.ours)
  const ceiling = element(page.ceiling)
  return ours === ceiling
    ? [`- ${page.route}: ${ours} (both)`]
    : [`- ${page.route}: ${ours}; ceiling: ${ceiling}`]
}

function roundRows(rounds: Round[], pages: PageState[]): string[][] {
  return rounds.map((round) => {
    const indexes = (variant: Variant) =>
      pages.flatMap((page) =>
        page[variant].runs.flatMap((run) =>
          run.round === round.round && run.benchmarkIndex ? [run.benchmarkIndex] : [],
        ),
      )
    return [
      String(round.round),
      `${variantLabel[round.first]} first`,
      round.loadAtStart,
      medianCell(indexes('ours'), whole),
      medianCell(indexes('ceiling'), whole),
    ]
  })
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

/** `--serve-ceiling`: the proxy alone, in front of a server you started, until Ctrl-C. */
async function serveCeiling() {
  const upstream = flagValue('upstream', 'http://127.0.0.1:3000')
  const port = Number(flagValue('port', '3001'))
  const proxy = await startNoJsProxy(upstream, port)
  console.log(`No-JavaScript ceiling of ${upstream} on ${proxy.origin} (Ctrl-C stops it)`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void proxy.close().then(() => process.exit(0))
    })
  }
}

async function main() {
  if (process.argv.includes('--serve-ceiling')) return serveCeiling()
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`)
  if (!existsSync(cliPath)) throw new Error(`no Lighthouse CLI at ${cliPath} (npm ci)`)
  const { runs: runsPerPage, routes, methods } = parseArgs(process.argv.slice(2))
  if (!skipBuild()) build()
  const loadAtStart = loadAverage()
  const started = Date.now()
  const measured = (): Measured => ({ runs: [], failuresPerRun: [], attempts: 0 })
  const pages: PageState[] = routes.flatMap((route) =>
    methods.map((throttling) => ({
      route,
      throttling,
      ours: measured(),
      ceiling: measured(),
      errors: [],
    })),
  )
  const rounds: Round[] = []
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const server = await startServer()
  const proxy = await startNoJsProxy(server.origin)
  const origins: Record<Variant, string> = { ours: server.origin, ceiling: proxy.origin }
  try {
    await waitUntilReady(server.origin)
    // One request per page and variant first: the server loads each route's code lazily on first
    // use, and the gallery's list on its first load (before it, a page streams its fallback).
    for (const route of routes) {
      for (const variant of variants) {
        await (await fetch(`${origins[variant]}${route}`)).arrayBuffer()
      }
    }
    const warmUp = { ...proxy.stats }
    console.log(
      `Lighthouse CLI, ${runsPerPage} run(s) per page and variant, interleaved (ours on ${server.origin}, its no-JS ceiling on ${proxy.origin}); one run by hand:\n  CHROME_PATH=${chromePath} ${process.execPath} ${cliPath} ${cliArgs(
        `${server.origin}${routes[0]}`,
        join(reportDir, 'report.json'),
        methods[0] ?? 'simulate',
      )
        .map((arg) => (/[\s*'"]/.test(arg) ? `'${arg}'` : arg))
        .join(' ')}`,
    )
    // Rounds: every page that still needs a run of either variant gets one, ours first in odd
    // rounds and the ceiling first in even ones, until each has its runs or has used its spares.
    for (let round = 1; ; round++) {
      const order: Variant[] = round % 2 === 1 ? ['ours', 'ceiling'] : ['ceiling', 'ours']
      const due = (page: PageState, variant: Variant) =>
        page[variant].runs.length < runsPerPage &&
        page[variant].attempts < runsPerPage + spareAttempts
      if (!pages.some((page) => variants.some((variant) => due(page, variant)))) break
      const current: Round = { round, first: order[0] as Variant, loadAtStart: loadAverage() }
      rounds.push(current)
      console.log(
        `round ${round}, ${variantLabel[current.first]} first (load average ${current.loadAtStart})`,
      )
      for (const page of pages) {
        for (const variant of order) {
          if (due(page, variant))
            await measureOnce(origins[variant], page, variant, round, reportDir)
        }
      }
    }
    if (proxy.stats.pendingBoundaries > warmUp.pendingBoundaries) {
      pages[0]?.errors.push(
        `ceiling: ${proxy.stats.pendingBoundaries - warmUp.pendingBoundaries} streamed Suspense fallback(s) left pending in measured documents: those ceilings show a fallback`,
      )
    }
  } finally {
    await proxy.close()
    await server.stop()
    rmSync(reportDir, { recursive: true, force: true })
  }
  const loadAtEnd = loadAverage()
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  let missed = 0
  for (const method of methods) {
    const section = sectionBody({
      method,
      pages: pages.filter((page) => page.throttling === method),
      rounds,
      routes,
      runsPerPage,
      minutes,
      loadAtStart,
      loadAtEnd,
      alsoMeasured: methods.length > 1,
    })
    console.log(section.body)
    writeSection(sectionTitle[method], section.body)
    missed += section.missed
  }
  // Figures are written either way; a missed budget fails the bench.
  if (missed > 0) process.exitCode = 1
}

const methodLine: Record<Throttling, string> = {
  simulate:
    'its default configuration (mobile: emulated Moto G Power, simulated slow 4G, 4× CPU slowdown: the page loads at full speed and Lantern replays what it recorded on a simulated phone)',
  devtools:
    'its mobile configuration with **applied throttling** (`--throttling-method=devtools`: emulated Moto G Power; Chromium itself slows the network to Lighthouse’s DevTools figures for slow 4G, 562.5 ms round trip and 1.47 Mbps down, and the CPU 4× while the page loads, so requests and tasks come in the order a phone sees them)',
}

const methodWhy: Record<Throttling, string> = {
  simulate:
    'Lighthouse simulates the same network and CPU for both, from what this machine measures, so absolute figures follow the host; the differences from the ceiling much less. Lantern builds its graph from a load at full speed on 127.0.0.1, where the app’s scripts have arrived and run before the first frame: it then counts their download and evaluation before FCP and LCP, which a load over a phone’s network does not show (the applied-throttling section measures that order).',
  devtools:
    'The same page on the same simulated phone, but slowed while it loads rather than replayed: the stylesheet, the heading face and the hero picture arrive and paint before the app’s 150 kB of scripts, as on a phone. The CPU slowdown is 4× of this machine, so absolute figures still follow the host; the ratio and differences from the ceiling much less.',
}

const workSource: Record<Throttling, string> = {
  simulate: 'unthrottled trace × 4',
  devtools: 'the throttled trace',
}

function sectionBody(input: {
  method: Throttling
  pages: PageState[]
  rounds: Round[]
  routes: string[]
  runsPerPage: number
  minutes: string
  loadAtStart: string
  loadAtEnd: string
  alsoMeasured: boolean
}): { body: string; missed: number } {
  const { method, pages, rounds, routes, runsPerPage, minutes, loadAtStart, loadAtEnd } = input
  const allRuns = pages.flatMap((page) => [...page.ours.runs, ...page.ceiling.runs])
  const indexes = (variant: Variant) =>
    pages.flatMap((page) =>
      page[variant].runs.flatMap((run) => (run.benchmarkIndex ? [run.benchmarkIndex] : [])),
    )
  const drivenChrome = allRuns.map((run) => run.chromeVersion).find(Boolean)
  const wallTimes = allRuns.map((run) => run.wallMs)
  const verdicts = pages.flatMap(comparisonRows)
  const missed = verdicts.filter((verdict) => !verdict.pass).length
  const fewRuns = Math.min(...pages.map((page) => pairs(page).length)) < 3
  const errorLines = pages.flatMap((page) => page.errors.map((e) => `- ${page.route}: ${e}`))

  const body = [
    `Lighthouse ${lighthouseVersion()} CLI, ${methodLine[method]}; every run launches a fresh ${chromiumVersion() ?? `Chromium ${drivenChrome ?? '(version unknown)'}`} (${chromePath}), headless, no sandbox; production build on 127.0.0.1; hCaptcha blocked (\`${blockedUrlPattern}\`).`,
    '',
    `Each page beside its **no-JavaScript ceiling**: the same server-rendered HTML from the same running server, with every \`<script>\` (JSON-LD kept: it is data) and every \`modulepreload\` removed by a proxy on 127.0.0.1 (\`bench/lib/no-js-proxy.ts\`), sent in the encoding the server chose. ${methodWhy[method]}`,
    '',
    `${runsPerPage} run${runsPerPage === 1 ? '' : 's'} per page and variant, in rounds (every page, ours and its ceiling back to back, the order swapped every round${input.alsoMeasured ? ', each page under both throttling methods' : ''}), ${minutes} min in all (both methods); one run took ${spread(wallTimes, (v) => `${(v / 1000).toFixed(0)} s`)} (Chromium's start included).`,
    `Load average (1 / 5 / 15 min) on ${cpus().length} cores: ${loadAtStart} at the start, ${loadAtEnd} at the end. Lighthouse's benchmarkIndex (CPU speed, higher is faster): ours ${medianCell(indexes('ours'), whole)}, ceiling ${medianCell(indexes('ceiling'), whole)}.`,
    '',
    table(
      [
        'round',
        'order',
        'load average at its start',
        'benchmarkIndex, ours',
        'benchmarkIndex, ceiling',
      ],
      roundRows(rounds, pages),
    ),
    '',
    'One run by hand, against the build served with `npm run build && PORT=3000 npm run serve`; ours, then the ceiling (the proxy in another terminal: `./node_modules/.bin/node bench/lighthouse.ts --serve-ceiling`, on 127.0.0.1:3001 in front of :3000):',
    '',
    '```sh',
    reproduceLine('http://127.0.0.1:3000', routes[0] ?? '/', method),
    reproduceLine('http://127.0.0.1:3001', routes[0] ?? '/', method),
    '```',
    '',
    `Each cell: the median over the runs (min–max). The difference is taken run by run (ours minus the ceiling of the same round; main-thread work as ours ÷ the ceiling's), and its median is held to the issue 21 budget: ✓ met, ✗ miss. CLS and Performance budgets are on ours.${fewRuns ? ' **Fewer than 3 runs: indicative only** (the budgets want medians of at least 3).' : ''}`,
    '',
    table(
      ['page', 'metric', 'ours', 'no-JS ceiling', 'difference', 'budget', 'met'],
      verdicts.map((verdict) => verdict.row),
    ),
    '',
    missed === 0 ? 'Every budget met.' : `**${missed} budget${missed === 1 ? '' : 's'} missed.**`,
    '',
    '### Other categories (ours) and bytes',
    '',
    table(
      [
        'page',
        'Accessibility',
        'Best Practices',
        'SEO',
        'transferred, ours',
        'transferred, ceiling',
      ],
      pages.map(otherScoresRow),
    ),
    '',
    '### Worst failed audits per page (ours)',
    '',
    'Top 3 per page among audits failing in most runs. Weighted audits first, by the category points they cost (median over runs); then performance insights (no weight), by Lighthouse’s estimated savings.',
    '',
    table(['page', 'audit', 'title', 'impact', 'failed in'], pages.flatMap(failureRows)),
    '',
    '### Main-thread work by kind',
    '',
    `Median over the runs of \`mainthread-work-breakdown\` (${workSource[method]}), per kind of work; the total with its spread.`,
    '',
    table(
      ['page', 'variant', ...workKinds.map(([, label]) => label), 'total'],
      pages.flatMap(workRows),
    ),
    '',
    '### Longest main-thread tasks per page (ours)',
    '',
    `From the run with the median TBT: the 5 longest top-level tasks of the \`long-tasks\` audit (${method === 'simulate' ? 'simulated' : 'applied'} 4× slowdown, as TBT counts them: a task over 50 ms adds its excess over 50 ms to TBT), the script Lighthouse attributes each to (the page’s own URL: its HTML document and inline scripts; \`Unattributable\`: no script URL, such as style and layout) and when it started.`,
    '',
    table(['page', 'script', 'start', 'duration'], pages.flatMap(longTaskRows)),
    '',
    '### Main-thread time per script (ours)',
    '',
    `The 3 scripts with the most main-thread time per page (\`bootup-time\`: ${workSource[method]}): median over the runs (min–max), and its script evaluation and parse & compile parts.`,
    '',
    table(['page', 'script', 'total', 'evaluation', 'parse & compile'], pages.flatMap(scriptRows)),
    '',
    '### LCP element per page',
    '',
    ...pages.flatMap(lcpLines),
    ...(errorLines.length > 0
      ? [
          '',
          `### Failed attempts and warnings (each page still gets its runs, up to ${spareAttempts} spare attempts per variant)`,
          '',
          ...errorLines,
        ]
      : []),
  ].join('\n')
  return { body, missed }
}

if (import.meta.main) await main()
