/**
 * `npm run verify:deploy`: checks a deploy on a hosted Supabase project from outside, as anyone
 * on the internet could, and prints a checklist (✓ passed, ✗ failed, ! could not tell or skipped).
 * Exits with 1 when any check failed.
 *
 * Needs the site's URL and the project's URL and publishable key (flags, or SITE_URL,
 * SUPABASE_URL, SUPABASE_ANON_KEY). With SUPABASE_SECRET_KEY it also compares the gallery with the
 * bucket (listing a bucket needs the secret key) and can send one real message. No key is printed.
 *
 * What the publishable key must not do, and what counts as refused (any other answer, an
 * unreachable project among them, fails the check: it could not be shown):
 * - read the contact tables: an error (401/403, permission denied, or 404: not exposed), or an
 *   empty list (the key has SELECT but row level security shows it no row);
 * - write them: an insert of a row that breaks the table's own constraints, so that nothing can
 *   be stored even if the key could write. Refused means permission denied or row level security
 *   (42501, 401/403); a constraint error means the insert got past both, and fails the check;
 * - call the privileged database functions: called with GET, which PostgREST runs in a read-only
 *   transaction, so a function the key may run still changes nothing. Refused means permission
 *   denied (or not found for this key);
 * - call the contact function: it must answer 401, as it must without any key.
 *
 * With SUPABASE_SECRET_KEY it runs the contact path's self-check through the function, as each
 * instance does: the function answers and accepts the key, hCaptcha accepts the secret and the
 * site key (on a dummy token), the mail transport is configured (an SMTP server answers), and the
 * database answers. Each is printed; a failed one fails the run.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { parseArgs } from 'node:util'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { galleryBucket } from '../src/features/gallery/storage-path.ts'
import { createContactFunctionClient } from '../src/server/contact/contact-function-client.server.ts'
import {
  contactFunctionName,
  visitorIpHeader,
} from '../supabase/functions/_shared/contact/contact-wire.ts'
import { bucketManifestFile, planBucketFolderImport } from './lib/bucket-folder-import.ts'

type Outcome = 'pass' | 'fail' | 'warn'

interface CheckResult {
  outcome: Outcome
  title: string
  detail: string
}

interface Settings {
  siteUrl: string
  supabaseUrl: string
  publishableKey: string
  secretKey: string | undefined
  sendTestMessage: boolean
  captchaToken: string | undefined
}

const usage = `Usage: npm run verify:deploy -- --site https://www.your-domain \\
         --supabase-url https://<ref>.supabase.co --publishable-key sb_publishable_…
       [--send-test-message --captcha-token <token>]

Flags fall back to SITE_URL, SUPABASE_URL, SUPABASE_ANON_KEY. With SUPABASE_SECRET_KEY (only ever
from the environment) it also compares the gallery with the bucket, and --send-test-message sends
one message through the contact function as the site does (it needs a captcha token the function
accepts: with the function on hCaptcha's test secret, the test token 10000000-aaaa-bbbb-cccc-000000000001; with real keys, a token
from solving the widget on the site, used within two minutes).`

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      'supabase-url': { type: 'string' },
      'publishable-key': { type: 'string' },
      'send-test-message': { type: 'boolean', default: false },
      'captcha-token': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.info(usage)
    process.exit(0)
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = (name: string) => process.env[name]?.trim() || undefined
  const siteUrl = values.site ?? env('SITE_URL')
  const supabaseUrl = values['supabase-url'] ?? env('SUPABASE_URL')
  const publishableKey = values['publishable-key'] ?? env('SUPABASE_ANON_KEY')
  const missing = [
    siteUrl ? undefined : '--site (SITE_URL)',
    supabaseUrl ? undefined : '--supabase-url (SUPABASE_URL)',
    publishableKey ? undefined : '--publishable-key (SUPABASE_ANON_KEY)',
  ].filter(Boolean)
  if (!siteUrl || !supabaseUrl || !publishableKey) {
    console.error(`Missing ${missing.join(', ')}.\n\n${usage}`)
    process.exit(2)
  }
  return {
    siteUrl: siteUrl.replace(/\/+$/, ''),
    supabaseUrl: supabaseUrl.replace(/\/+$/, ''),
    publishableKey,
    secretKey: env('SUPABASE_SECRET_KEY'),
    sendTestMessage: values['send-test-message'],
    captchaToken: values['captcha-token'],
  }
}

const contactTables = [
  // Rows that break each table's own check constraints: even a key that could insert stores nothing.
  { table: 'contact_messages', invalidRow: { name: '', email: '', phone: '', message: '' } },
  { table: 'captcha_tokens_used', invalidRow: { token_hash: 'not-a-sha-256' } },
  { table: 'contact_rate_events', invalidRow: { client_key: '' } },
] as const

const privilegedFunctions = [
  { name: 'import_gallery_images_from_storage', args: {} },
  { name: 'sync_gallery_images_from_storage', args: {} },
  { name: 'consume_contact_rate_limit', args: { client_key: 'verify-deploy' } },
  { name: 'count_contact_captcha_failure', args: { client_key: 'verify-deploy' } },
  { name: 'contact_rate_limit_wait', args: { client_key: 'verify-deploy' } },
  { name: 'consume_contact_rate_event', args: { client_key: 'verify-deploy', kind: 'accepted' } },
  { name: 'contact_rate_limit_free_at', args: { client_key: 'verify-deploy', kind: 'accepted' } },
] as const

interface ApiAnswer {
  status: number
  code: string | undefined
  message: string | undefined
}

type Verdict = 'refused' | 'allowed' | 'unclear'

/** What an error answer of the Data API says about the key's privileges. */
function verdictOf({ status, code }: ApiAnswer): { verdict: Verdict; reason: string } {
  const label = `HTTP ${status}${code ? `, ${code}` : ''}`
  if (code === '42501' || status === 401 || status === 403) {
    return { verdict: 'refused', reason: `permission denied (${label})` }
  }
  if (status === 404 || code === 'PGRST202' || code === 'PGRST205' || code === '42P01') {
    return { verdict: 'refused', reason: `not exposed to this key (${label})` }
  }
  if (status >= 200 && status < 300) return { verdict: 'allowed', reason: label }
  // A constraint or the read-only transaction stopped it: the privilege check had let it through.
  if (code?.startsWith('23') || code === '25006') {
    return { verdict: 'allowed', reason: `past the privilege check, stopped by ${label}` }
  }
  return { verdict: 'unclear', reason: label }
}

