/**
 * `npm run report [-- --json]`: the contact path's figures and last check, then how real visitors
 * fared over the last 28 days, per route (the owner's page shows the same). Embedded (default):
 * the server's snapshot in <DATA_DIR>/report, never the PGlite directory it holds. Supabase: the
 * database with SUPABASE_DB_URL, or the data API and the function's self-check with
 * SUPABASE_URL and SUPABASE_SECRET_KEY.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
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
  contactCheckFile,
  createSqlPageViewStore,
  createSupabasePageViewStore,
  ownerReportDocument,
  type PageViewStore,
  reportDir,
  reportSnapshotFile,
} from '../src/server/field-vitals/page-view-store.server.ts'
import { consoleLogger } from '../supabase/functions/_shared/log.ts'
import { withPostgres } from './lib/postgres.ts'

const fromStore = (store: PageViewStore) => ownerReportDocument(store, reportDays, consoleLogger)

const fromPostgres = (url: string) =>
  withPostgres(url, (db) => fromStore(createSqlPageViewStore(db)))

/** A file of the report folder; undefined until the server has written it. */
const readJson = (file: string): unknown =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined

async function main() {
  const args = process.argv.slice(2)
  const unknown = args.find((arg) => arg !== '--json')
  if (unknown === '--help' || unknown === '-h')
    return console.info('Usage: npm run report [-- --json]')
  if (unknown !== undefined) {
    console.error(`Unknown option ${unknown}. Try --help.`)
    process.exitCode = 2
    return
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = (name: string) => process.env[name]?.trim() || undefined
  const dbUrl = env('SUPABASE_DB_URL')
  const url = env('SUPABASE_URL')
  const secretKey = env('SUPABASE_SECRET_KEY')
  if (url && !secretKey && !dbUrl) {
    console.error(
      'Figures are stored in Supabase (SUPABASE_URL is set): set SUPABASE_SECRET_KEY (as the ' +
        "site has it) or SUPABASE_DB_URL (the project's Postgres connection string).",
    )
    process.exitCode = 1
    return
  }
  let document: unknown
  let contactCheck: ContactCheck | undefined
  let contactCheckMissing = 'Contact path: not checked yet (the server checks it at start).'
  if (url && secretKey) {
    const silent = { info() {}, warn() {}, error() {} }
    contactCheck = await createContactFunctionClient({ url, secretKey, log: silent }).selfCheck()
    document = await (dbUrl
      ? fromPostgres(dbUrl)
      : fromStore(createSupabasePageViewStore({ url, secretKey })))
  } else if (dbUrl) {
    contactCheckMissing =
      'Contact path: set SUPABASE_URL and SUPABASE_SECRET_KEY to run its check through the function.'
    document = await fromPostgres(dbUrl)
  } else {
    // Same default as DATA_DIR in app.config.ts.
    const dir = reportDir(resolve(env('DATA_DIR') ?? '.data'))
    document = readJson(join(dir, reportSnapshotFile))
    contactCheck = parseContactCheck(readJson(join(dir, contactCheckFile)))
    if (document === undefined) {
      return console.info(
        `No figures yet: the server writes ${join(dir, reportSnapshotFile)} when it starts.`,
      )
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
  console.error(`The figures could not be read: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
})
