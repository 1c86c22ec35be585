/**
 * Lighthouse (default mobile configuration: Moto G Power emulation, simulated slow 4G and 4x CPU
 * slowdown) on the production build, 3 runs per page, medians against the issue 6 budgets, and
 * the audits that fail most per page (what to fix first).
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/lighthouse.ts [--no-build] [routes…]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { mark, median, table, writeSection } from './lib/results.ts'
import { benchRoutes } from './lib/routes.ts'
import { build, positionalArgs, skipBuild, startServer } from './lib/server.ts'

const runsPerPage = 3
/** One Lighthouse run never takes longer than this (its own page-load limit is 45 s). */
const runTimeoutMs = 120_000

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof categories)[number]
const categoryLabel: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}

/** Issue 6 budgets. */
const budgets = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 100,
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

interface RunFigures {
  scores: Record<Category, number>
  lcpMs: number
  cls: number
  tbtMs: number
  /** Bytes transferred for the whole page load (total-byte-weight). */
  transferBytes: number
  /** The LCP element's HTML, as Lighthouse quotes it. */
  lcpElement: string | undefined
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

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function figures(lhr: Lhr): RunFigures {
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
  }
}

function lcpElement(lhr: Lhr): string | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: { type?: string; snippet?: string }[] }
    | undefined
  return details?.items?.find((item) => item.type === 'node')?.snippet
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

interface PageResult {
  route: string
  runs: RunFigures[]
  errors: string[]
  topFailures: (Failure & { runsFailed: number })[]
}

/** Extra attempts per page when a run fails (Lighthouse's NO_NAVSTART and the like happen). */
const spareAttempts = 2

const launchChrome = () => chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' })