const publishableClient = (settings: Settings) =>
  createClient(settings.supabaseUrl, settings.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

async function checkTableRead(supabase: SupabaseClient, table: string): Promise<CheckResult> {
  const title = `Publishable key cannot read ${table}`
  const { data, error, status } = await supabase.from(table).select('*').limit(1)
  if (error) {
    const { verdict, reason } = verdictOf({ status, code: error.code, message: error.message })
    if (verdict === 'refused') return { outcome: 'pass', title, detail: reason }
    return { outcome: 'fail', title, detail: `could not tell: ${reason} ${error.message}` }
  }
  if (data.length === 0) {
    return {
      outcome: 'pass',
      title,
      detail: `no rows visible (HTTP ${status}: the key may SELECT, row level security shows it nothing; the migrations revoke SELECT, so check the table's grants)`,
    }
  }
  return { outcome: 'fail', title, detail: `HTTP ${status}: rows are visible to anyone` }
}

async function checkTableWrite(
  supabase: SupabaseClient,
  table: string,
  invalidRow: Record<string, unknown>,
): Promise<CheckResult> {
  const title = `Publishable key cannot write ${table}`
  const { error, status } = await supabase.from(table).insert(invalidRow)
  if (!error) {
    return { outcome: 'fail', title, detail: `HTTP ${status}: a row was stored by anyone` }
  }
  const { verdict, reason } = verdictOf({ status, code: error.code, message: error.message })
  if (verdict === 'refused') return { outcome: 'pass', title, detail: `insert refused: ${reason}` }
  if (verdict === 'allowed') {
    return {
      outcome: 'fail',
      title,
      detail: `the key may insert: ${reason} (only this probe's invalid values kept it out)`,
    }
  }
  return { outcome: 'fail', title, detail: `could not tell: ${reason} ${error.message}` }
}

async function checkFunctionRefused(
  supabase: SupabaseClient,
  name: string,
  args: Record<string, string>,
): Promise<CheckResult> {
  const title = `Publishable key cannot run ${name}()`
  const { error, status } = await supabase.rpc(name, args, { get: true })
  if (!error) {
    return { outcome: 'fail', title, detail: `HTTP ${status}: it ran for the publishable key` }
  }
  const { verdict, reason } = verdictOf({ status, code: error.code, message: error.message })
  if (verdict === 'refused') return { outcome: 'pass', title, detail: reason }
  if (verdict === 'allowed') {
    return { outcome: 'fail', title, detail: `the key may execute it: ${reason}` }
  }
  return { outcome: 'fail', title, detail: `could not tell: ${reason} ${error.message}` }
}

const functionUrl = (settings: Settings) =>
  `${settings.supabaseUrl}/functions/v1/${contactFunctionName}`

async function checkContactFunctionWithoutKey(settings: Settings): Promise<CheckResult> {
  const title = 'Contact function answers 401 without a key'
  const response = await fetch(functionUrl(settings), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  await response.body?.cancel()
  return response.status === 401
    ? { outcome: 'pass', title, detail: 'HTTP 401' }
    : { outcome: 'fail', title, detail: `HTTP ${response.status}` }
}

async function checkContactFunctionWithPublishableKey(
  supabase: SupabaseClient,
): Promise<CheckResult> {
  const title = 'Publishable key cannot call the contact function'
  // An empty body: a caller it accepted would get 400 for the missing fields, and nothing is sent.
  const { error } = await supabase.functions.invoke(contactFunctionName, {
    body: {},
    headers: { [visitorIpHeader]: '192.0.2.1' },
  })
  if (error instanceof FunctionsHttpError) {
    const status = (error.context as Response).status
    await (error.context as Response).body?.cancel()
    return status === 401 || status === 403
      ? { outcome: 'pass', title, detail: `HTTP ${status}` }
      : { outcome: 'fail', title, detail: `HTTP ${status}: it accepted the publishable key` }
  }
  if (!error) return { outcome: 'fail', title, detail: 'it answered 2xx to the publishable key' }
  return { outcome: 'fail', title, detail: `unreachable: ${error.message}` }
}

async function checkReadiness(settings: Settings): Promise<CheckResult[]> {
  const title = '/readyz is ready'
  const response = await fetch(`${settings.siteUrl}/readyz`, { cache: 'no-store' })
  const text = await response.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    return [{ outcome: 'fail', title, detail: `HTTP ${response.status}, not JSON` }]
  }
  const ready = response.status === 200 && body.status === 'ready'
  const results: CheckResult[] = [
    {
      outcome: ready && body.mode === 'supabase' ? 'pass' : 'fail',
      title,
      detail: `HTTP ${response.status}, ${JSON.stringify(body)}${ready && body.mode !== 'supabase' ? ': not in Supabase mode (are the three SUPABASE_ variables set on the instances?)' : ''}`,
    },
  ]
  const imageModeField = Object.keys(body).find((key) => /image/i.test(key))
  results.push(
    imageModeField
      ? {
          outcome: 'pass',
          title: '/readyz names the image mode',
          detail: `${imageModeField}: ${JSON.stringify(body[imageModeField])}`,
        }
      : {
          outcome: 'warn',
          title: '/readyz names the image mode',
          detail: 'no image mode in the body (a build from before it named one)',
        },
  )
  return results
}

const selfCheckOutcomes = { ok: 'pass', failed: 'fail', 'not-configured': 'warn' } as const

async function checkContactPath(settings: Settings): Promise<CheckResult[]> {
  if (!settings.secretKey) {
    return [
      {
        outcome: 'warn',
        title: 'Contact path checks itself',
        detail:
          'skipped: set SUPABASE_SECRET_KEY (the function answers its self-check to that key)',
      },
    ]
  }
  const silent = { info() {}, warn() {}, error() {} }
  const report = await createContactFunctionClient({
    url: settings.supabaseUrl,
    secretKey: settings.secretKey,
    log: silent,
  }).selfCheck()
  return report.checks.map((check) => ({
    outcome: selfCheckOutcomes[check.status],
    title: `Contact path: ${check.name}`,
    detail: `${check.status}, ${check.detail}`,
  }))
}

/** Every object of the bucket, listed folder by folder as the Storage API answers. */
async function listBucket(supabase: SupabaseClient, prefix = ''): Promise<string[]> {
  const files = supabase.storage.from(galleryBucket)
  const names: string[] = []
  const pageSize = 1000
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await files.list(prefix, { limit: pageSize, offset })
    if (error) throw new Error(`listing the ${galleryBucket} bucket failed: ${error.message}`)
    for (const entry of data) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name
      // The Storage API lists a folder as an entry without an id.
      if (entry.id === null) names.push(...(await listBucket(supabase, path)))
      else names.push(path)
    }
    if (data.length < pageSize) return names
  }
}

