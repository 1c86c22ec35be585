/**
 * Errors in visitors' browsers reach the owner (issue 52): a page of the production build throws
 * and rejects after it has started, in Chromium; the server logs each at error level with its
 * route and message, keeps it, and the owner's report (its page, and `npm run report` once the
 * server has stopped) counts it. A third party's error is not sent; nor is anything when the
 * visitor opted out. Its own server (a free port, data under /tmp); the tests run in order.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { launchOptions } from '../playwright.config'
import { type ServerProcess, startProductionServer } from '../test/faults/production-server'
import { temporaryDataDir } from './faults/support'
import { appStarted, expect, expectNoAxeViolations, test } from './fixtures'

const ownerKey = 'e2e-owner-key-4d2a7c90b1e35f68'
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

let server: ServerProcess
let dataDir: ReturnType<typeof temporaryDataDir>

test.describe.configure({ mode: 'serial' })
// Headless Chromium's user agent says "HeadlessChrome", which the endpoint rightly drops.
test.use({
  launchOptions: { ...launchOptions, args: [...launchOptions.args, `--user-agent=${chrome}`] },
})

test.beforeAll(async () => {
  dataDir = temporaryDataDir('browser-errors')
  server = await startProductionServer({
    dataDir: dataDir.dir,
    env: { TRUST_PROXY: 'true', OWNER_REPORT_KEY: ownerKey },
  })
})
test.afterAll(async () => {
  await server?.stop()
  dataDir?.remove()
})

/** The error beacons the page hands to `navigator.sendBeacon`, as sent; and every error event's message. */
async function recordErrorBeacons(page: Page) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator)
    const sent: unknown[] = []
    const events: string[] = []
    Object.assign(window, { e2eErrorBeacons: sent, e2eErrorEvents: events })
    addEventListener('error', (event) => events.push(String(event.message)))
    navigator.sendBeacon = (url, data) => {
      const body = JSON.parse(String(data)) as { error?: string }
      if (body.error !== undefined) sent.push(body)
      return send(url, data)
    }
  })
  return () =>
    page.evaluate(() => {
      const { e2eErrorBeacons, e2eErrorEvents } = window as {
        e2eErrorBeacons?: unknown[]
        e2eErrorEvents?: string[]
      }
      return { beacons: e2eErrorBeacons, events: e2eErrorEvents }
    })
}

/** What the browser reported of the errors `misbehave` causes, in order. */
const errorEvents = [
  'undefined',
  'Script error.',
  'Uncaught Error: E2E third party failed',
  'Uncaught TypeError: E2E gallery failed at https://example.net/a?token=s3cret',
]

const widgetUrl = 'https://widgets.example.net/widget.js'

/**
 * In a task of its own each, as a visitor's page would: a plain `error` event some script
 * dispatches, a script of another site that throws as
 * it runs (the browser hides its error as "Script error."), an error thrown by code another
 * origin's file injected (an extension's), then one thrown by one of the site's own scripts, then
 * a rejection nobody handled. `sourceURL` names the file each evaluated one comes from. Resolves
 * once all have been reported to the page's listeners.
 */
async function misbehave(page: Page, origin: string) {
  // Some script's own plain event named `error`: no file, no message.
  await page.evaluate(() => dispatchEvent(new Event('error')))
  await page.route(widgetUrl, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("E2E widget failed")' }),
  )
  await page.evaluate(
    (src) =>
      new Promise((ran) => {
        document.head.append(Object.assign(document.createElement('script'), { src, onload: ran }))
      }),
    widgetUrl,
  )
  await page.evaluate(async (site) => {
    const run = (code: string, file: string) =>
      new Promise<void>((done) => {
        setTimeout(() => {
          // biome-ignore lint/security/noGlobalEval: a script under a file name of the test's choosing
          globalThis.eval(`${code}\n//# sourceURL=${file}`)
          setTimeout(done)
        })
      })
    await run(
      'setTimeout(() => { throw new Error("E2E third party failed") })',
      'https://widgets.example.net/embed.js',
    )
    await run(
      'setTimeout(() => { throw new TypeError("E2E gallery failed at https://example.net/a?token=s3cret") })',
      `${site}/assets/e2e-page.js`,
    )
    await run(
      'Promise.reject(new Error("E2E request failed for visitor@example.com"))',
      `${site}/assets/e2e-page.js`,
    )
    // The timers above have fired and each error's listeners have run.
    await new Promise((done) => setTimeout(done, 0))
  }, origin)
}

