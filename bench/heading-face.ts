/**
 * Whether a first visit on a slow phone shows the heading face (decision 022). The face is
 * `font-display: optional`: Chromium uses it only if it has arrived before the page first
 * renders, so on a slow connection it is a race between the face and the stylesheet, and a
 * figure over many visits, not a test's yes or no.
 *
 * Each visit is a fresh Chromium context as Lighthouse's applied throttling sets up its phone
 * (`lighthouseMobilePhone`, with its user agent: the headless one is served as a crawler), with
 * nothing intercepting requests (interception delays every request). Once the page has loaded,
 * the face counts as shown when the first heading's text is drawn wider or narrower than the same
 * text in the fallback stack alone (`document.fonts.check` would say loaded either way). Also written: when the face and the stylesheet had arrived, and the first
 * paint, medians over the visits. Budget: the face on every visit.
 *
 *   flock /tmp/site-build.lock npm run build
 *   ./node_modules/.bin/node bench/heading-face.ts --no-build [--visits=N] [routes…]
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from '@playwright/test'
import { headingDrawnInFraunces } from '../test/support/heading-drawn-in-fraunces.ts'
import { chromePath, lighthouseMobilePhone } from './lib/chromium.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, positionalArgs, skipBuild, startServer } from './lib/server.ts'

const defaultRoutes = ['/', '/gallery', '/services/kitchen-remodeling', '/faq']
const visitsArg = process.argv.find((arg) => arg.startsWith('--visits='))
const visits = visitsArg ? Number(visitsArg.slice('--visits='.length)) : 8
if (!Number.isInteger(visits) || visits < 1) {
  throw new Error(`--visits=N takes a whole number of visits from 1, not ${visitsArg}`)
}

type Visit = { shown: boolean; face: number; stylesheet: number; firstPaint: number }

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: {
      width: lighthouseMobilePhone.screen.width,
      height: lighthouseMobilePhone.screen.height,
    },
    deviceScaleFactor: lighthouseMobilePhone.screen.deviceScaleFactor,
    isMobile: lighthouseMobilePhone.screen.mobile,
    userAgent: lighthouseMobilePhone.userAgent,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', lighthouseMobilePhone.network)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: lighthouseMobilePhone.cpuSlowdown })
    await page.goto(url, { timeout: 60_000 })
    const heading = page.getByRole('heading', { level: 1 })
    const shown = await heading.evaluate(headingDrawnInFraunces)
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const arrived = (pattern: RegExp) =>
        resources.find((entry) => pattern.test(entry.name))?.responseEnd ?? Number.NaN
      return {
        face: arrived(/\.woff2$/),
        stylesheet: arrived(/\.css$/),
        firstPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      }
    })
    return { shown, ...timings }
  } finally {
    await context.close()
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  if (!skipBuild()) build()
  const routes = positionalArgs().length > 0 ? positionalArgs() : defaultRoutes
  const server = await startServer({}, { quietStderr: true })
  const browser = await chromium.launch({
    // Playwright's own Chromium when there is none at CHROMIUM_PATH or /usr/bin/chromium.
    executablePath: existsSync(chromePath) ? chromePath : undefined,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const loads: string[] = [loadAverage()]
  const results = new Map<string, Visit[]>(routes.map((route) => [route, []]))
  try {
    // In rounds, every page once per round, so that drift on the machine hits them alike.
    for (let round = 0; round < visits; round++) {
      for (const route of routes) {
        results.get(route)?.push(await visit(browser, `${server.origin}${route}`))
      }
    }
    loads.push(loadAverage())
  } finally {
    await browser.close()
    await server.stop()
  }
  let allShown = true
  const rows = routes.map((route) => {
    const runs = results.get(route) ?? []
    const shown = runs.filter((run) => run.shown).length
    allShown &&= shown === runs.length
    return [
      `\`${route}\``,
      `${shown} of ${runs.length} ${mark(shown === runs.length)}`,
      seconds(median(runs.map((run) => run.face))),
      seconds(median(runs.map((run) => run.stylesheet))),
      seconds(median(runs.map((run) => run.firstPaint))),
    ]
  })
  const body = [
    `${visits} first visits per page, in rounds; each a fresh Chromium context as ${lighthouseMobilePhone.summary}, applied in the browser, nothing intercepted. Load average (1 / 5 / 15 min) before ${loads[0]}, after ${loads[1]}.`,
    'Face shown: the first heading drawn in Fraunces (its width against the fallback stack). Arrival times from navigation start, medians. Budget: the face on every visit.',
    '',
    table(['page', 'face shown', 'face arrived', 'stylesheet arrived', 'first paint'], rows),
  ].join('\n')
  console.log(body)
  writeSection('Heading face on a first visit, slow phone', body)
  if (!allShown) process.exitCode = 1
}

if (import.meta.main) await main()
