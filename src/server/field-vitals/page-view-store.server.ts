/**
 * Where page views are written and the report is read: the embedded database (or any Postgres,
 * as `npm run report` reaches Supabase's with SUPABASE_DB_URL) as service_role, or Supabase
 * through its data API with the secret key. Both call the same functions of the migration
 * (record_page_views, site_report, contact_notification_report, prune_site_analytics), which no
 * other role may execute.
 * `npm run report` imports it too, so its imports are relative with their extensions.
 */
import { createClient } from '@supabase/supabase-js'
import type { PageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { asServiceRole, type Database } from '#supabase/functions/_shared/contact/database.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'

export interface PageViewStore {
  record(rows: readonly PageViewRow[]): Promise<number>
  /** site_report()'s JSON document for the last `days` days. */
  report(days: number): Promise<unknown>
  /** contact_notification_report()'s document: messages stored, notified, waiting, failed. */
  contactFigures(): Promise<unknown>
  /** Deletes what is older than 13 months; answers how many rows changed. */
  prune(): Promise<number>
}

export function createSqlPageViewStore(database: Database): PageViewStore {
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
    asServiceRole(database, async (tx) => {
      const { rows } = await tx.query<{ result: T }>(sql, params)
      return rows[0]?.result as T
    })
  return {
    record: (rows) =>
      one<number>('select public.record_page_views($1::jsonb) as result', [JSON.stringify(rows)]),
    report: (days) => one<unknown>('select public.site_report($1::integer) as result', [days]),
    contactFigures: () => one<unknown>('select public.contact_notification_report() as result'),
    prune: () => one<number>('select public.prune_site_analytics() as result'),
  }
}

export function createSupabasePageViewStore({
  url,
  secretKey,
  timeoutMs = 8_000,
}: {
  url: string
  secretKey: string
  timeoutMs?: number
}): PageViewStore {
  const client = createClient(url, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: timeoutMs, retry: false },
    global: {
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    },
  })
  const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error, status } = await client.rpc(name, args)
    if (error) throw new Error(`Supabase ${name} failed (HTTP ${status}): ${error.message}`)
    return data as T
  }
  return {
    record: (rows) => call<number>('record_page_views', { views: rows }),
    report: (days) => call<unknown>('site_report', { days }),
    contactFigures: () => call<unknown>('contact_notification_report', {}),
    prune: () => call<number>('prune_site_analytics', {}),
  }
}

/**
 * The owner's report as one document: site_report()'s, with the contact figures as `contact`
 * (null when they could not be read, as before their migration is applied: the rest still shows).
 */
export async function ownerReportDocument(
  store: PageViewStore,
  days: number,
  log: Logger,
): Promise<Record<string, unknown>> {
  const [site, contact] = await Promise.all([
    store.report(days),
    store.contactFigures().catch((error: unknown) => {
      log.error('report.contact_figures_failed', { error: describeError(error) })
      return null
    }),
  ])
  return { ...(site as Record<string, unknown>), contact }
}