test('a page that throws and rejects sends each error once, without query or address', async ({
  browser,
}) => {
  // Not the suite's page, whose checks fail a test on any uncaught error: here they are the point.
  // bypassCSP: the test's own scripts are evaluated under the file names it gives them.
  const context = await browser.newContext({
    bypassCSP: true,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.81' },
  })
  const page = await context.newPage()
  const sentByPage = await recordErrorBeacons(page)
  const beaconAnswers: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/vitals')) beaconAnswers.push(response.status())
  })
  await page.goto(`${server.url}/faq`)
  await appStarted(page)
  await misbehave(page, server.url)
  await server.waitForOutput(/"event":"browser\.error".*E2E request failed/)
  await server.waitForOutput(/"event":"browser\.error".*E2E gallery failed/)

  const { beacons, events } = await sentByPage()
  expect(events).toEqual(errorEvents)
  expect(beacons).toEqual([
    {
      route: '/faq',
      error: 'Uncaught TypeError: E2E gallery failed at https://example.net/a',
      at: expect.stringMatching(/^\/assets\/e2e-page\.js:\d+:\d+$/),
    },
    {
      route: '/faq',
      error: 'Unhandled rejection: Error: E2E request failed for visitor@example.com',
      at: expect.stringMatching(/^\/assets\/e2e-page\.js:\d+:\d+$/),
    },
  ])
  await expect.poll(() => beaconAnswers).toEqual([204, 204])
  await context.close()
})

test('with Global Privacy Control on, no error is sent', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true })
  const page = await context.newPage()
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  )
  const sentByPage = await recordErrorBeacons(page)
  await page.goto(`${server.url}/faq`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await misbehave(page, server.url)
  expect(await sentByPage()).toEqual({ beacons: [], events: errorEvents })
  await context.close()
})

test('the owner report counts the errors by page, and the log has each at error level', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(`${server.url}/owner-report/${ownerKey}`)
  const errors = page.getByRole('region', { name: "Errors in visitors' browsers" })
  await expect(errors.getByText('/faq: 2 errors')).toBeVisible()
  await expect(
    errors.getByText(/Uncaught TypeError: E2E gallery failed at https:\/\/example\.net\/a$/),
  ).toBeVisible()
  // The messages wrap on a phone, and the section is as accessible as the rest of the page.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)

  server.signal('SIGTERM')
  expect((await server.exited).code).toBe(0)
  const errorLines = server
    .output()
    .split('\n')
    .filter((line) => line.includes('browser.error'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(errorLines).toEqual([
    expect.objectContaining({
      level: 'error',
      event: 'browser.error',
      route: '/faq',
      message: 'Uncaught TypeError: E2E gallery failed at https://example.net/a',
      at: expect.stringMatching(/^\/assets\/e2e-page\.js:\d+:\d+$/),
    }),
    expect.objectContaining({
      level: 'error',
      event: 'browser.error',
      route: '/faq',
      message: 'Unhandled rejection: Error: E2E request failed for [e-mail]',
    }),
  ])

  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'report'], {
    env: { ...process.env, DATA_DIR: dataDir.dir },
  })
  expect(stdout).toMatch(/ · 2 browser errors/)
  expect(stdout).toContain('  browser errors 2')
  expect(stdout).toMatch(
    /error ×1, last [\d-]+ [\d:]+ at \/assets\/e2e-page\.js:\d+:\d+: Uncaught TypeError: E2E gallery failed at https:\/\/example\.net\/a/,
  )
})
