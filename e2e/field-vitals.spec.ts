/**
 * Field Web Vitals end to end (issue 24): real page views in Chromium against the production
 * build, its own server (a free port of the worker's, data under /tmp) so the rows can be read once
 * it has stopped.
 * The tests run in order: the last one stops the server and reads what it stored.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import type { Page } from '@playwright/test'
import { launchOptions } from '../playwright.config'
import { type CaptchaStandIn, startCaptchaStandIn } from '../test/contact/captcha-stand-in'
import { type ServerProcess, startProductionServer } from '../test/faults/production-server'
import { contactTexts, fillContactForm, sendContactForm, temporaryDataDir } from './faults/support'
import {
  appScriptsUrl,
  appStarted,
  expect,
  expectNoAxeViolations,
  holdRequests,
  test,
} from './fixtures'

const ownerKey = 'e2e-owner-key-8c1f0b7d2a9e4f61'
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

let server: ServerProcess
let captcha: CaptchaStandIn
// Made in beforeAll: at the top of the file it was made again by every process that lists the
// tests, and only the workers' copies were removed.
let dataDir: ReturnType<typeof temporaryDataDir>
/** Every beacon the browsers sent in these tests, as sent; only these may be stored. */
const sentBeacons: Record<string, unknown>[] = []

test.describe.configure({ mode: 'serial' })
// A beacon sent while its page unloads leaves from the browser process with the browser's own
// user agent, not the page's emulated one, and headless Chromium's says "HeadlessChrome", which
// the endpoint (isbot) rightly drops. This browser says it is Chrome.
test.use({
  launchOptions: { ...launchOptions, args: [...launchOptions.args, `--user-agent=${chrome}`] },
})

test.beforeAll(async () => {
  dataDir = temporaryDataDir('field-vitals')
  captcha = await startCaptchaStandIn()
  server = await startProductionServer({
    dataDir: dataDir.dir,
    env: { TRUST_PROXY: 'true', OWNER_REPORT_KEY: ownerKey, HCAPTCHA_VERIFY_URL: captcha.url },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await captcha?.close()
  dataDir?.remove()
})

/**
 * The beacons the page hands to `navigator.sendBeacon`, kept in localStorage across the page's
 * documents. (Playwright does not report a beacon sent while its document unloads, so the page
 * itself keeps the record; the real sendBeacon still sends each one.)
 */
async function recordBeacons(page: Page): Promise<() => Promise<Record<string, unknown>[]>> {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      const kept = JSON.parse(localStorage.getItem('e2e-beacons') ?? '[]') as unknown[]
      localStorage.setItem('e2e-beacons', JSON.stringify([...kept, JSON.parse(String(data))]))
      return send(url, data)
    }
  })
  return () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('e2e-beacons') ?? '[]') as Record<string, unknown>[],
    )
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')

/** The app has started and its field reporter has run, taking the page's view. */
const reporting = appStarted

