import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/contact/log.ts'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
} from '#test/contact/contact-database.ts'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createBeaconRateLimit } from './beacon-rate-limit.server'
import { createPageViewRecorder, type PageViewRecorder } from './page-view-recorder.server'
import { createSqlPageViewStore } from './page-view-store.server'

const chrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'

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

describe('the beacon endpoint', () => {
  let database: ContactTestDatabase
  let recorder: PageViewRecorder
  let endpoint: ReturnType<typeof createBeaconEndpoint>

  beforeAll(async () => {
    database = await openContactTestDatabase()
  })
  afterAll(() => database.close())
  beforeEach(async () => {
    await recorder?.stop()
    await database.db.exec('truncate public.page_views')
    recorder = createPageViewRecorder({
      store: createSqlPageViewStore(database.db),
      log: createMemoryLogger(),
      flushIntervalMs: 60_000,
    })
    endpoint = createBeaconEndpoint({
      recorder: () => recorder,
      rateLimit: createBeaconRateLimit({ burst: 5, perMinute: 5 }),
      trustProxy: () => 'true',
    })
  })

  const post = (
    body: string | object,
    headers: Record<string, string> = {},
    address = '203.0.113.10',
  ) =>
    endpoint.handle(
      // From a proxy on loopback (TRUST_PROXY=true), as srvx gives the peer's address.
      Object.assign(
        new Request('http://site.test/api/vitals', {
          method: 'POST',
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'user-agent': chrome, 'x-forwarded-for': address, ...headers },
        }),
        { ip: '127.0.0.1' },
      ),
    ) as Promise<Response>

  const storedRows = async () => {
    await recorder.flush()
    return (await database.db.query<Record<string, unknown>>('select * from public.page_views'))
      .rows
  }

  it('answers 204 and stores the beacon as sent', async () => {
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
    ['more dropped taps than taps', { ...firstLoad, earlyDropped: 3 }, 400],
    ['markup as a selector', { ...firstLoad, inpTarget: '<img src=x onerror=alert(1)>' }, 400],
  ])('refuses %s with a %i and stores nothing', async (_, body, status) => {
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

  it('answers the same user agent the same way every time (bots are remembered, not retested wrongly)', async () => {
    for (let round = 0; round < 3; round++) {
      expect(
        (await post(firstLoad, { 'user-agent': 'Googlebot/2.1' }, `203.0.113.${20 + round}`))
          .status,
      ).toBe(204)
      expect((await post(firstLoad, {}, `203.0.113.${30 + round}`)).status).toBe(204)
    }
    expect(await storedRows()).toHaveLength(3)
  })

  it('refuses GET with 405', async () => {
    const response = await endpoint.handle(new Request('http://site.test/api/vitals'))
    expect(response?.status).toBe(405)
    expect(response?.headers.get('allow')).toBe('POST')
  })

  it('keeps nothing from a visitor who sent Sec-GPC or DNT, nor from a bot, and says 204', async () => {
    expect((await post(firstLoad, { 'sec-gpc': '1' })).status).toBe(204)
    expect((await post(firstLoad, { dnt: '1' })).status).toBe(204)
    expect((await post(firstLoad, { 'user-agent': 'Googlebot/2.1' })).status).toBe(204)
    expect(await storedRows()).toEqual([])
  })

  it('stops a flood from one address with 429 after its burst; other addresses go on', async () => {
    const answers = []
    for (let i = 0; i < 8; i++) answers.push((await post(firstLoad)).status)
    expect(answers).toEqual([204, 204, 204, 204, 204, 429, 429, 429])
    const refused = await post(firstLoad)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post(firstLoad, {}, '198.51.100.20')).status).toBe(204)
    expect(await storedRows()).toHaveLength(6)
  })

  it('refuses a beacon from another site', async () => {
    expect((await post(firstLoad, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect(await storedRows()).toEqual([])
  })
})
