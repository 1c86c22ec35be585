/**
 * Errors in visitors' browsers (issue 52) through the page views' endpoint on PGlite with every
 * migration: what is kept and logged, what is refused, and the owner's report counting them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseSiteReport } from '#src/features/site-report/site-report.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
} from '#test/contact/contact-database.ts'
import { beaconRequest, chromeUserAgent as chrome } from '#test/field-vitals/beacon-request.ts'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder, type PageViewRecorder } from './page-view-recorder.server'
import { createSqlPageViewStore, type PageViewStore } from './page-view-store.server'

const thrown = {
  route: '/services/$serviceId',
  error: 'Uncaught TypeError: Cannot read properties of undefined (reading "photos")',
  at: '/assets/main-Bx3k9.js:1:20431',
}

const env = () => ({ TRUST_PROXY: 'true', SITE_URL: 'https://www.example.test' })

describe('error beacons', () => {
  let database: ContactTestDatabase
  let store: PageViewStore
  let recorder: PageViewRecorder
  let endpoint: ReturnType<typeof createBeaconEndpoint>
  let log: ReturnType<typeof createMemoryLogger>

  beforeAll(async () => {
    database = await openContactTestDatabase()
    store = createSqlPageViewStore(database.db)
  })
  afterAll(() => database.close())
  beforeEach(async () => {
    await recorder?.flush()
    await database.db.exec('truncate public.page_views, public.page_errors')
    log = createMemoryLogger()
    recorder = createPageViewRecorder(() => store, log, { flushAfterMs: 5 })
    endpoint = createBeaconEndpoint(recorder, env, log)
  })

  const post = (
    body: string | object,
    headers: Record<string, string> = {},
    address = '203.0.113.10',
  ) => endpoint.handle(beaconRequest(body, address, headers)) as Promise<Response>

  const storedErrors = async () =>
    (
      await database.db.query<Record<string, unknown>>(
        'select route, message, source from public.page_errors order by id',
      )
    ).rows
  const errorLines = () => log.entries.filter((entry) => entry.event === 'browser.error')

  it('keeps an error apart from the page views, answers 204, and logs it at error level', async () => {
    expect((await post(thrown)).status).toBe(204)
    expect(await storedErrors()).toEqual([
      { route: thrown.route, message: thrown.error, source: thrown.at },
    ])
    const views = await database.db.query('select 1 from public.page_views')
    expect(views.rows).toEqual([])
    expect(errorLines()).toEqual([
      {
        level: 'error',
        event: 'browser.error',
        fields: { route: thrown.route, message: thrown.error, at: thrown.at },
      },
    ])
  })

  it('keeps no query, e-mail address or phone number of a message, on one line and at most 200 characters', async () => {
    const message =
      'Uncaught Error: failed https://www.example.test/gallery?project=kitchen&ref=x#top and ' +
      '/api/search?q=ana+lopez for ' +
      'ana.lopez@example.com, call +1 (416) 555-0199\n   then'
    expect((await post({ route: '/gallery', error: message })).status).toBe(204)
    const kept =
      'Uncaught Error: failed https://www.example.test/gallery and /api/search for [e-mail] call [number] then'
    expect(await storedErrors()).toEqual([{ route: '/gallery', message: kept, source: null }])
    expect(errorLines()[0]?.fields).toEqual({ route: '/gallery', message: kept, at: null })

    expect((await post({ route: '/gallery', error: `Uncaught ${'x'.repeat(290)}` })).status).toBe(
      204,
    )
    const [, long] = await storedErrors()
    expect(long?.message).toHaveLength(200)
    expect(long?.message).toMatch(/^Uncaught x+…$/)
  })

  it.each([
    ['a huge body', { ...thrown, error: 'x'.repeat(5_000) }, 413],
    ['a message past 300 characters', { ...thrown, error: 'x'.repeat(301) }, 400],
    ['an empty message', { ...thrown, error: '' }, 400],
    ['a message of white space', { ...thrown, error: ' \n ' }, 400],
    ['a message that is not a string', { ...thrown, error: { text: 'x' } }, 400],
    ['an unknown route', { ...thrown, route: '/admin' }, 400],
    ['a URL instead of a route pattern', { ...thrown, route: '/services/kitchen-remodeling' }, 400],
    ['a field it does not know', { ...thrown, userAgent: chrome }, 400],
    [
      'a page view and an error in one',
      { ...thrown, nav: 'load', device: 'phone', view: true },
      400,
    ],
    ['a full URL as the place', { ...thrown, at: 'https://cdn.test/x.js?u=1:1:2' }, 400],
    ['a place without a line', { ...thrown, at: '/assets/main.js' }, 400],
  ])('refuses %s with its status, keeping and logging nothing', async (_, body, status) => {
    expect((await post(body)).status).toBe(status)
    expect(await storedErrors()).toEqual([])
    expect(errorLines()).toEqual([])
  })

  it.each([
    ['a visitor who sent Sec-GPC', { 'sec-gpc': '1' }],
    ['a crawler', { 'user-agent': 'Googlebot/2.1' }],
    ['headless Chromium', { 'user-agent': chrome.replace('Chrome/', 'HeadlessChrome/') }],
    ['a page on another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
    ['another Origin', { origin: 'https://evil.test' }],
  ])('takes nothing from %s (403)', async (_, headers) => {
    expect((await post(thrown, headers)).status).toBe(403)
    expect(await storedErrors()).toEqual([])
    expect(errorLines()).toEqual([])
  })

  it('counts errors against the address with its page views: past the burst, 429 and no line', async () => {
    const view = { route: '/faq', nav: 'client', device: 'phone', view: true }
    for (let i = 0; i < 19; i++) expect((await post(view)).status).toBe(204)
    expect((await post(thrown)).status).toBe(204)
    expect((await post(thrown)).status).toBe(429)
    expect((await post(thrown, {}, '198.51.100.20')).status).toBe(204)
    expect(await storedErrors()).toHaveLength(2)
    expect(errorLines()).toHaveLength(2)
  })

  it('the owner report counts each route’s errors with its commonest messages, a route with errors only too', async () => {
    const load = { route: '/faq', nav: 'load', device: 'desktop', view: true, lcp: 1200 }
    const sent = [
      load,
      thrown,
      thrown,
      { ...thrown, error: 'Unhandled rejection: TypeError: Failed to fetch', at: undefined },
      { route: '/gallery', error: 'Uncaught RangeError: Invalid array length' },
    ]
    const answers = await Promise.all(sent.map((body, i) => post(body, {}, `203.0.113.${100 + i}`)))
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204])

    const report = parseSiteReport(await store.report(28))
    const byRoute = Object.fromEntries(report.routes.map((route) => [route.route, route]))
    expect(byRoute['/faq']).toMatchObject({ views: 1, errors: 0, commonErrors: [] })
    expect(byRoute['/gallery']).toMatchObject({
      views: 0,
      errors: 1,
      commonErrors: [
        { message: 'Uncaught RangeError: Invalid array length', count: 1, source: null },
      ],
    })
    expect(byRoute['/services/$serviceId']).toMatchObject({
      views: 0,
      errors: 3,
      commonErrors: [
        { message: thrown.error, count: 2, source: thrown.at },
        { message: 'Unhandled rejection: TypeError: Failed to fetch', count: 1, source: null },
      ],
    })
  })

  it('forgets errors after 13 months, as it does page views', async () => {
    expect((await post(thrown)).status).toBe(204)
    await database.db.exec(`
      insert into public.page_errors (received_at, route, message)
        values (now() - interval '13 months 1 day', '/faq', 'Uncaught Error: old')`)
    expect(await store.prune()).toBe(1)
    expect(await storedErrors()).toEqual([
      { route: thrown.route, message: thrown.error, source: thrown.at },
    ])
  })
})
