import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { takeLinesNotJson } from '#test/faults/production-server.ts'

/**
 * Every page load must be clean: no console error, no uncaught exception, no hydration warning, no
 * Content-Security-Policy violation.
 */
const allowedFailures = new WeakMap<Page, RegExp[]>()

/** Declares HTTP errors a test provokes on purpose (a refused captcha's 400, a 429). */
export function allowFailedResponses(page: Page, pattern: RegExp) {
  allowedFailures.set(page, [...(allowedFailures.get(page) ?? []), pattern])
}

const allowedConsoleErrors = new WeakMap<Page, RegExp[]>()

/** Declares console errors a test provokes on purpose (React reporting an error it caught). */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  allowedConsoleErrors.set(page, [...(allowedConsoleErrors.get(page) ?? []), pattern])
}

/**
 * The stand-in and the checks come with the browser context and page a test asks for, so a test
 * that only speaks HTTP starts no browser (a context and page cost about 0.25 CPU-seconds).
 */
export const test = base.extend<{ serverLinesAreJson: undefined }>({
  // Every line a built server started by the test harness wrote is JSON with a level: the one
  // alert rule (docs/monitoring.md) sees nothing else. Checked after each test, for the servers
  // it or its worker started.
  serverLinesAreJson: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      await use(undefined)
      expect(takeLinesNotJson(), 'server lines that are not JSON with a level').toEqual([])
    },
    { auto: true },
  ],
  // No machine here reaches hCaptcha: every page gets the stand-in widget instead.
  context: async ({ context }, use) => {
    await context.route('https://*.hcaptcha.com/**', (route) =>
      route.request().url().includes('/api.js')
        ? route.fulfill({
            path: 'e2e/support/hcaptcha-stand-in.js',
            contentType: 'text/javascript',
          })
        : route.abort(),
    )
    await use(context)
  },
  page: async ({ page }, use) => {
    const problems: string[] = []
    page.on('console', (message) => {
      const text = message.text()
      // A failed subresource is reported below with its URL; a 404 page's own document is not a fault.
      if (text.startsWith('Failed to load resource')) return
      if (allowedConsoleErrors.get(page)?.some((pattern) => pattern.test(text))) return
      if (message.type() === 'error' || /hydrat/i.test(text))
        problems.push(`${message.type()}: ${text}`)
    })
    page.on('response', (response) => {
      const isDocument = response.request().resourceType() === 'document'
      // The suite's page views share one client address, so the beacon endpoint's rate limit
      // refuses some of their field-vitals beacons: that is the limit working, not a fault.
      const beaconLimited = response.status() === 429 && response.url().endsWith('/api/vitals')
      const allowed =
        beaconLimited || allowedFailures.get(page)?.some((pattern) => pattern.test(response.url()))
      if (response.status() >= 400 && !isDocument && !allowed) {
        problems.push(`${response.status()} for ${response.url()}`)
      }
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    // Every document's Content-Security-Policy violations, in words of our own, whatever
    // Chromium prints for them.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    await use(page)
    expect(problems, 'console errors or hydration warnings').toEqual([])
  },
})

export { expect }

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export async function expectNoAxeViolations(page: Page) {
  // Only violations are read: axe then skips describing each passing and inapplicable node.
  // Legacy mode runs axe in the page itself: the default opens a blank page (a renderer process)
  // per call to merge frame results, 0.9-1.3 s a call here against 0.4 s (our pages have no
  // cross-origin frame to merge).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(axeTags)
    .options({ resultTypes: ['violations'] })
    .analyze()
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/** Every script of the app: holding them keeps a page as the server sent it. */
export const appScriptsUrl = /\/assets\/[\w.-]+\.js$/

/** Holds the page's requests matching `pattern` until the returned function is called. */
export async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  return response
}

/**
 * Waits until the app has finished starting: React has hydrated, the router has settled on the
 * first view, and the field reporter it loads after that view has painted has run. Whatever the app
 * does once at start has happened by then: the positive signal a "nothing undid it" check waits for.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const reporter = await page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/report-vitals'))?.name,
  )
  const url = String(await reporter.jsonValue())
  // The app imported this module: importing it again resolves once it has run, with no new fetch.
  await page.evaluate(async (module) => {
    await import(module)
  }, url)
}

/** Waits for the page to paint `count` more frames (the page's own clock, not the test's). */
export async function framesPainted(page: Page, count: number) {
  await page.evaluate(
    (frames) =>
      new Promise<void>((painted) => {
        let left = frames
        const next = () => (left-- <= 0 ? painted() : requestAnimationFrame(next))
        next()
      }),
    count,
  )
}

/** Waits until every finite animation and transition on the page has ended (a toast's fade-in). */
export async function animationsFinished(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    // A cancelled animation (its element removed) has ended too.
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

const headingFontBase64 = readFileSync(
  createRequire(import.meta.url).resolve(
    '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2',
  ),
).toString('base64')

/**
 * Gives the page the heading face before anything renders, from its bytes: it is
 * `font-display: optional`, and Playwright turns the HTTP cache off for pages that route
 * requests (the captcha stand-in does), so a layout measurement or screenshot would otherwise see
 * whichever face won the first paint on a loaded machine.
 */
export async function withHeadingFont(page: Page) {
  await page.addInitScript((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    document.fonts.add(new FontFace('Fraunces', bytes, { weight: '600', style: 'normal' }))
  }, headingFontBase64)
}
