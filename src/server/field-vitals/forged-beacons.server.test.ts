/**
 * The owner's figures against a forger with one address (issue 36): a burst of beacons, each with
 * every tap and the worst values the endpoint takes, sent through the real endpoint, recorder and
 * site_report(), on both engines. The stated bound: one address adds at most the rate limit's
 * burst (20) of views, and at most as many calls and emails (one each per beacon); with at least
 * three real views for each of those 20, every p75 stays within the real views' values.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseSiteReport, type RouteFigures } from '#src/features/site-report/site-report.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { beaconRequest } from '#test/field-vitals/beacon-request.ts'
import {
  openPgliteSchemaDatabase,
  openPostgres15SchemaDatabase,
  type SchemaDatabase,
} from '#test/support/supabase-schema.ts'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder, type PageViewRecorder } from './page-view-recorder.server'
import { createSqlPageViewStore, type PageViewStore } from './page-view-store.server'

/** The default limit, as the server runs it. */
const burst = 20
const realViews = 60

/** Real first loads of /gallery, one per visitor: LCP 1000, 1020, … 2180 ms, and so on. */
const realView = (i: number) => ({
  route: '/gallery',
  nav: 'load',
  device: 'phone',
  view: true,
  lcp: 1000 + 20 * i,
  inp: 100 + 2 * i,
  cls: i / 1000,
  fcp: 800 + 10 * i,
  ttfb: 100 + 5 * i,
  ...(i % 10 === 0 ? { tel: 1 } : {}),
  ...(i % 20 === 0 ? { mailto: 1 } : {}),
})
const realMax = realView(realViews - 1)

/** As bad as a beacon the endpoint takes can be: every vital far past its cap, every tap. */
const forged = {
  route: '/gallery',
  nav: 'load',
  device: 'phone',
  view: true,
  lcp: 600_000,
  inp: 600_000,
  cls: 100,
  fcp: 600_000,
  ttfb: 600_000,
  inpTarget: 'main > a',
  early: 30,
  tel: 5,
  mailto: 5,
}

describe.each([
  { target: 'PGlite (embedded)', open: openPgliteSchemaDatabase },
  {
    target: 'PostgreSQL 15 (Supabase)',
    open: () => openPostgres15SchemaDatabase(4),
  },
])('a forged burst from one address, on $target', ({ open }) => {
  let db: SchemaDatabase
  let store: PageViewStore
  let recorder: PageViewRecorder
  let post: (beacon: object, address: string) => Promise<Response>

  beforeAll(async () => {
    db = await open()
    store = createSqlPageViewStore(db.database)
  })
  afterAll(() => db?.close())
  beforeEach(async () => {
    await db.database.query('truncate public.page_views')
    recorder = createPageViewRecorder(() => store, createMemoryLogger(), { flushAfterMs: 5 })
    const endpoint = createBeaconEndpoint(recorder, () => ({
      TRUST_PROXY: 'true',
      SITE_URL: 'http://site.test',
    }))
    post = (beacon, address) => endpoint.handle(beaconRequest(beacon, address)) as Promise<Response>
  })

  const gallery = async (): Promise<RouteFigures> => {
    const [route] = parseSiteReport(await store.report(28)).routes
    if (!route) throw new Error('no /gallery in the report')
    return route
  }

  it('adds at most 20 views, calls and emails, and leaves every p75 among the real values', async () => {
    const real = await Promise.all(
      Array.from({ length: realViews }, (_, i) =>
        post(realView(i), `198.51.100.${i + 1}`).then((response) => response.status),
      ),
    )
    expect(real).toEqual(Array(realViews).fill(204))
    const before = await gallery()
    expect(before).toMatchObject({ views: 60, calls: 6, emails: 3 })
    // The 45th of 60 values: LCP 1000 + 20 × 44.
    expect(before.lcpP75).toBe(1880)

    // 62 beacons at once, as the probe sent in 65 s.
    const forgedAnswers = await Promise.all(
      Array.from({ length: 62 }, () => post(forged, '203.0.113.66')),
    )
    const statuses = forgedAnswers.map((response) => response.status)
    expect(statuses.filter((status) => status === 204)).toHaveLength(burst)
    expect(statuses.filter((status) => status === 429)).toHaveLength(62 - burst)

    const after = await gallery()
    expect(after.views).toBe(before.views + burst)
    expect(after.calls).toBe(before.calls + burst)
    expect(after.emails).toBe(before.emails + burst)
    // 80 values, the 60th: the largest real one, never a forged one.
    expect(after.lcpP75).toBeLessThanOrEqual(realMax.lcp)
    expect(after.inpP75).toBeLessThanOrEqual(realMax.inp)
    expect(after.clsP75).toBeLessThanOrEqual(realMax.cls)
    expect(after.fcpP75).toBeLessThanOrEqual(realMax.fcp)
    expect(after.ttfbP75).toBeLessThanOrEqual(realMax.ttfb)
    // The worst interaction it can show is a minute, not ten.
    expect(after.slowInpTargets).toEqual([{ target: 'main > a', count: burst, worstMs: 60_000 }])
  })
})
