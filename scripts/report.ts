/**
 * `npm run report`: first the contact path (messages stored, notified, not yet notified and the
 * oldest one's wait, failed for good by the class of their last error), then how real visitors
 * fared over the last 28 days, per route: p75 of each Web Vital against Google's thresholds,
 * views, leads, calls and emails, slow interactions' elements, and a bar of views per route. The
 * owner's page (OWNER_REPORT_KEY) shows the same figures.
 *
 * Embedded database (default): reads <DATA_DIR>/report/site-report.json, which the server writes
 * at start, every ten minutes and at stop (it never opens the PGlite directory the server holds):
 * its figures may be ten minutes old, but each wait is counted to now.
 * Supabase: with SUPABASE_DB_URL it asks the database directly as service_role; otherwise with
 * SUPABASE_URL and SUPABASE_SECRET_KEY through the data API (site_report() and
 * contact_notification_report(), which only the secret key may run).
 *
 * After the contact figures, the contact path's last check: embedded, the server's copy beside the report
 * (<DATA_DIR>/report/contact-check.json, written at each check); Supabase, the function's
 * self-check run now (with SUPABASE_URL and SUPABASE_SECRET_KEY).
 *
 * Options: --json (the figures as JSON, the check as `contactCheck`).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import process from 'node:process'
import {
  type ContactCheck,
  formatContactCheck,
  parseContactCheck,
} from '../src/features/site-report/contact-check.ts'
import {
  formatSiteReport,
  parseSiteReport,
  reportDays,
} from '../src/features/site-report/site-report.ts'
import { createContactFunctionClient } from '../src/server/contact/contact-function-client.server.ts'
import {
  createSqlPageViewStore,
  createSupabasePageViewStore,
  ownerReportDocument,
} from '../src/server/field-vitals/page-view-store.server.ts'
import {
  contactCheckFile,
  readJsonFile,
  readReportSnapshot,
  reportDir,
} from '../src/server/field-vitals/report-snapshot.server.ts'
import { consoleLogger } from '../supabase/functions/_shared/contact/log.ts'

async function fromPostgres(url: string): Promise<unknown> {
  const { default: pg } = await import('pg')
  const { createPgDatabase } = await import('../supabase/functions/_shared/contact/database.ts')
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 })
  try {
    return await ownerReportDocument(
      createSqlPageViewStore(createPgDatabase(pool)),
      reportDays,
      consoleLogger,
    )
  } finally {
    await pool.end()
  }
}

async function main() {
  const args = process.argv.slice(2)
  const unknown = args.find((arg) => arg !== '--json')
  if (unknown !== undefined) {
    console.error(
      unknown === '--help' || unknown === '-h'
        ? 'Usage: npm run report [-- --json]'
        : `Unknown option ${unknown}. Try --help.`,
    )
    process.exitCode = unknown === '--help' || unknown === '-h' ? 0 : 2
    return
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = (name: string) => process.env[name]?.trim() || undefined

  let document: unknown
  let contactCheck: ContactCheck | undefined
  let contactCheckMissing = 'Contact path: not checked yet (the server checks it at start).'
  const dbUrl = env('SUPABASE_DB_URL')
  const supabaseUrl = env('SUPABASE_URL')
  const secretKey = env('SUPABASE_SECRET_KEY')
  if (supabaseUrl && secretKey) {
    const silent = { info() {}, warn() {}, error() {} }
    contactCheck = await createContactFunctionClient({
      url: supabaseUrl,
      secretKey,
      log: silent,
    }).selfCheck()
  } else if (supabaseUrl || dbUrl) {
    contactCheckMissing =
      'Contact path: set SUPABASE_URL and SUPABASE_SECRET_KEY to run its check through the function.'
  }
  if (dbUrl) document = await fromPostgres(dbUrl)
  else if (supabaseUrl && secretKey) {
    document = await ownerReportDocument(
      createSupabasePageViewStore({ url: supabaseUrl, secretKey }),
      reportDays,
      consoleLogger,
    )
  } else if (supabaseUrl) {
    console.error(
      'Figures are stored in Supabase (SUPABASE_URL is set): set SUPABASE_SECRET_KEY (as the ' +
        "site has it) or SUPABASE_DB_URL (the project's Postgres connection string).",
    )
    process.exitCode = 1
    return
  } else {
    // Same default as DATA_DIR in app.config.ts.
    const dataDir = resolve(env('DATA_DIR') ?? '.data')
    document = await readReportSnapshot(reportDir(dataDir))
    contactCheck = parseContactCheck(await readJsonFile(reportDir(dataDir), contactCheckFile))
    if (document === undefined) {
      console.info(
        `No figures yet: the server writes ${reportDir(dataDir)}/site-report.json when it starts ` +
          `(DATA_DIR is ${dataDir}).`,
      )
      return
    }
  }
  const report = parseSiteReport(document)
  console.info(
    args.includes('--json')
      ? JSON.stringify({ ...report, contactCheck: contactCheck ?? null }, null, 2)
      : formatSiteReport(report, {
          contactCheck: contactCheck ? formatContactCheck(contactCheck) : contactCheckMissing,
        }),
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
