/**
 * The owner's report of the contact path, counted by contact_notification_report() against what
 * the contact store did: messages stored, notified, waiting, failed for good. On both engines,
 * read as the embedded server and `npm run report` with SUPABASE_DB_URL read it (SQL as
 * service_role), and as Supabase mode reads it (supabase-js through the gateway stand-in).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createSqlPageViewStore,
  createSupabasePageViewStore,
  ownerReportDocument,
  reportSnapshotFile,
  writeReportSnapshot,
} from '#src/server/field-vitals/page-view-store.server.ts'
import { createPostgresContactStore } from '#supabase/functions/_shared/contact/contact-store.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { exampleContactFields } from '#test/contact/contact-examples.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import {
  openPgliteSchemaDatabase,
  openPostgres15SchemaDatabase,
  type SchemaDatabase,
} from '#test/support/supabase-schema.ts'
import { contactHealth, formatSiteReport, parseSiteReport } from './site-report'

const visitorText = 'Our basement floods every spring, please call after six.'
const message = (name: string) => ({
  ...exampleContactFields,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: '905 555 0142',
  service: 'Home Improvement' as const,
  message: visitorText,
})

/** Last errors as the outbox records them (describeError of what each transport throws). */
const errors = {
  refused: 'Error ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
  // nodemailer's own code around the network's.
  smtpRefused: 'Error ESOCKET: connect ECONNREFUSED 127.0.0.1:2525',
  apiKey: 'Error: mail API answered HTTP 401: {"message":"API key is invalid"}',
}

