/**
 * Supabase mode with real parts: PostgreSQL 15 with every migration, the gateway stand-in that
 * runs each request in Postgres as its key's role (test/support/postgrest-stand-in.ts), and the
 * real supabase-js. Two site instances write beacons (page views and errors) to the one database; the publishable key
 * reaches none of it; a database that cannot write, or a gateway out of reach, gets the beacon a
 * 503, never a 204.
 */
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseSiteReport } from '#src/features/site-report/site-report.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { beaconRequest } from '#test/field-vitals/beacon-request.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import { openPostgres15SchemaDatabase, type SchemaDatabase } from '#test/support/supabase-schema.ts'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder } from './page-view-recorder.server'
import { createSupabasePageViewStore } from './page-view-store.server'

describe('page views in Supabase mode (PostgreSQL 15, gateway stand-in)', () => {
  let db: SchemaDatabase
  let gateway: PostgrestStandIn

  beforeAll(async () => {
    db = await openPostgres15SchemaDatabase(4)
    gateway = await startPostgrestStandIn({ database: db.database })
  })
  afterAll(async () => {
    await gateway?.close()
    await db?.close()
  })
  beforeEach(async () => {
    await db.database.query('drop trigger if exists disk_full on public.page_views')
    await db.database.query('truncate public.page_views, public.page_errors')
  })

  /** One site instance: its own recorder and endpoint, the shared database behind the secret key. */
  const instance = (url = gateway.url) => {
    const log = createMemoryLogger()
    const store = createSupabasePageViewStore({ url, secretKey: gateway.secretKey })
    const recorder = createPageViewRecorder(() => store, log, { flushAfterMs: 5 })
    const endpoint = createBeaconEndpoint(
      recorder,
      () => ({ TRUST_PROXY: 'true', SITE_URL: 'http://site.test' }),
      log,
    )
    const post = (beacon: object, address: string) =>
      endpoint.handle(beaconRequest(beacon, address)) as Promise<Response>
    return { recorder, post, log }
  }

  it('two instances write to the one database through the secret key, and the report adds them up', async () => {
    const [first, second] = [instance(), instance()]
    const load = { route: '/gallery', nav: 'load', device: 'phone', view: true, lcp: 2000 }
    for (let i = 0; i < 3; i++) {
      expect((await first.post({ ...load, lcp: 1000 * (i + 1) }, `203.0.113.${i}`)).status).toBe(
        204,
      )
    }
    expect((await second.post({ ...load, lcp: 4000 }, '203.0.113.9')).status).toBe(204)
    expect(
      (
        await second.post(
          { route: '/gallery', nav: 'client', device: 'phone', view: true, tel: 1 },
          '203.0.113.9',
        )
      ).status,
    ).toBe(204)
    // A page's error goes the same way, from either instance.
    const error = { route: '/gallery', error: 'Uncaught TypeError: x is not a function' }
    expect((await first.post(error, '203.0.113.10')).status).toBe(204)
    expect((await second.post(error, '203.0.113.11')).status).toBe(204)
    await Promise.all([first.recorder.flush(), second.recorder.flush()])
    for (const site of [first, second]) {
      expect(site.log.entries).toEqual([
        {
          level: 'error',
          event: 'browser.error',
          fields: { route: '/gallery', message: error.error, at: null },
        },
      ])
    }

    const store = createSupabasePageViewStore({ url: gateway.url, secretKey: gateway.secretKey })
    const [gallery] = parseSiteReport(await store.report(28)).routes
    // LCP 1000 2000 3000 4000: p75 is the 3rd of the 4.
    expect(gallery).toMatchObject({
      route: '/gallery',
      views: 5,
      loads: 4,
      calls: 1,
      lcpP75: 3000,
      errors: 2,
      commonErrors: [{ message: error.error, count: 2, source: null }],
    })
    expect(await store.prune()).toBe(0)
  })

  it('answers 503 and keeps nothing when the database cannot write (a full disk)', async () => {
    await db.database.query(`
        create or replace function public.refuse_as_disk_full() returns trigger
        language plpgsql as $$
        begin
          raise exception 'could not extend file: No space left on device' using errcode = '53100';
        end $$`)
    await db.database.query(`
        create trigger disk_full before insert on public.page_views
          for each statement execute function public.refuse_as_disk_full()`)
    const site = instance()
    const load = { route: '/gallery', nav: 'load', device: 'phone', view: true, lcp: 2000 }
    const response = await site.post(load, '203.0.113.20')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(site.log.entries.map((entry) => entry.event)).toEqual(['vitals.record_failed'])
    await site.recorder.flush()
    const stored = await db.database.query<{ n: number }>(
      'select count(*)::int as n from public.page_views',
    )
    expect(stored.rows).toEqual([{ n: 0 }])
  })

  it('answers 503 when Supabase cannot be reached', async () => {
    const site = instance('http://127.0.0.1:9')
    const load = { route: '/gallery', nav: 'load', device: 'phone', view: true, lcp: 2000 }
    expect((await site.post(load, '203.0.113.21')).status).toBe(503)
    await site.recorder.flush()
  })

  it('the publishable key can neither write, read, report nor prune', async () => {
    const anon = createClient(gateway.url, gateway.anonKey, { auth: { persistSession: false } })
    const attempts = [
      await anon.rpc('record_page_views', {
        views: [{ route: '/', navigation: 'load', device: 'phone', new_view: true }],
      }),
      await anon.rpc('site_report', { days: 28 }),
      await anon.rpc('prune_site_analytics'),
      await anon.from('page_views').select('*'),
      await anon.from('page_errors').select('*'),
    ]
    for (const { error, data } of attempts) {
      expect(data).toBeNull()
      expect(error?.code).toBe('42501')
    }
    const stored = await db.database.query<{ n: number }>(
      'select count(*)::int as n from public.page_views',
    )
    expect(stored.rows).toEqual([{ n: 0 }])
  })
})