/** A tel: or mailto: tap counts, but the test browser must not try to open a phone or mail app. */
const keepExternalLinksHere = (page: Page) =>
  page.addInitScript(() =>
    addEventListener('click', (event) => {
      if ((event.target as Element).closest?.('a[href^="tel:"],a[href^="mailto:"]'))
        event.preventDefault()
    }),
  )

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a first load and a client navigation are two views, each with its route, taps and values', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.61' })
    await keepExternalLinksHere(page)
    const sentByPage = await recordBeacons(page)
    let beacons: Record<string, unknown>[] = []
    const beaconCount = async () => {
      beacons = await sentByPage()
      return beacons.length
    }
    await page.goto(`${server.url}/faq`)
    await reporting(page)
    // An interaction, so INP has an element to name.
    await page.locator('main summary').first().tap()

    // A client navigation (no document load) ends the first view. Its beacon leaves a live page,
    // so its answer can be watched: 204, kept, so what Chromium's sendBeacon sends (fetch metadata,
    // Origin, user agent) is what the endpoint counts; without any of it the answer is 403.
    const beaconAnswered = page.waitForResponse((response) =>
      response.url().endsWith('/api/vitals'),
    )
    await page.locator('footer a[href="/about-us"]').first().tap()
    await expect(page).toHaveURL(/\/about-us$/)
    await expect.poll(beaconCount).toBe(1)
    expect((await beaconAnswered).status()).toBe(204)
    expect(beacons[0]).toMatchObject({
      route: '/faq',
      nav: 'load',
      device: 'phone',
      view: true,
      early: 0,
      earlyDropped: 0,
    })
    for (const vital of ['lcp', 'fcp', 'ttfb', 'cls', 'inp']) {
      expect(typeof beacons[0]?.[vital], vital).toBe('number')
    }
    // The slowest interaction's element, read from INP's own entries: the tap on the first
    // question or the one on the link (whichever took longer).
    expect(beacons[0]?.inpTarget).toMatch(/^details#[\w-]+ > summary|a\[href="\/about-us"\]$/)

    // Two calls and an email from the second view, sent when the page is left.
    const phone = page.locator('footer a[href^="tel:"]').first()
    await phone.tap()
    await phone.tap()
    await page.locator('footer a[href^="mailto:"]').first().tap()
    await page.goto(`${server.url}/privacy-policy`)
    await expect.poll(beaconCount).toBe(2)
    expect(beacons[1]).toMatchObject({
      route: '/about-us',
      nav: 'client',
      device: 'phone',
      view: true,
      tel: 2,
      mailto: 1,
    })
    // A client navigation has no vitals of its own (they belong to the document's first page).
    for (const vital of ['lcp', 'inp', 'cls', 'fcp', 'ttfb', 'early']) {
      expect(beacons[1], vital).not.toHaveProperty(vital)
    }
    // Route patterns, never a URL: a service page is /services/$serviceId.
    await reporting(page)
    await page.goto(`${server.url}/services/kitchen-remodeling`)
    await expect.poll(beaconCount).toBe(3)
    expect(beacons[2]).toMatchObject({ route: '/privacy-policy', nav: 'load' })
    await reporting(page)
    await page.goto(`${server.url}/faq`)
    await expect.poll(beaconCount).toBe(4)
    expect(beacons[3]).toMatchObject({ route: '/services/$serviceId', nav: 'load' })
    // Leaving for a file of the same site (no app there) sends the last view's beacon.
    await reporting(page)
    await page.goto(`${server.url}/robots.txt`)
    await expect.poll(beaconCount).toBe(5)
    expect(beacons[4]).toMatchObject({ route: '/faq', nav: 'load' })
    sentBeacons.push(...beacons)
  })
})

for (const [signal, script] of [
  [
    'Global Privacy Control',
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  ],
  [
    'Do Not Track',
    () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
  ],
] as const) {
  test(`with ${signal} on, nothing is sent and the reporter never loads`, async ({ page }) => {
    await page.addInitScript(script)
    const sentByPage = await recordBeacons(page)
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await page.goto(`${server.url}/faq`)
    await hydrated(page)
    await page.locator('header a[href="/gallery"], footer a[href="/gallery"]').first().click()
    await expect(page).toHaveURL(/\/gallery$/)
    await page.goto(`${server.url}/about-us`)
    await hydrated(page)
    expect(await sentByPage()).toEqual([])
    expect(requests.filter((path) => path === '/api/vitals')).toEqual([])
    expect(requests.filter((path) => path.includes('report-vitals'))).toEqual([])
  })
}

test('taps before the app started are counted with the first view, and so are those it could not honour', async ({
  page,
}) => {
  await page.route('https://www.google.com/maps/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Map</title>' }),
  )
  const sentByPage = await recordBeacons(page)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.63' })
  const startApp = await holdRequests(page, appScriptsUrl)
  await page.goto(`${server.url}/service-areas`, { waitUntil: 'domcontentloaded' })
  // The first tap on the drawn map's button is kept and performed once the app is there; the
  // second, before then, is dropped (lib/boot/replay-early-taps.ts).
  const load = page.getByRole('button', { name: 'Load interactive map' })
  await load.click()
  await load.click()
  startApp()
  await reporting(page)
  await expect(page.locator('iframe')).toHaveCount(1)
  await page.goto(`${server.url}/robots.txt`)
  await expect.poll(async () => (await sentByPage()).length).toBe(1)
  const [beacon] = await sentByPage()
  expect(beacon).toMatchObject({ route: '/service-areas', nav: 'load', early: 2, earlyDropped: 1 })
  sentBeacons.push(...(await sentByPage()))
})

