import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { beaconSchema, maxLeadTaps, pageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import type { Beacon } from '#src/features/field-vitals/beacon-wire.ts'
import { createSqlPageViewStore } from '#src/server/field-vitals/page-view-store.server.ts'
import {
  openPgliteSchemaDatabase,
  openPostgres15SchemaDatabase,
  type SchemaDatabase,
} from '#test/support/supabase-schema.ts'
import { formatSiteReport, parseSiteReport, rateVital, siteTotals } from './site-report'

/** A beacon as the reporter sends it, received `daysAgo` days ago (today when absent). */
type SeedView = Beacon & { daysAgo?: number }

const firstLoad = { nav: 'load', view: true, device: 'phone' } as const
const clientView = { nav: 'client', view: true, device: 'phone' } as const

// The seeded month, and the count by hand that the report must match.
const views: SeedView[] = [
  // /faq, four first loads. Each p75 is the first measured value at or past 75% of the ordered
  // values (percentile_disc): LCP 1000 2000 3000 5000, the 3rd of 4: 3000. INP 100 250 600 (one
  // load had no interaction), the 3rd of 3: 600. CLS 0 0.05 0.1 0.3: 0.1. FCP 900 × 4: 900.
  // TTFB 100 200 300 400: 300.
  {
    ...firstLoad,
    route: '/faq',
    lcp: 1000,
    inp: 100,
    cls: 0,
    fcp: 900,
    ttfb: 100,
    inpTarget: 'a#quick',
  },
  {
    ...firstLoad,
    route: '/faq',
    lcp: 2000,
    inp: 250,
    cls: 0.05,
    fcp: 900,
    ttfb: 200,
    inpTarget: 'button#a',
  },
  {
    ...firstLoad,
    route: '/faq',
    lcp: 3000,
    inp: 600,
    cls: 0.3,
    fcp: 900,
    ttfb: 300,
    inpTarget: 'button#a',
  },
  {
    ...firstLoad,
    route: '/faq',
    lcp: 5000,
    cls: 0.1,
    fcp: 900,
    ttfb: 400,
    early: 3,
    earlyDropped: 1,
  },
  // Two client navigations to /faq, one with a call and an email tap.
  { ...clientView, route: '/faq', tel: 1, mailto: 1 },
  { ...clientView, route: '/faq' },
  // A follow-up beacon (the visitor came back and called twice): taps, not a view, and one call:
  // a beacon counts at most one call and one email.
  { ...clientView, route: '/faq', view: false, tel: 2 },
  // Outside the 28 days: left out.
  { ...firstLoad, route: '/faq', daysAgo: 40, lcp: 59_999, tel: maxLeadTaps },
  // One first load of the home page.
  { ...firstLoad, route: '/', lcp: 1500, inp: 80, cls: 0.01, fcp: 700, ttfb: 90 },
]
// Leads: /faq one (another is 40 days old), a service page one (a route without views here),
// and one without a source (not counted on any route).
const leads = [
  { source: '/faq', daysAgo: 1 },
  { source: '/faq', daysAgo: 40 },
  { source: '/services/$serviceId', daysAgo: 3 },
  { source: null, daysAgo: 2 },
]

describe.each([
  { target: 'PGlite (embedded)', open: openPgliteSchemaDatabase },
  {
    target: 'PostgreSQL 15 (Supabase, npm run report with SUPABASE_DB_URL)',
    open: () => openPostgres15SchemaDatabase(2),
  },
])('site_report on $target', ({ open }) => {
  let db: SchemaDatabase

  beforeAll(async () => {
    db = await open()
  })
  afterAll(() => db?.close())
  beforeEach(async () => {
    await db.database.query('truncate public.page_views, public.contact_messages')
    // Each view goes in as the endpoint writes it: validated, mapped to a row, recorded.
    const store = createSqlPageViewStore(db.database)
    for (const { daysAgo = 0, ...beacon } of views) {
      await store.record([pageViewRow(v.parse(beaconSchema, beacon))])
      await db.database.query(
        `update public.page_views set received_at = now() - make_interval(days => $1)
         where id = (select max(id) from public.page_views)`,
        [daysAgo],
      )
    }
    for (const lead of leads) {
      await db.database.query(
        `insert into public.contact_messages (name, email, phone, message, created_at, source_route)
         values ('Ada', 'ada@example.com', '905 555 0142', 'A kitchen, please.',
           now() - make_interval(days => $1), $2)`,
        [lead.daysAgo, lead.source],
      )
    }
  })

  it('matches the hand count of the seeded month', async () => {
    const report = parseSiteReport(await createSqlPageViewStore(db.database).report(28))
    expect(report.days).toBe(28)
    expect(report.routes.map((route) => route.route)).toEqual(['/faq', '/', '/services/$serviceId'])
    const [faq, home, service] = report.routes
    expect(faq).toMatchObject({
      views: 6,
      loads: 4,
      lcpSamples: 4,
      inpSamples: 3,
      calls: 2,
      emails: 1,
      leads: 1,
      viewsWithEarlyTaps: 1,
      earlyTaps: 3,
      earlyTapsDropped: 1,
      slowInpTargets: [{ target: 'button#a', count: 2, worstMs: 600 }],
    })
    expect(faq?.lcpP75).toBeCloseTo(3000, 6)
    expect(faq?.inpP75).toBeCloseTo(600, 6)
    expect(faq?.clsP75).toBeCloseTo(0.1, 6)
    expect(faq?.fcpP75).toBeCloseTo(900, 6)
    expect(faq?.ttfbP75).toBeCloseTo(300, 6)
    expect(home).toMatchObject({ views: 1, loads: 1, lcpP75: 1500, leads: 0, calls: 0 })
    expect(service).toMatchObject({ views: 0, leads: 1, lcpP75: null, slowInpTargets: [] })
    expect(siteTotals(report)).toEqual({ views: 7, leads: 2, calls: 2, emails: 1, errors: 0 })

    const text = formatSiteReport(report)
    expect(text).toContain('7 views · 2 leads · 2 calls · 1 emails')
    expect(text).toMatch(/\/faq +█{24} {2}6 views/)
    expect(text).toContain('LCP 3000 ms needs work · INP 600 ms POOR · CLS 0.10 good')
    expect(text).toContain('FCP 900 ms good · TTFB 300 ms good')
    expect(text).toContain('slow INP ×2 (worst 600 ms): button#a')
    expect(text).toContain('taps before the app started 3 (1 dropped)')
  })

  it('keeps 13 months: older views go, and older leads lose their source', async () => {
    await db.database.query(
      `update public.page_views set received_at = now() - interval '14 months' where route = '/'`,
    )
    await db.database.query(
      `update public.contact_messages set created_at = now() - interval '14 months'
        where source_route = '/services/$serviceId'`,
    )
    const store = createSqlPageViewStore(db.database)
    expect(await store.prune()).toBe(2)
    const left = await db.database.query<{ n: number | string }>(
      `select count(*) as n from public.page_views where route = '/'`,
    )
    expect(Number(left.rows[0]?.n)).toBe(0)
    const messages = await db.database.query<{ n: number | string }>(
      `select count(*) as n from public.contact_messages where source_route is null`,
    )
    expect(Number(messages.rows[0]?.n)).toBe(2)
    expect(await store.prune()).toBe(0)
  })

  it('is closed to the API roles: anon and authenticated can neither read nor write', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select * from public.page_views',
        'select * from public.page_errors',
        `insert into public.page_errors (route, message) values ('/faq', 'Uncaught Error: x')`,
        'select public.site_report(28)',
        `select public.record_page_views('[]'::jsonb)`,
        'select public.prune_site_analytics()',
        'select source_route from public.contact_messages',
      ]) {
        await expect(
          db.database.transaction(async (tx) => {
            await tx.query(`set local role ${role}`)
            await tx.query(sql)
          }),
        ).rejects.toMatchObject({ code: '42501' })
      }
    }
  })
})

