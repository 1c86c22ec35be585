/**
 * What the field-vitals reporter costs a page (issue 24; budget: at most 3 kB gzip, nothing
 * before the first paint). In Chromium, for each route: the scripts fetched before the app
 * announced it had started (`app:hydrated`) and those fetched after, with when each request began
 * against the first contentful paint. The reporter's chunk must come after both. Its gzip size is
 * the lazy part of the cost; the part every page carries in its entry (the component that loads
 * it and the head script's counting of early taps) is measured by bench/first-load.ts's figures
 * against the last run before the reporter (README, Decisions).
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/vitals-bytes.ts [--no-build]
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { kB, mark, table, writeSection } from './lib/results.ts'
import { benchRoutes } from './lib/routes.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const budget = 3_000
const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
const gzip = (path: string) =>
  gzipSync(readFileSync(join('.output/public', path)), { level: 9 }).length
const webVitalsVersion: string = JSON.parse(
  readFileSync('node_modules/web-vitals/package.json', 'utf8'),
).version
/** The library as its package ships it minified (every metric, the five we use are nearly all). */
const webVitalsBytes = gzipSync(readFileSync('node_modules/web-vitals/dist/web-vitals.js'), {
  level: 9,
}).length

async function main() {
  if (!skipBuild()) build()
  const server = await startServer({}, { quietStderr: true })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const rows: (string | number)[][] = []
  let worst = 0
  try {
    for (const route of benchRoutes) {
      const page = await browser.newPage()
      await page.route(/^https:\/\/([^/]+\.)?hcaptcha\.com\//, (request) => request.abort())
      await page.addInitScript(() => {
        const seen = window as unknown as { hydratedAt?: number }
        document.addEventListener('app:hydrated', () => {
          seen.hydratedAt = performance.now()
        })
      })
      await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' })
      const timing = await page.evaluate(() => ({
        hydratedAt: (window as unknown as { hydratedAt?: number }).hydratedAt ?? Number.NaN,
        firstPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }))
      await page.close()
      const after = timing.scripts.filter((script) => script.start >= timing.hydratedAt)
      const reporter = timing.scripts.filter((script) => script.path.includes('/report-vitals'))
      const reporterBytes = reporter.reduce((sum, script) => sum + gzip(script.path), 0)
      worst = Math.max(worst, reporterBytes)
      const reporterFirst = Math.min(...reporter.map((script) => script.start))
      rows.push([
        route,
        reporter.map((script) => `\`${script.path.split('/').pop()}\``).join(', ') || '**none**',
        kB(reporterBytes),
        `${timing.firstPaint.toFixed(0)} ms`,
        `${timing.hydratedAt.toFixed(0)} ms`,
        `${reporterFirst.toFixed(0)} ms`,
        mark(reporterFirst > timing.firstPaint && reporterFirst >= timing.hydratedAt),
        after.map((script) => script.path.split('/').pop()).join(', '),
      ])
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const body = [
    `Chromium, no throttling, each route once: the field reporter (web-vitals ${webVitalsVersion} and ours, one lazy chunk) is requested only after the app has started, never before the first contentful paint. Its size, gzip level 9:`,
    '',
    table(
      [
        'route',
        'reporter chunk',
        'gzip',
        'first contentful paint',
        'app started',
        'reporter requested',
        'after both',
        'scripts fetched after the app started',
      ],
      rows,
    ),
    '',
    `Budget: at most ${kB(budget)} gzip for the vitals code. The lazy chunk alone is ${kB(worst)} ${mark(worst <= budget)}; web-vitals ${webVitalsVersion} as its package ships it minified is ${kB(webVitalsBytes)} (gzip 9). Every page's entry also gains the component that loads it (about 0.5 kB gzip on its own) and the head script's count of early taps (+56 B gzip, inline: the only part before the first paint).`,
  ].join('\n')
  console.log(body)
  writeSection('Field-vitals reporter size (issue 24)', body)
}

await main()