describe.each([
  { target: 'PGlite (embedded)', open: openPgliteSchemaDatabase },
  {
    target: 'PostgreSQL 15 (Supabase)',
    open: () => openPostgres15SchemaDatabase(4),
  },
])('the contact figures on $target', ({ open }) => {
  let db: SchemaDatabase
  let gateway: PostgrestStandIn
  const snapshots = mkdtempSync(join(tmpdir(), 'contact-figures-'))

  beforeAll(async () => {
    db = await open()
    gateway = await startPostgrestStandIn({ database: db.database })
  })
  afterAll(async () => {
    await gateway?.close()
    await db?.close()
    rmSync(snapshots, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await db.database.query('truncate public.page_views, public.contact_messages')
  })

  /**
   * Eight messages through the contact store: two notified, three failed for good (two with the
   * mail server refusing connections, one with the mail API refusing its key), two still waiting,
   * the older of them stored two hours ago; two kept with their captcha unchecked, one of them
   * held. Answers the count by hand.
   */
  async function seed() {
    const store = createPostgresContactStore(db.database)
    const ids: string[] = []
    for (const name of ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal']) {
      // The last two were kept although their captcha could not be checked (decision 027), the
      // last of them held past the hourly cap of such messages (decision 040).
      const unchecked = { captchaUnchecked: 'misconfigured: invalid-input-secret' }
      const stored = await store.insert(
        message(name),
        name === 'Gus' ? unchecked : name === 'Hal' ? { ...unchecked, uncheckedPerHour: 1 } : {},
      )
      if (!stored.stored) throw new Error('not stored')
      ids.push(stored.id)
    }
    const [sent1, sent2, failed1, failed2, failed3, waiting1] = ids
    for (const [id, outcome] of [
      [sent1, 'sent'],
      [sent2, 'sent'],
      [failed1, errors.refused],
      [failed2, errors.smtpRefused],
      [failed3, errors.apiKey],
      [waiting1, 'retry'],
    ] as const) {
      const [claimed] = await store.claimDue({ id, limit: 1, leaseMs: 60_000 })
      if (!claimed) throw new Error('not claimed')
      const attempt = claimed.notificationAttempts
      if (outcome === 'sent') await store.markSent(claimed.id, attempt)
      else if (outcome === 'retry')
        await store.markAttemptFailed(claimed.id, attempt, errors.refused, 30_000)
      else await store.markAttemptFailed(claimed.id, attempt, outcome, null)
    }
    await db.database.query(
      `update public.contact_messages set created_at = now() - interval '2 hours' where id = $1`,
      [waiting1],
    )
    return { stored: 8, notified: 2, waiting: 2, failed: 3, captchaUnchecked: 2, held: 1 }
  }

  it('count stored against notified, waiting and failed, as the store left them', async () => {
    const counted = await seed()
    const figures = (await createSqlPageViewStore(db.database).contactFigures()) as Record<
      string,
      unknown
    >
    expect(figures).toMatchObject({
      ...counted,
      failedBy: [
        { errorClass: 'ECONNREFUSED', count: 2 },
        { errorClass: 'HTTP 401', count: 1 },
      ],
    })
    const waited =
      Date.parse(String(figures.generatedAt)) - Date.parse(String(figures.oldestWaitingAt))
    expect(Math.round(waited / 60_000)).toBe(120)
    // Nothing of a message or of an error's detail: only counts and classes.
    const text = JSON.stringify(figures)
    for (const secret of [visitorText, 'ada@example.com', '127.0.0.1', 'API key is invalid']) {
      expect(text).not.toContain(secret)
    }

    // Supabase mode reads the same through its data API, with the secret key.
    const overApi = createSupabasePageViewStore({
      url: gateway.url,
      secretKey: gateway.secretKey,
    })
    expect(await overApi.contactFigures()).toMatchObject({
      ...counted,
      failedBy: figures.failedBy,
    })

    const report = parseSiteReport(
      await ownerReportDocument(createSqlPageViewStore(db.database), 28, createMemoryLogger()),
    )
    const now = new Date(String(figures.generatedAt))
    expect(contactHealth(report.contact, now)).toBe('failed')
    const [first, second, third, fourth] = formatSiteReport(report, { now }).split('\n')
    expect(first).toBe(
      'Contact messages: 8 stored · 2 notified · 2 not yet notified (oldest waiting 2 h 0 min) · 3 failed for good',
    )
    expect(second).toMatch(
      /^ {2}2 kept with the captcha not checked .* 1 of them held past the hourly limit/,
    )
    expect(third).toBe('  failed for good, by last error: ECONNREFUSED ×2 · HTTP 401 ×1')
    expect(fourth).toMatch(/^ {2}TROUBLE: Some notifications will not be sent\./)
  })

  it('say all is well when every message was notified, and none yet stored', async () => {
    const store = createSqlPageViewStore(db.database)
    const empty = parseSiteReport(await ownerReportDocument(store, 28, createMemoryLogger()))
    expect(empty.contact).toMatchObject({
      stored: 0,
      notified: 0,
      waiting: 0,
      failed: 0,
      failedBy: [],
      oldestWaitingAt: null,
    })
    expect(formatSiteReport(empty).split('\n')[0]).toBe(
      'Contact messages: 0 stored · 0 notified · 0 not yet notified · 0 failed for good',
    )
    expect(contactHealth(empty.contact, new Date())).toBe('ok')
  })

  it('reach `npm run report` through the embedded snapshot', async () => {
    const counted = await seed()
    const log = createMemoryLogger()
    await writeReportSnapshot(snapshots, createSqlPageViewStore(db.database), log)
    const report = parseSiteReport(
      JSON.parse(readFileSync(join(snapshots, reportSnapshotFile), 'utf8')),
    )
    expect(report.contact).toMatchObject(counted)
    expect(log.entries).toEqual([])
  })

  it('are closed to the API roles', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        db.database.transaction(async (tx) => {
          await tx.query(`set local role ${role}`)
          await tx.query('select public.contact_notification_report()')
        }),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('leave the rest of the report standing when they cannot be read', async () => {
    const log = createMemoryLogger()
    await db.database.query(
      'alter function public.contact_notification_report() rename to contact_report_moved',
    )
    try {
      const report = parseSiteReport(
        await ownerReportDocument(createSqlPageViewStore(db.database), 28, log),
      )
      expect(report.contact).toBeNull()
      expect(report.routes).toEqual([])
      expect(formatSiteReport(report).split('\n')[0]).toMatch(
        /^Contact messages: figures unavailable/,
      )
      expect(log.entries.map((entry) => [entry.level, entry.event])).toEqual([
        ['error', 'report.contact_figures_failed'],
      ])
    } finally {
      await db.database.query(
        'alter function public.contact_report_moved() rename to contact_notification_report',
      )
    }
  })
})

describe('a report snapshot written before the contact figures', () => {
  it('parses, with the figures unknown', () => {
    const report = parseSiteReport({ days: 28, generatedAt: '2026-11-01T00:00:00Z', routes: [] })
    expect(report.contact).toBeNull()
    expect(contactHealth(report.contact, new Date())).toBe('unknown')
  })
})