describe('ratings', () => {
  it("follow Google's thresholds: good up to the first, poor past the second", () => {
    expect(rateVital('lcp', 2500)).toBe('good')
    expect(rateVital('lcp', 2501)).toBe('needs improvement')
    expect(rateVital('lcp', 4001)).toBe('poor')
    expect(rateVital('inp', 200)).toBe('good')
    expect(rateVital('inp', 501)).toBe('poor')
    expect(rateVital('cls', 0.1)).toBe('good')
    expect(rateVital('cls', 0.26)).toBe('poor')
  })
})

describe('errors in the report', () => {
  const route = {
    route: '/gallery',
    views: 3,
    loads: 3,
    lcpP75: null,
    inpP75: null,
    clsP75: null,
    fcpP75: null,
    ttfbP75: null,
    lcpSamples: 0,
    inpSamples: 0,
    viewsWithEarlyTaps: 0,
    earlyTaps: 0,
    earlyTapsDropped: 0,
    calls: 0,
    emails: 0,
    leads: 0,
    slowInpTargets: [],
  }
  const document = { days: 28, generatedAt: '2026-12-04T16:00:00.000+00:00', routes: [route] }

  it('reads a snapshot from before errors were counted as none', () => {
    const [gallery] = parseSiteReport(document).routes
    expect(gallery).toMatchObject({ errors: 0, commonErrors: [] })
    const text = formatSiteReport(parseSiteReport(document))
    expect(text).toContain('· 0 browser errors')
    expect(text).not.toContain('  browser errors')
  })

  it('prints each route’s errors and its commonest messages with where and when last thrown', () => {
    const report = parseSiteReport({
      ...document,
      routes: [
        {
          ...route,
          errors: 3,
          commonErrors: [
            {
              message: 'Uncaught TypeError: x is not a function',
              count: 2,
              source: '/assets/index-B1.js:1:2048',
              lastAt: '2026-12-04T15:42:10.5+00:00',
            },
            {
              message: 'Unhandled rejection: string',
              count: 1,
              source: null,
              lastAt: '2026-12-03T09:01:00+00:00',
            },
          ],
        },
      ],
    })
    expect(siteTotals(report).errors).toBe(3)
    const text = formatSiteReport(report)
    expect(text).toContain('3 views · 0 leads · 0 calls · 0 emails · 3 browser errors')
    expect(text).toContain(
      '  browser errors 3\n' +
        '  error ×2, last 2026-12-04 15:42 at /assets/index-B1.js:1:2048: Uncaught TypeError: x is not a function\n' +
        '  error ×1, last 2026-12-03 09:01: Unhandled rejection: string',
    )
  })
})