/**
 * The projects a bucket of these object names makes, by the gallery import's own rules
 * (planBucketFolderImport reads a folder: it gets one of empty files with those names).
 */
function projectsOf(objectNames: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'verify-deploy-bucket-'))
  try {
    for (const name of objectNames) {
      if (name === bucketManifestFile || name.split('/').some((part) => part === '..')) continue
      const file = join(folder, name)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, '')
    }
    const plan = planBucketFolderImport(folder)
    return {
      projects: plan.listing.map((entry) => String(entry.path)),
      furtherPhotos: plan.photos.length - plan.listing.length,
      skipped: plan.skipped.map((skip) => skip.path),
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

async function shownOnSite(settings: Settings): Promise<number | string> {
  const response = await fetch(`${settings.siteUrl}/gallery`)
  const html = await response.text()
  if (response.status !== 200) return `/gallery answered HTTP ${response.status}`
  const shown = /(\d+) projects? shown/.exec(html)?.[1]
  if (shown === undefined) {
    return html.includes('Error loading projects')
      ? '/gallery shows its error state'
      : '/gallery names no project count'
  }
  return Number(shown)
}

async function checkGallery(settings: Settings, publishable: SupabaseClient): Promise<CheckResult> {
  const title = "Gallery's count matches the bucket"
  const site = await shownOnSite(settings)
  if (typeof site === 'string') return { outcome: 'fail', title, detail: site }
  if (!settings.secretKey) {
    return {
      outcome: 'warn',
      title,
      detail: `the site shows ${site} project(s); set SUPABASE_SECRET_KEY to list the bucket (the publishable key may not)`,
    }
  }
  const secret = createClient(settings.supabaseUrl, settings.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  const bucket = projectsOf(await listBucket(secret))
  const rows = await publishable.from('gallery_images').select('filename')
  if (rows.error) {
    return { outcome: 'fail', title, detail: `gallery_images unreadable: ${rows.error.message}` }
  }
  const filenames = rows.data.map((row: { filename: string }) => row.filename)
  // Projects whose photo lives elsewhere (a full URL) are shown but are not in the bucket.
  const elsewhere = filenames.filter((name) => /^https?:\/\//i.test(name)).length
  const expected = bucket.projects.length + elsewhere
  const inBucket = new Set(bucket.projects)
  const inTable = new Set(filenames)
  const missing = bucket.projects.filter((path) => !inTable.has(path))
  const extra = filenames.filter((name) => !/^https?:\/\//i.test(name) && !inBucket.has(name))
  const counts =
    `the site shows ${site}, the bucket makes ${bucket.projects.length} project(s)` +
    ` (${bucket.furtherPhotos} further photo(s)${bucket.skipped.length ? `, ${bucket.skipped.length} not placed: ${bucket.skipped.slice(0, 3).join(', ')}` : ''})` +
    (elsewhere ? ` and ${elsewhere} row(s) point outside it` : '')
  if (site === expected && missing.length === 0 && extra.length === 0) {
    return { outcome: 'pass', title, detail: counts }
  }
  const differences = [
    missing.length ? `not in gallery_images: ${missing.slice(0, 5).join(', ')}` : '',
    extra.length ? `in gallery_images without a photo: ${extra.slice(0, 5).join(', ')}` : '',
  ].filter(Boolean)
  return {
    outcome: 'fail',
    title,
    detail: `${counts}${differences.length ? `; ${differences.join('; ')}` : ''} (a change shows within GALLERY_CACHE_TTL_MS; npm run gallery:import catches the table up)`,
  }
}

async function checkTestMessage(settings: Settings): Promise<CheckResult[]> {
  const title = 'One message goes end to end'
  if (!settings.sendTestMessage) {
    return [{ outcome: 'warn', title, detail: 'skipped (add --send-test-message)' }]
  }
  if (!settings.secretKey || !settings.captchaToken) {
    return [
      {
        outcome: 'warn',
        title,
        detail:
          'skipped: needs SUPABASE_SECRET_KEY and --captcha-token (hosted hCaptcha gives a token only to a person solving the widget)',
      },
    ]
  }
  const secret = createClient(settings.supabaseUrl, settings.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  const marker = `Deploy check ${new Date().toISOString()}`
  // As an instance hands a visitor's message to the function: the site's own request to its
  // server function is specific to each build, so this starts one step later.
  const { data, error } = await secret.functions.invoke(contactFunctionName, {
    body: {
      name: marker.slice(0, 100),
      email: 'deploy-check@example.com',
      phone: '905 555 0100',
      service: '',
      message: 'A test message from npm run verify:deploy. No reply needed.',
      captchaToken: settings.captchaToken,
      website: '',
    },
    headers: { [visitorIpHeader]: '192.0.2.1' },
  })
  if (error || (data as { ok?: unknown } | null)?.ok !== true) {
    let reason = error?.message ?? 'an answer without ok: true'
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      reason = `HTTP ${response.status} ${(await response.text()).slice(0, 200)}`
    }
    return [{ outcome: 'fail', title: 'Test message accepted', detail: reason }]
  }
  const results: CheckResult[] = [
    { outcome: 'pass', title: 'Test message accepted', detail: `stored as "${marker}"` },
  ]
  const deadline = Date.now() + 30_000
  let last: { notification_status: string; notification_attempts: number } | undefined
  for (;;) {
    const { data: rows } = await secret
      .from('contact_messages')
      .select('name,notification_status,notification_attempts')
      .eq('name', marker)
    last = (rows as { name: string; notification_status: string; notification_attempts: number }[])
      ?.filter((row) => row.name === marker)
      .at(0)
    if (last?.notification_status === 'sent' || Date.now() > deadline) break
    await new Promise((done) => setTimeout(done, 1000))
  }
  results.push(
    last?.notification_status === 'sent'
      ? {
          outcome: 'pass',
          title: 'Test message notified',
          detail: 'the notification email went out',
        }
      : {
          outcome: 'fail',
          title: 'Test message notified',
          detail: last
            ? `still ${last.notification_status} after 30 s (${last.notification_attempts} attempt(s); npm run inbox shows the error)`
            : 'not found in contact_messages',
        },
  )
  return results
}

const symbols: Record<Outcome, string> = { pass: '✓', fail: '✗', warn: '!' }

async function settle(
  title: string,
  check: () => Promise<CheckResult | CheckResult[]>,
): Promise<CheckResult[]> {
  try {
    const result = await check()
    return Array.isArray(result) ? result : [result]
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return [{ outcome: 'fail', title, detail: `could not check: ${reason}` }]
  }
}

async function main() {
  const settings = readSettings()
  const secrets = [settings.secretKey, settings.publishableKey].filter(
    (key): key is string => key !== undefined && key.length >= 8,
  )
  const redact = (text: string) =>
    secrets.reduce((clean, key) => clean.replaceAll(key, '[key]'), text)
  const publishable = publishableClient(settings)

  console.info(`Checking the site ${settings.siteUrl} and the project ${settings.supabaseUrl}\n`)
  const checks: { title: string; run(): Promise<CheckResult | CheckResult[]> }[] = [
    ...contactTables.flatMap(({ table, invalidRow }) => [
      {
        title: `Publishable key cannot read ${table}`,
        run: () => checkTableRead(publishable, table),
      },
      {
        title: `Publishable key cannot write ${table}`,
        run: () => checkTableWrite(publishable, table, invalidRow),
      },
    ]),
    ...privilegedFunctions.map(({ name, args }) => ({
      title: `Publishable key cannot run ${name}()`,
      run: () => checkFunctionRefused(publishable, name, args),
    })),
    {
      title: 'Publishable key cannot call the contact function',
      run: () => checkContactFunctionWithPublishableKey(publishable),
    },
    {
      title: 'Contact function answers 401 without a key',
      run: () => checkContactFunctionWithoutKey(settings),
    },
    { title: '/readyz is ready', run: () => checkReadiness(settings) },
    { title: 'Contact path checks itself', run: () => checkContactPath(settings) },
    { title: "Gallery's count matches the bucket", run: () => checkGallery(settings, publishable) },
    { title: 'One message goes end to end', run: () => checkTestMessage(settings) },
  ]
  let failed = 0
  for (const check of checks) {
    for (const result of await settle(check.title, check.run)) {
      if (result.outcome === 'fail') failed++
      console.info(redact(`${symbols[result.outcome]} ${result.title}: ${result.detail}`))
    }
  }
  console.info(
    failed === 0
      ? '\nEvery required check passed (! lines are warnings or skipped checks).'
      : `\n${failed} check(s) failed.`,
  )
  if (failed > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
