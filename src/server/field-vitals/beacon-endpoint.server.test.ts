import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
} from '#test/contact/contact-database.ts'
import { beaconRequest, chromeUserAgent as chrome } from '#test/field-vitals/beacon-request.ts'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder, type PageViewRecorder } from './page-view-recorder.server'
import { createSqlPageViewStore } from './page-view-store.server'

const firstLoad = {
  route: '/services/$serviceId',
  nav: 'load',
  device: 'phone',
  conn: '4g',
  view: true,
  lcp: 2210,
  inp: 312,
  cls: 0.042,
  fcp: 950,
  ttfb: 180,
  inpTarget: 'main > a[href="/contact-us"]',
  early: 2,
  earlyDropped: 1,
  tel: 1,
}

const env = () => ({ TRUST_PROXY: 'true', SITE_URL: 'https://www.example.test' })

describe('the beacon endpoint', () => {
  let database: ContactTestDatabase
  let recorder: PageViewRecorder
  let endpoint: ReturnType<typeof createBeaconEndpoint>
  let log: ReturnType<typeof createMemoryLogger>

  beforeAll(async () => {
    database = await openContactTestDatabase()
  })
  afterAll(() => database.close())
  beforeEach(async () => {
    await recorder?.flush()
    await database.db.exec(
      'drop trigger if exists disk_full on public.page_views; truncate public.page_views',
    )
    log = createMemoryLogger()
    const store = createSqlPageViewStore(database.db)
    recorder = createPageViewRecorder(() => store, log, { flushAfterMs: 5 })
    endpoint = createBeaconEndpoint(recorder, env)
  })

  const post = (
    body: string | object,
    headers: Record<string, string> = {},
    address = '203.0.113.10',
  ) => endpoint.handle(beaconRequest(body, address, headers)) as Promise<Response>

  /** The rows as they stand: a beacon answered 204 is already among them. */
  const storedRows = async () =>
    (await database.db.query<Record<string, unknown>>('select * from public.page_views')).rows

  it('answers 204 once the beacon is stored, as sent', async () => {
    expect((await post(firstLoad)).status).toBe(204)
    expect(await storedRows()).toEqual([
      expect.objectContaining({
        route: '/services/$serviceId',
        navigation: 'load',
        device: 'phone',
        connection: '4g',
        new_view: true,
        lcp_ms: 2210,
        inp_ms: 312,
        cls: 0.042,
        fcp_ms: 950,
        ttfb_ms: 180,
        inp_target: 'main > a[href="/contact-us"]',
        early_taps: 2,
        early_taps_dropped: 1,
        tel_taps: 1,
        mailto_taps: 0,
      }),
    ])
  })

  it('leaves other paths to the app', () => {
    expect(endpoint.handle(new Request('http://site.test/faq', { method: 'POST' }))).toBeUndefined()
  })

  it.each([
    ['a huge body', 'x'.repeat(50_000), 413],
    ['not JSON', '{route:', 400],
    ['a number where a boolean goes', { ...firstLoad, view: 1 }, 400],
    ['a string where a number goes', { ...firstLoad, lcp: '2210' }, 400],
    ['an unknown route', { ...firstLoad, route: '/admin' }, 400],
    [
      'a URL instead of a route pattern',
      { ...firstLoad, route: '/services/kitchen-remodeling' },
      400,
    ],
    ['a field it does not know', { ...firstLoad, userId: 'abc' }, 400],
    ['a negative time', { ...firstLoad, lcp: -1 }, 400],
    [
      'a time past any number',
      '{"route":"/faq","nav":"load","device":"phone","view":true,"lcp":1e400}',
      400,
    ],
    ['more dropped taps than taps', { ...firstLoad, earlyDropped: 3 }, 400],
    ['a hundred calls from one view', { ...firstLoad, tel: 100 }, 400],
    ['a hundred emails from one view', { ...firstLoad, mailto: 100 }, 400],
    ['six calls from one view', { ...firstLoad, tel: 6 }, 400],
    ['31 taps before the app started', { ...firstLoad, early: 31 }, 400],
    [
      'vitals on a client navigation',
      { route: '/faq', nav: 'client', device: 'phone', view: true, lcp: 600_000 },
      400,
    ],
    [
      'a follow-up without a tap',
      { route: '/faq', nav: 'load', device: 'phone', view: false },
      400,
    ],
    ['markup as a selector', { ...firstLoad, inpTarget: '<img src=x onerror=alert(1)>' }, 400],
  ])('refuses %s with its status and stores nothing', async (_, body, status) => {
    expect((await post(body)).status).toBe(status)
    expect(await storedRows()).toEqual([])
  })

  it('reads a body of declared length at once, and refuses a declared length past 2 KB unread', async () => {
    const body = JSON.stringify(firstLoad)
    const declared = String(Buffer.byteLength(body))
    expect((await post(body, { 'content-length': declared })).status).toBe(204)
    expect((await post(body, { 'content-length': '4096' })).status).toBe(413)
    expect(await storedRows()).toHaveLength(1)
  })

  it('clamps a vital past its cap (a minute; CLS 10) and keeps the view', async () => {
    expect(
      (await post({ ...firstLoad, lcp: 600_000, inp: 90_000, cls: 100, fcp: 60_001, ttfb: 1e9 }))
        .status,
    ).toBe(204)
    expect(await storedRows()).toEqual([
      expect.objectContaining({
        lcp_ms: 60_000,
        inp_ms: 60_000,
        cls: 10,
        fcp_ms: 60_000,
        ttfb_ms: 60_000,
      }),
    ])
  })

  it('takes five calls and five emails from one view, the most one view can send', async () => {
    expect(
      (await post({ ...firstLoad, tel: 5, mailto: 5, early: 30, earlyDropped: 30 })).status,
    ).toBe(204)
    expect(await storedRows()).toEqual([
      expect.objectContaining({ tel_taps: 5, mailto_taps: 5, early_taps: 30 }),
    ])
  })

  it('refuses GET with 405', async () => {
    const response = await endpoint.handle(new Request('http://site.test/api/vitals'))
    expect(response?.status).toBe(405)
    expect(response?.headers.get('allow')).toBe('POST')
  })

  it.each([
    ['a visitor who sent Sec-GPC', { 'sec-gpc': '1' }],
    ['a visitor who sent DNT', { dnt: '1' }],
    ['a crawler', { 'user-agent': 'Googlebot/2.1' }],
    ['curl', { 'user-agent': 'curl/8.5.0' }],
    ['a client without a user agent', { 'user-agent': '' }],
    ['headless Chromium', { 'user-agent': chrome.replace('Chrome/', 'HeadlessChrome/') }],
    ['a client that names no browser', { 'user-agent': 'Beacons/1.0 (like Chrome)' }],
  ])('keeps nothing from %s, and answers 403 saying so', async (_, headers) => {
    const response = await post(firstLoad, headers)
    expect(response.status).toBe(403)
    expect(await response.text()).toMatch(/^Not (counted|kept): /)
    expect(await storedRows()).toEqual([])
  })

  it('stops a flood from one address with 429 after its burst of 20; other addresses go on', async () => {
    const answers = []
    for (let i = 0; i < 22; i++) answers.push((await post(firstLoad)).status)
    expect(answers).toEqual([...Array(20).fill(204), 429, 429])
    const refused = await post(firstLoad)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post(firstLoad, {}, '198.51.100.20')).status).toBe(204)
    expect(await storedRows()).toHaveLength(21)
  })

  it('without a client address, counts beacons as 6 addresses together, not as one', async () => {
    const unknown = () => Object.assign(beaconRequest(firstLoad, '203.0.113.10'), { ip: undefined })
    const answers = []
    for (let i = 0; i < 121; i++) answers.push((await endpoint.handle(unknown()))?.status)
    expect(answers).toEqual([...Array(120).fill(204), 429])
    expect((await post(firstLoad, {}, '198.51.100.21')).status).toBe(204)
  })

  const withoutFetchMetadata = {
    'sec-fetch-site': '',
    'sec-fetch-mode': '',
    'sec-fetch-dest': '',
  }

  it.each([
    ['a page on another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://blog.site.test' }],
    ['a typed-in address bar', { 'sec-fetch-site': 'none' }],
    [
      'a form posted as a navigation',
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
    [
      'another Origin without fetch metadata',
      { ...withoutFetchMetadata, origin: 'https://evil.test' },
    ],
    ['no fetch metadata at all', { ...withoutFetchMetadata, origin: '' }],
    ['fetch metadata that says same-origin beside another Origin', { origin: 'https://evil.test' }],
    ['an Origin of "null"', { origin: 'null' }],
    ['an Origin that is not an origin', { origin: 'site.test' }],
  ])('counts nothing from %s (403)', async (_, headers) => {
    const response = await post(firstLoad, headers)
    expect(response.status).toBe(403)
    expect(await response.text()).toMatch(/^Not counted: /)
    expect(await storedRows()).toEqual([])
  })

  it('takes the real beacon with or without an Origin, from the request host or the public one', async () => {
    expect((await post(firstLoad, { origin: '' }, '203.0.113.41')).status).toBe(204)
    // Behind a proxy that rewrites Host, the Origin names the public site (SITE_URL).
    expect(
      (await post(firstLoad, { origin: 'https://www.example.test' }, '203.0.113.42')).status,
    ).toBe(204)
    // A typed body (a Blob of application/json) is sent in cors mode.
    expect((await post(firstLoad, { 'sec-fetch-mode': 'cors' }, '203.0.113.43')).status).toBe(204)
    expect(await storedRows()).toHaveLength(3)
  })

  it('answers 503 with Retry-After, keeping nothing, when the database cannot write (a full disk)', async () => {
    await database.db.exec(`
      create or replace function public.refuse_as_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = '53100';
      end $$;
      create trigger disk_full before insert on public.page_views
        for each statement execute function public.refuse_as_disk_full();
    `)
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, i) => post(firstLoad, {}, `203.0.113.${50 + i}`)),
    )
    expect(answers.map((response) => response.status)).toEqual([503, 503, 503])
    expect(answers[0]?.headers.get('retry-after')).toBe('60')
    expect(await answers[0]?.text()).toBe('Beacon not kept: the store could not write it.')
    expect(log.entries.filter((entry) => entry.event === 'vitals.record_failed')).toHaveLength(1)
    // Told it was not kept, so never written later behind the visitor's back.
    await database.db.exec('drop trigger disk_full on public.page_views')
    expect((await post(firstLoad, {}, '203.0.113.60')).status).toBe(204)
    expect(await storedRows()).toHaveLength(1)
  })

  it('answers 503 when the write is not done within its bound, without waiting on', async () => {
    const store = createSqlPageViewStore(database.db)
    const impatient = createPageViewRecorder(() => store, log, {
      flushAfterMs: 5,
      keptWithinMs: 20,
    })
    const patient = createBeaconEndpoint(impatient, env)
    let release = () => {}
    // The embedded database busy with another transaction: the batch's write waits behind it.
    const busy = database.db.transaction(
      () =>
        new Promise<void>((done) => {
          release = done
        }),
    )
    const response = await patient.handle(beaconRequest(firstLoad, '203.0.113.70'))
    expect(response?.status).toBe(503)
    expect(response?.headers.get('retry-after')).toBe('60')
    expect(await response?.text()).toBe('Beacon not confirmed kept: the store is slow.')
    release()
    await busy
    await impatient.flush()
  })
})