test('a message records the page that led to the form, or the site that referred the visitor', async ({
  page,
}) => {
  const sentByPage = await recordBeacons(page)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.62' })
  // From a service page's link to the form (a new document: the form's page embeds hCaptcha).
  await page.goto(`${server.url}/services/kitchen-remodeling`)
  await reporting(page)
  await page.locator('main a[href="/contact-us"]').first().click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await reporting(page)
  await fillContactForm(page, 'Lead From Service', 'A kitchen like the one on your page, please.')
  await sendContactForm(page)
  await expect(page.getByText(contactTexts.success)).toBeVisible({ timeout: 15_000 })
  // Straight to the form from a search engine.
  await page.goto(`${server.url}/contact-us`, { referer: 'https://www.google.ca/search?q=reno' })
  await reporting(page)
  await fillContactForm(page, 'Lead From Search', 'Found you on a search; a bathroom, please.')
  await sendContactForm(page)
  await expect(page.getByText(contactTexts.success)).toBeVisible({ timeout: 15_000 })
  await page.goto(`${server.url}/robots.txt`)
  await expect.poll(async () => (await sentByPage()).length).toBe(3)
  sentBeacons.push(...(await sentByPage()))
})

test('bad input is refused with a 4xx and stores nothing; what is not a browser beacon from this site, or opted out, gets 403', async ({
  request,
}) => {
  const valid = { route: '/gallery', nav: 'load', device: 'desktop', view: true, lcp: 1800 }
  const post = (data: unknown, address: string, headers: Record<string, string> = {}) =>
    request.post(`${server.url}/api/vitals`, {
      data: typeof data === 'string' ? data : JSON.stringify(data),
      headers: {
        'user-agent': chrome,
        'content-type': 'text/plain;charset=UTF-8',
        origin: server.url,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'empty',
        'x-forwarded-for': address,
        ...headers,
      },
    })
  expect((await post('x'.repeat(100_000), '198.51.100.71')).status()).toBe(413)
  expect((await post({ ...valid, lcp: 'fast' }, '198.51.100.72')).status()).toBe(400)
  expect((await post({ ...valid, view: 'yes' }, '198.51.100.72')).status()).toBe(400)
  expect((await post({ ...valid, route: '/wp-admin' }, '198.51.100.73')).status()).toBe(400)
  expect((await post({ ...valid, route: '/gallery?q=kitchen' }, '198.51.100.73')).status()).toBe(
    400,
  )
  expect((await post('not json', '198.51.100.73')).status()).toBe(400)
  expect((await post({ ...valid, tel: 100, mailto: 100 }, '198.51.100.73')).status()).toBe(400)
  expect((await post(valid, '198.51.100.74', { 'sec-gpc': '1' })).status()).toBe(403)
  expect((await post(valid, '198.51.100.74', { 'user-agent': 'Googlebot/2.1' })).status()).toBe(403)
  expect((await post(valid, '198.51.100.74', { 'user-agent': 'curl/8.5.0' })).status()).toBe(403)
  // Another site's page, or a client that sends no fetch metadata (as curl does).
  expect(
    (
      await post(valid, '198.51.100.74', {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.test',
      })
    ).status(),
  ).toBe(403)
  const bare = await request.post(`${server.url}/api/vitals`, {
    data: JSON.stringify(valid),
    headers: {
      'user-agent': chrome,
      origin: 'https://evil.test',
      'x-forwarded-for': '198.51.100.74',
    },
  })
  expect(bare.status()).toBe(403)

  // A flood from one address: its burst of 20 passes, then 429 with Retry-After.
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) statuses.push((await post(valid, '198.51.100.75')).status())
  expect(statuses.filter((status) => status === 204)).toHaveLength(20)
  expect(statuses.slice(20)).toEqual(Array(10).fill(429))
  for (let i = 0; i < 20; i++) sentBeacons.push(valid)
})

