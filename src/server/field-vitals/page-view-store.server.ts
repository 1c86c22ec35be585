// Page views written and the report read through functions only service_role may run: as that
// role in any Postgres (embedded, SUPABASE_DB_URL), or through Supabase's data API (secret key).
// The report and contact check also go to files, so `npm run report` never opens the server's PGlite.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import writeFileAtomic from 'write-file-atomic'
import type { PageErrorRow, PageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { reportDays } from '#src/features/site-report/site-report.ts'
import { asServiceRole, type Database } from '#supabase/functions/_shared/contact/database.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/log.ts'

export type PageViewStore = ReturnType<typeof createSqlPageViewStore>

export function createSqlPageViewStore(database: Database) {
  const one = (sql: string, params: unknown[] = []) =>
    asServiceRole(database, async (tx) => (await tx.query<{ r: unknown }>(sql, params)).rows[0]?.r)
  return {
    record: (rows: (PageViewRow | PageErrorRow)[]) =>
      one('select public.record_page_views($1::jsonb) as r', [JSON.stringify(rows)]),
    report: (days: number) => one('select public.site_report($1::integer) as r', [days]),
    contactFigures: () => one('select public.contact_notification_report() as r'),
    prune: async () => Number(await one('select public.prune_site_analytics() as r')),
  }
}

export function createSupabasePageViewStore(options: { url: string; secretKey: string }) {
  const client = createClient(options.url, options.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: 8_000 },
  })
  const call = async (name: string, args = {}) =>
    (await client.rpc(name, args).throwOnError()).data as unknown
  return {
    record: (views) => call('record_page_views', { views }),
    report: (days) => call('site_report', { days }),
    contactFigures: () => call('contact_notification_report'),
    prune: async () => Number(await call('prune_site_analytics')),
  } satisfies PageViewStore
}

/** site_report()'s document, with the contact figures as `contact` (null when unreadable). */
export async function ownerReportDocument(store: PageViewStore, days: number, log: Logger) {
  const [site, contact] = await Promise.all([
    store.report(days),
    store.contactFigures().catch((error: unknown) => {
      log.error('report.contact_figures_failed', { error: describeError(error) })
      return null
    }),
  ])
  return { ...(site as Record<string, unknown>), contact }
}

export const reportDir = (dataDir: string) => join(dataDir, 'report')
export const reportSnapshotFile = 'site-report.json'
export const contactCheckFile = 'contact-check.json'

export async function writeJsonAtomically(dir: string, name: string, document: unknown) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFileAtomic(join(dir, name), `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 })
}

export const writeContactCheck = (dataDir: string, report: unknown) =>
  writeJsonAtomically(reportDir(dataDir), contactCheckFile, report)

export const writeReportSnapshot = async (dir: string, store: PageViewStore, log: Logger) =>
  writeJsonAtomically(dir, reportSnapshotFile, await ownerReportDocument(store, reportDays, log))