async function measurePage(origin: string, route: string): Promise<PageResult> {
  let chrome = await launchChrome()
  const runs: RunFigures[] = []
  const errors: string[] = []
  const failuresPerRun: Failure[][] = []
  try {
    for (let attempt = 1; attempt <= runsPerPage + spareAttempts; attempt++) {
      if (runs.length === runsPerPage) break
      const started = Date.now()
      let lhr: Lhr
      try {
        const result = await withTimeout(
          lighthouse(`${origin}${route}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...categories],
            // Nothing here reaches hCaptcha.
            blockedUrlPatterns: ['*hcaptcha.com*'],
          }),
          runTimeoutMs,
          `Lighthouse on ${route}`,
        )
        if (!result) throw new Error('Lighthouse returned no result')
        lhr = result.lhr
      } catch (error) {
        errors.push(`attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`)
        // That browser may still be busy with the failed run: continue on a fresh one.
        await chrome.kill()
        chrome = await launchChrome()
        continue
      }
      // BENCH_LHR_DIR=/some/dir keeps every report (open in https://googlechrome.github.io/lighthouse/viewer/).
      if (process.env.BENCH_LHR_DIR) {
        mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true })
        const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${attempt}.json`
        writeFileSync(join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr))
      }
      if (lhr.runtimeError) {
        errors.push(
          `attempt ${attempt} discarded and run again: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        )
        continue
      }
      for (const warning of lhr.runWarnings) errors.push(`attempt ${attempt} warning: ${warning}`)
      const figure = figures(lhr)
      runs.push(figure)
      failuresPerRun.push(failures(lhr))
      console.log(
        `  ${route} run ${runs.length}: perf ${figure.scores.performance}, a11y ${figure.scores.accessibility}, bp ${figure.scores['best-practices']}, seo ${figure.scores.seo}, LCP ${Math.round(figure.lcpMs)} ms, CLS ${figure.cls.toFixed(3)}, TBT ${Math.round(figure.tbtMs)} ms (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      )
    }
  } finally {
    await chrome.kill()
  }
  // An audit counts when it fails in most runs; ranked by its median cost across runs.
  const byId = new Map<string, Failure[]>()
  for (const runFailures of failuresPerRun) {
    for (const failure of runFailures)
      byId.set(failure.id, [...(byId.get(failure.id) ?? []), failure])
  }
  const majority = Math.floor(failuresPerRun.length / 2) + 1
  const topFailures = [...byId.values()]
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
  return { route, runs, errors, topFailures }
}

const scoreCell = (value: number, budget: number) =>
  value >= budget ? `${value} ${mark(true)}` : `${value} ${mark(false)} by ${budget - value}`

function figureRow(result: PageResult): string[] {
  if (result.runs.length === 0)
    return [result.route, 'no run completed', '', '', '', '', '', '', '', '']
  const score = (id: Category) => median(result.runs.map((r) => r.scores[id]))
  const lcp = median(result.runs.map((r) => r.lcpMs))
  const cls = median(result.runs.map((r) => r.cls))
  const tbt = median(result.runs.map((r) => r.tbtMs))
  return [
    result.route,
    scoreCell(score('performance'), budgets.performance),
    scoreCell(score('accessibility'), budgets.accessibility),
    scoreCell(score('best-practices'), budgets['best-practices']),
    scoreCell(score('seo'), budgets.seo),
    lcp <= budgets.lcpMs
      ? `${(lcp / 1000).toFixed(2)} s ${mark(true)}`
      : `${(lcp / 1000).toFixed(2)} s ${mark(false)} by ${((lcp - budgets.lcpMs) / 1000).toFixed(2)} s`,
    cls <= budgets.cls
      ? `${cls.toFixed(3)} ${mark(true)}`
      : `${cls.toFixed(3)} ${mark(false)} by ${(cls - budgets.cls).toFixed(3)}`,
    tbt <= budgets.tbtMs
      ? `${Math.round(tbt)} ms ${mark(true)}`
      : `${Math.round(tbt)} ms ${mark(false)} by ${Math.round(tbt - budgets.tbtMs)} ms`,
    `${(median(result.runs.map((r) => r.transferBytes)) / 1000).toFixed(0)} kB`,
    result.runs.map((r) => r.scores.performance).join(', '),
  ]
}

const lighthouseVersion = (): string =>
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version

async function main() {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`)
  const routes = positionalArgs().length > 0 ? positionalArgs() : benchRoutes
  if (!skipBuild()) build()
  const server = await startServer()
  const results: PageResult[] = []
  try {
    // One request per page first: the server loads each route's code lazily on first use.
    for (const route of routes) await (await fetch(`${server.origin}${route}`)).arrayBuffer()
    for (const route of routes) results.push(await measurePage(server.origin, route))
  } finally {
    await server.stop()
  }

  const figuresTable = table(
    [
      'page',
      'Performance (≥ 95)',
      'Accessibility (100)',
      'Best Practices (100)',
      'SEO (100)',
      'LCP (≤ 2.0 s)',
      'CLS (≤ 0.02)',
      'TBT (≤ 100 ms)',
      'transferred',
      'Performance runs',
    ],
    results.map(figureRow),
  )
  const failureRows = results.flatMap((result) =>
    result.topFailures.length === 0
      ? [[result.route, '—', 'no failed audit', '', '']]
      : result.topFailures.map((f, i) => [
          i === 0 ? result.route : '',
          `\`${f.id}\``,
          f.title.replaceAll('|', '\\|'),
          f.impact,
          `${f.runsFailed}/${result.runs.length}`,
        ]),
  )
  const errorLines = results.flatMap((r) => r.errors.map((e) => `- ${r.route}: ${e}`))
  const lcpLines = results.map((r) => {
    const snippet = r.runs.map((run) => run.lcpElement).find(Boolean)
    const short = snippet
      ?.replace(/http:\/\/127\.0\.0\.1:\d+/g, '')
      .replace(/\s+/g, ' ')
      .slice(0, 200)
    return `- ${r.route}: ${short ? `\`${short.replaceAll('`', "'")}\`` : 'not reported'}`
  })
  const body = [
    `Lighthouse ${lighthouseVersion()}, default mobile configuration (emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), Chromium at ${chromePath}, production build on 127.0.0.1, hCaptcha blocked (\`*hcaptcha.com*\`).`,
    `Median of ${runsPerPage} runs per page; each budget (issue 6) is in the column header; ✓ = met, ✗ miss = missed, by how much.`,
    '',
    figuresTable,
    '',
    '### Worst failed audits per page',
    '',
    'Top 3 per page among audits failing in most runs. Weighted audits first, by the category points they cost (median over runs); then performance insights (no weight), by Lighthouse’s estimated savings.',
    '',
    table(['page', 'audit', 'title', 'impact', 'failed in'], failureRows),
    '',
    '### LCP element per page',
    '',
    ...lcpLines,
    ...(errorLines.length > 0
      ? [
          '',
          '### Failed attempts and warnings (each page still gets its runs, up to 2 spare attempts)',
          '',
          ...errorLines,
        ]
      : []),
  ].join('\n')
  console.log(body)
  writeSection('Lighthouse (mobile)', body)
}

if (import.meta.main) await main()