test.describe('the owner page', () => {
  for (const width of [360, 1440]) {
    test(`shows the figures at ${width} px, unindexed and uncached, with no axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const response = await page.goto(`${server.url}/owner-report/${ownerKey}`)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['cache-control']).toBe('no-store')
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
      await expect(page).toHaveTitle('Field Report | Maple Hearth')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('How real visitors fare')
      await expect(page.getByRole('rowheader', { name: '/faq' })).toBeVisible()
      await expect(page.getByText('/services/$serviceId').first()).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page)
    })
  }

  test('is a 404 for any wrong key, however long or odd, and absent from the sitemap', async ({
    request,
  }) => {
    for (const key of [
      'not-the-key-0123456789abcdef',
      `${ownerKey}x`,
      ownerKey.slice(1),
      'k'.repeat(201),
      'k'.repeat(8_000),
      encodeURIComponent(` ${ownerKey}`),
      '%00',
      '..%2f..%2fetc%2fpasswd',
      encodeURIComponent('日本語🏠\u202e'),
      "'%22%3Cscript%3E",
    ]) {
      const response = await request.get(`${server.url}/owner-report/${key}`)
      expect(response.status(), key.slice(0, 40)).toBe(404)
      expect(await response.text(), key.slice(0, 40)).toMatch(
        /<meta name="robots" content="noindex"/,
      )
    }
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text()
    expect(sitemap).not.toContain('owner-report')
  })
})

test('the server stored exactly the accepted beacons, as sent; npm run report reads them', async () => {
  server.signal('SIGTERM')
  expect((await server.exited).code).toBe(0)
  const db = await PGlite.create(join(dataDir.dir, 'pglite'))
  try {
    const rows = (
      await db.query<Record<string, unknown>>(
        `select route, navigation as nav, device, connection as conn, new_view as view, lcp_ms as lcp, inp_ms as inp,
                cls, fcp_ms as fcp, ttfb_ms as ttfb, inp_target as "inpTarget", early_taps as early,
                early_taps_dropped as "earlyDropped", tel_taps as tel, mailto_taps as mailto
           from public.page_views order by id`,
      )
    ).rows
    const asStored = (beacon: Record<string, unknown>) => ({
      route: beacon.route,
      nav: beacon.nav,
      device: beacon.device,
      conn: beacon.conn ?? null,
      view: beacon.view,
      lcp: beacon.lcp ?? null,
      inp: beacon.inp ?? null,
      cls: beacon.cls ?? null,
      fcp: beacon.fcp ?? null,
      ttfb: beacon.ttfb ?? null,
      inpTarget: beacon.inpTarget ?? null,
      early: beacon.early ?? 0,
      earlyDropped: beacon.earlyDropped ?? 0,
      tel: beacon.tel ?? 0,
      mailto: beacon.mailto ?? 0,
    })
    const byRoute = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b))
    expect(rows.sort(byRoute)).toEqual(sentBeacons.map(asStored).sort(byRoute))
    const leads = await db.query<{ source_route: string; referrer_host: string | null }>(
      'select source_route, referrer_host from public.contact_messages order by created_at',
    )
    expect(leads.rows).toEqual([
      { source_route: '/services/$serviceId', referrer_host: null },
      { source_route: '/contact-us', referrer_host: 'www.google.ca' },
    ])
  } finally {
    await db.close()
  }

  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'report'], {
    env: { ...process.env, DATA_DIR: dataDir.dir },
  })
  expect(stdout).toMatch(/\/gallery +█+ +20 views/)
  // Two calls and an email from one view: one call and one email (one each a beacon).
  expect(stdout).toContain('calls 1 · emails 1')
  expect(stdout).toMatch(/2 leads/)
})
