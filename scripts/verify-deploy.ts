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
 * - reach anything through the Data API but gallery_images and gallery_view() (a page of the
 *   gallery, run as anon): read from the Data API's own
 *   description (scripts/lib/publishable-key-reach.ts). Each other table and view it lists is
 *   read with the publishable key, and each function called with values of its arguments' types
 *   (over GET, which PostgREST runs read-only, so a function the key may run changes nothing):
 *   only permission denied (42501, 401/403) counts as refused; rows, an empty list (SELECT
 *   granted, row level security hiding the rows) or a not-found fail;
 * - write the contact tables: an insert of a row that breaks the table's own constraints, so that
 *   nothing can be stored even if the key could write. Refused means permission denied or row
 *   level security (42501, 401/403); a constraint error means the insert got past both, and fails;
 * - call the contact function: it must answer 401, as it must without any key.
 *
 * With SUPABASE_DB_URL (or --db-url) it also reads the database's catalog, for what the Supabase
 * CLI does not warn about: the role that owns the gallery's trigger has BYPASSRLS, the triggers
 * on storage.objects exist and are enabled, and anon and authenticated hold no privilege in public
 * (sequences included, which the Data API never lists) but SELECT on gallery_images (and anon's
 * EXECUTE on gallery_view()).
 *
 * With SUPABASE_SECRET_KEY it runs the contact path's self-check through the function, as each
 * instance does: the function answers and accepts the key, hCaptcha accepts the secret and the
 * site key (on a dummy token), the mail transport is configured (an SMTP server answers), and the
 * database answers. Each is printed; a failed one fails the run.
 */
import { existsSync } from 'node:fs'
import process from 'node:process'
import { parseArgs } from 'node:util'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { galleryBucket } from '../src/features/gallery/storage-path.ts'
import { createContactFunctionClient } from '../src/server/contact/contact-function-client.server.ts'
import {
  contactFunctionName,
  visitorIpHeader,
} from '../supabase/functions/_shared/contact/contact-wire.ts'
import { planBucketListing } from './lib/bucket-folder-import.ts'
import { listBucket } from './lib/hosted-photo-variants.ts'
import { withPostgres } from './lib/postgres.ts'
import {
  type DataApiDescription,
  type DescribedFunction,
  type DescribedSchema,
  describedSchema,
  publiclyCallable,
  publiclyReadable,
  revokeStatement,
} from './lib/publishable-key-reach.ts'

type Outcome = 'pass' | 'fail' | 'warn'

const result = (outcome: Outcome) => (title: string, detail: string) => ({ outcome, title, detail })
type CheckResult = ReturnType<ReturnType<typeof result>>
const pass = result('pass')
const fail = result('fail')
const warn = result('warn')

const usage = `Usage: npm run verify:deploy -- --site https://www.your-domain \\
         --supabase-url https://<ref>.supabase.co --publishable-key sb_publishable_…
       [--db-url postgresql://…] [--send-test-message --captcha-token <token>]

Flags fall back to SITE_URL, SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_DB_URL (read from the
environment, then from .env in the current folder). SUPABASE_SECRET_KEY (only ever from the
environment or .env) lets it list every table and function the Data API exposes (hosted Supabase
describes them only to a secret key) and compare the gallery with the bucket. With the database URL
it checks the owner's BYPASSRLS, the storage triggers and the grants in the catalog. --send-test-message sends
one message through the contact function as the site does (it needs a captcha token the function
accepts: with the function on hCaptcha's test secret, the test token 10000000-aaaa-bbbb-cccc-000000000001; with real keys, a token
from solving the widget on the site, used within two minutes).`

function readSettings() {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      'supabase-url': { type: 'string' },
      'publishable-key': { type: 'string' },
      'send-test-message': { type: 'boolean', default: false },
      'captcha-token': { type: 'string' },
      'db-url': { type: 'string' },
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
    databaseUrl: values['db-url'] ?? env('SUPABASE_DB_URL'),
    sendTestMessage: values['send-test-message'],
    captchaToken: values['captcha-token'],
  }
}

type Settings = ReturnType<typeof readSettings>

/** What each check is given: the settings, the publishable key's client, its own title. */
type Check = { settings: Settings; publishable: SupabaseClient; title: string }

const contactTables = [
  // Rows that break each table's own check constraints: even a key that could insert stores nothing.
  { table: 'contact_messages', invalidRow: { name: '', email: '', phone: '', message: '' } },
  { table: 'captcha_tokens_used', invalidRow: { token_hash: 'not-a-sha-256' } },
  { table: 'contact_rate_events', invalidRow: { client_key: '' } },
] as const

type Verdict = 'refused' | 'allowed' | 'unclear'

/** Permission denied: the one answer that shows the key refused outright. */
const refusedOutright = (status: number, code: string | undefined) =>
  code === '42501' || status === 401 || status === 403

/** What an error answer of the Data API says about the key's privileges. */
function verdictOf(status: number, code: string | undefined): { verdict: Verdict; reason: string } {
  const label = `HTTP ${status}${code ? `, ${code}` : ''}`
  if (refusedOutright(status, code)) {
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

const clientFor = (settings: Settings, key: string) =>
  createClient(settings.supabaseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

async function checkTableWrite(
  { publishable, title }: Check,
  table: string,
  invalidRow: Record<string, unknown>,
): Promise<CheckResult> {
  const { error, status } = await publishable.from(table).insert(invalidRow)
  if (!error) {
    return fail(title, `HTTP ${status}: a row was stored by anyone`)
  }
  const { verdict, reason } = verdictOf(status, error.code)
  if (verdict === 'refused') return pass(title, `insert refused: ${reason}`)
  if (verdict === 'allowed') {
    return fail(
      title,
      `the key may insert: ${reason} (only this probe's invalid values kept it out)`,
    )
  }
  return fail(title, `could not tell: ${reason} ${error.message}`)
}

// Reads and calls of what the Data API lists: only permission denied counts as refused (the object
// is in the Data API's schema, so a not-found means the probe itself is wrong).
async function checkRelationRefused(supabase: SupabaseClient, relation: string) {
  const { data, error, status } = await supabase.from(relation).select('*').limit(1)
  if (error && refusedOutright(status, error.code)) return undefined
  const title = `Publishable key cannot read ${relation}`
  if (error) {
    return fail(title, `could not tell: HTTP ${status}, ${error.code ?? ''} ${error.message}`)
  }
  return fail(
    title,
    `HTTP ${status}: ${data.length ? 'rows are visible to anyone' : 'the key may read it (row level security shows it no row today)'}; ${revokeStatement({ relation })}`,
  )
}

async function checkFunctionRefused(supabase: SupabaseClient, target: DescribedFunction) {
  const title = `Publishable key cannot run ${target.signature}`
  if ('missingValueFor' in target.args) {
    return fail(
      title,
      `could not tell: no test value for the argument ${target.args.missingValueFor}`,
    )
  }
  const { error, status } = await supabase.rpc(target.name, target.args, { get: true })
  const revoke = revokeStatement({ signature: target.signature })
  if (error && refusedOutright(status, error.code)) {
    // The call itself refused, not a statement inside a function the key may run.
    if (error.message.includes(`permission denied for function ${target.name}`)) return undefined
    return fail(
      title,
      `the key may execute it (a statement inside it was refused: ${error.message}); ${revoke}`,
    )
  }
  if (!error) {
    return fail(title, `HTTP ${status}: it ran for the publishable key; ${revoke}`)
  }
  const { verdict, reason } = verdictOf(status, error.code)
  return verdict === 'allowed'
    ? fail(title, `the key may execute it: ${reason}; ${revoke}`)
    : fail(title, `could not tell: ${reason} ${error.message}`)
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

async function readDescription(settings: Settings, key: string) {
  const response = await fetch(`${settings.supabaseUrl}/rest/v1/`, {
    headers: { apikey: key, authorization: `Bearer ${key}`, accept: 'application/openapi+json' },
  })
  // Not JSON, or JSON without paths: reported with the status.
  const parsed = jsonOrUndefined(await response.text()) as DataApiDescription | undefined
  const description = typeof parsed?.paths === 'object' ? parsed : undefined
  return { status: response.status, description }
}

/** What a description lists but the gallery's table and page function, the publishable key's. */
const beyondGallery = (schema: DescribedSchema): DescribedSchema => ({
  relations: schema.relations.filter((relation) => relation !== publiclyReadable),
  functions: schema.functions.filter((fn) => fn.name !== publiclyCallable),
})

/** What the publishable key reaches, from the Data API's description and by trying each part. */
async function checkReach({ settings, publishable }: Check): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  const listTitle = `Publishable key reaches only ${publiclyReadable} (the Data API's description)`
  const own = await readDescription(settings, settings.publishableKey)
  let targets: DescribedSchema | undefined
  if (own.status === 200 && own.description) {
    const schema = describedSchema(own.description)
    targets = beyondGallery(schema)
    const extra = [
      ...targets.relations.map((relation) => revokeStatement({ relation })),
      ...targets.functions.map(({ signature }) => revokeStatement({ signature })),
    ]
    const listed = [...schema.relations, ...targets.functions.map((fn) => fn.signature)]
    if (!schema.relations.includes(publiclyReadable)) {
      results.push(
        fail(
          listTitle,
          `it lists ${listed.join(', ') || 'nothing'}, not ${publiclyReadable}: the gallery cannot be read (grant select on table public.${publiclyReadable} to anon;)`,
        ),
      )
    }
    results.push(
      extra.length === 0
        ? pass(listTitle, `it lists ${listed.join(', ')}`)
        : fail(
            listTitle,
            `it lists ${listed.join(', ')}; take away all but ${publiclyReadable}: ${extra.join(' ')}`,
          ),
    )
  } else if (own.status === 401 || own.status === 403) {
    results.push(
      pass('Data API keeps its description from the publishable key', `HTTP ${own.status}`),
    )
  } else {
    results.push(
      fail(
        listTitle,
        `could not read the description: HTTP ${own.status}${own.description ? '' : ', not a description'}`,
      ),
    )
  }

  const everyTitle = 'Publishable key is refused every other table, view and function'
  if (settings.secretKey) {
    const full = await readDescription(settings, settings.secretKey)
    if (full.status !== 200 || !full.description) {
      results.push(
        fail(
          everyTitle,
          `could not list them: the description answered the secret key with HTTP ${full.status}`,
        ),
      )
      return results
    }
    targets = beyondGallery(describedSchema(full.description))
  } else if (!targets) {
    results.push(
      fail(
        everyTitle,
        'could not list them: the Data API describes its schema only to a secret key; set SUPABASE_SECRET_KEY',
      ),
    )
    return results
  }
  const failures: CheckResult[] = []
  for (const relation of targets.relations) {
    const failure = await checkRelationRefused(publishable, relation)
    if (failure) failures.push(failure)
  }
  for (const target of targets.functions) {
    const failure = await checkFunctionRefused(publishable, target)
    if (failure) failures.push(failure)
  }
  results.push(
    ...(failures.length
      ? failures
      : [
          pass(
            everyTitle,
            `permission denied to each of ${targets.relations.length} table(s) and view(s) read and ${targets.functions.length} function(s) called with arguments of their types`,
          ),
        ]),
  )
  return results
}

const catalogGrantsSql = `
  select kind, name, grantee, privileges from (
    select case c.relkind when 'S' then 'sequence' when 'v' then 'view'
             when 'm' then 'materialized view' else 'table' end as kind,
           c.relname::text as name, role.name as grantee,
           array_to_string(array(
             select privilege
             from unnest(case when c.relkind = 'S' then array['USAGE', 'SELECT', 'UPDATE']
                         else array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']
                         end) as privilege
             where case when c.relkind = 'S'
                     then pg_catalog.has_sequence_privilege(role.name, c.oid, privilege)
                     else pg_catalog.has_table_privilege(role.name, c.oid, privilege) end
           ), ', ') as privileges
    from pg_catalog.pg_class as c
    cross join (values ('anon'), ('authenticated')) as role (name)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p', 'S')
    union all
    select 'function', p.oid::regprocedure::text, role.name, 'EXECUTE'
    from pg_catalog.pg_proc as p
    cross join (values ('anon'), ('authenticated')) as role (name)
    where p.pronamespace = 'public'::regnamespace
      and pg_catalog.has_function_privilege(role.name, p.oid, 'EXECUTE')
  ) as granted
  where privileges <> ''
    and not (kind = 'table' and name = '${publiclyReadable}' and grantee = 'anon' and privileges = 'SELECT')
    and not (kind = 'function' and name like '${publiclyCallable}(%' and grantee = 'anon')
  order by kind, name, grantee`

const galleryTriggers = ['insert', 'delete', 'update'].map(
  (event) => `gallery_follows_bucket_${event}`,
)

/** What the Supabase CLI does not warn about, from the database's catalog. */
async function checkDatabase({ settings, title }: Check): Promise<CheckResult[]> {
  if (!settings.databaseUrl) {
    return [
      warn(
        title,
        'skipped: set SUPABASE_DB_URL (the Session pooler string); the Supabase CLI warns about none of them',
      ),
    ]
  }
  return withPostgres(settings.databaseUrl, async (db) => {
    const owner = (
      await db.query<{ rolname: string; rolbypassrls: boolean; rolsuper: boolean }>(
        `select r.rolname, r.rolbypassrls, r.rolsuper from pg_catalog.pg_proc as p
         join pg_catalog.pg_roles as r on r.oid = p.proowner
         where p.oid = pg_catalog.to_regprocedure('public.gallery_follows_bucket()')`,
      )
    ).rows[0]
    const triggers = (
      await db.query<{ tgname: string; tgenabled: string }>(
        `select t.tgname, t.tgenabled from pg_catalog.pg_trigger as t
         where t.tgrelid = pg_catalog.to_regclass('storage.objects') and not t.tgisinternal`,
      )
    ).rows
    const missing = galleryTriggers.filter(
      (name) => !triggers.some((trigger) => trigger.tgname === name && trigger.tgenabled !== 'D'),
    )
    const granted = (
      await db.query<{ kind: string; name: string; grantee: string; privileges: string }>(
        catalogGrantsSql,
      )
    ).rows
    const ownerTitle = "The gallery's owner role has BYPASSRLS"
    return [
      !owner
        ? fail(
            ownerTitle,
            'public.gallery_follows_bucket() is missing: are the migrations applied (npx supabase db push)?',
          )
        : owner.rolbypassrls || owner.rolsuper
          ? pass(ownerTitle, `${owner.rolname}: ${owner.rolsuper ? 'superuser' : 'BYPASSRLS'}`)
          : fail(
              ownerTitle,
              `${owner.rolname} lacks it: the gallery sees no object in the bucket (alter role ${owner.rolname} bypassrls; then npm run gallery:import)`,
            ),
      result(missing.length === 0 ? 'pass' : 'fail')(
        'The storage triggers feed the gallery',
        missing.length === 0
          ? galleryTriggers.join(', ')
          : `missing or disabled on storage.objects: ${missing.join(', ')}; an upload does not reach the gallery until npm run gallery:import`,
      ),
      result(granted.length === 0 ? 'pass' : 'fail')(
        `anon and authenticated hold nothing in public but SELECT on ${publiclyReadable} (the catalog)`,
        granted.length === 0
          ? 'tables, views, sequences and functions'
          : granted
              .map((row) => `${row.privileges} on ${row.kind} public.${row.name} to ${row.grantee}`)
              .join('; '),
      ),
    ]
  })
}

async function checkContactFunctionWithoutKey({ settings, title }: Check): Promise<CheckResult> {
  const response = await fetch(`${settings.supabaseUrl}/functions/v1/${contactFunctionName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  await response.body?.cancel()
  return response.status === 401 ? pass(title, 'HTTP 401') : fail(title, `HTTP ${response.status}`)
}

async function checkContactFunctionWithPublishableKey({ publishable, title }: Check) {
  // An empty body: a caller it accepted would get 400 for the missing fields, and nothing is sent.
  const { error } = await publishable.functions.invoke(contactFunctionName, {
    body: {},
    headers: { [visitorIpHeader]: '192.0.2.1' },
  })
  if (error instanceof FunctionsHttpError) {
    const status = (error.context as Response).status
    await (error.context as Response).body?.cancel()
    return status === 401 || status === 403
      ? pass(title, `HTTP ${status}`)
      : fail(title, `HTTP ${status}: it accepted the publishable key`)
  }
  if (!error) return fail(title, 'it answered 2xx to the publishable key')
  return fail(title, `unreachable: ${error.message}`)
}

async function checkReadiness({ settings, title }: Check): Promise<CheckResult[]> {
  const response = await fetch(`${settings.siteUrl}/readyz`, { cache: 'no-store' })
  const body = jsonOrUndefined(await response.text()) as Record<string, unknown> | undefined
  if (body === undefined) return [fail(title, `HTTP ${response.status}, not JSON`)]
  const ready = response.status === 200 && body.status === 'ready'
  const notSupabase = ready && body.mode !== 'supabase'
  const imageModeField = Object.keys(body).find((key) => /image/i.test(key))
  return [
    result(ready && !notSupabase ? 'pass' : 'fail')(
      title,
      `HTTP ${response.status}, ${JSON.stringify(body)}${notSupabase ? ': not in Supabase mode (are the three SUPABASE_ variables set on the instances?)' : ''}`,
    ),
    result(imageModeField ? 'pass' : 'warn')(
      '/readyz names the image mode',
      imageModeField
        ? `${imageModeField}: ${JSON.stringify(body[imageModeField])}`
        : 'no image mode in the body (a build from before it named one)',
    ),
  ]
}

const selfCheckOutcomes = { ok: 'pass', failed: 'fail', 'not-configured': 'warn' } as const

async function checkContactPath({ settings, title }: Check): Promise<CheckResult[]> {
  if (!settings.secretKey) {
    return [
      warn(
        title,
        'skipped: set SUPABASE_SECRET_KEY (the function answers its self-check to that key)',
      ),
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

async function checkGallery({ settings, publishable, title }: Check): Promise<CheckResult> {
  const site = await shownOnSite(settings)
  if (typeof site === 'string') return fail(title, site)
  if (!settings.secretKey) {
    return warn(
      title,
      `the site shows ${site} project(s); set SUPABASE_SECRET_KEY to list the bucket (the publishable key may not)`,
    )
  }
  const secret = clientFor(settings, settings.secretKey)
  const objects = await listBucket(secret.storage.from(galleryBucket))
  // The projects these objects make, by the gallery import's own rules.
  const bucket = planBucketListing(objects.map((object) => object.path))
  const projects = bucket.listing.map((entry) => String(entry.path))
  const skipped = bucket.skipped.map((skip) => skip.path)
  const rows = await publishable.from('gallery_images').select('filename')
  if (rows.error) {
    return fail(title, `gallery_images unreadable: ${rows.error.message}`)
  }
  const filenames = rows.data.map((row: { filename: string }) => row.filename)
  // Projects whose photo lives elsewhere (a full URL) are shown but are not in the bucket.
  const elsewhere = filenames.filter((name) => /^https?:\/\//i.test(name)).length
  const expected = projects.length + elsewhere
  const inBucket = new Set(projects)
  const inTable = new Set(filenames)
  const missing = projects.filter((path) => !inTable.has(path))
  const extra = filenames.filter((name) => !/^https?:\/\//i.test(name) && !inBucket.has(name))
  const counts =
    `the site shows ${site}, the bucket makes ${projects.length} project(s)` +
    ` (${bucket.photos.length - projects.length} further photo(s)${skipped.length ? `, ${skipped.length} not placed: ${skipped.slice(0, 3).join(', ')}` : ''})` +
    (elsewhere ? ` and ${elsewhere} row(s) point outside it` : '')
  if (site === expected && missing.length === 0 && extra.length === 0) {
    return pass(title, counts)
  }
  const differences = [
    missing.length ? `not in gallery_images: ${missing.slice(0, 5).join(', ')}` : '',
    extra.length ? `in gallery_images without a photo: ${extra.slice(0, 5).join(', ')}` : '',
  ].filter(Boolean)
  return fail(
    title,
    `${counts}${differences.length ? `; ${differences.join('; ')}` : ''} (a change shows within GALLERY_CACHE_TTL_MS; npm run gallery:import catches the table up)`,
  )
}

async function checkTestMessage({ settings, title }: Check): Promise<CheckResult[]> {
  if (!settings.sendTestMessage) {
    return [warn(title, 'skipped (add --send-test-message)')]
  }
  if (!settings.secretKey || !settings.captchaToken) {
    return [
      warn(
        title,
        'skipped: needs SUPABASE_SECRET_KEY and --captcha-token (hosted hCaptcha gives a token only to a person solving the widget)',
      ),
    ]
  }
  const secret = clientFor(settings, settings.secretKey)
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
    return [fail('Test message accepted', reason)]
  }
  const results: CheckResult[] = [pass('Test message accepted', `stored as "${marker}"`)]
  const deadline = Date.now() + 30_000
  type Row = { notification_status: string; notification_attempts: number }
  let last: Row | undefined
  for (;;) {
    const { data: rows } = await secret
      .from('contact_messages')
      .select('notification_status,notification_attempts')
      .eq('name', marker)
    last = (rows as Row[] | null)?.[0]
    if (last?.notification_status === 'sent' || Date.now() > deadline) break
    await new Promise((done) => setTimeout(done, 1000))
  }
  results.push(
    last?.notification_status === 'sent'
      ? pass('Test message notified', 'the notification email went out')
      : fail(
          'Test message notified',
          last
            ? `still ${last.notification_status} after 30 s (${last.notification_attempts} attempt(s); npm run inbox shows the error)`
            : 'not found in contact_messages',
        ),
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
    return [fail(title, `could not check: ${reason}`)]
  }
}

async function main() {
  const settings = readSettings()
  const secrets = [
    settings.secretKey,
    settings.publishableKey,
    settings.databaseUrl && URL.parse(settings.databaseUrl)?.password,
  ].filter((key): key is string => typeof key === 'string' && key.length >= 8)
  const redact = (text: string) =>
    secrets.reduce((clean, key) => clean.replaceAll(key, '[key]'), text)
  const publishable = clientFor(settings, settings.publishableKey)

  console.info(`Checking the site ${settings.siteUrl} and the project ${settings.supabaseUrl}\n`)
  const checks: { title: string; run(check: Check): Promise<CheckResult | CheckResult[]> }[] = [
    { title: `Publishable key reaches only ${publiclyReadable}`, run: checkReach },
    ...contactTables.map(({ table, invalidRow }) => ({
      title: `Publishable key cannot write ${table}`,
      run: (check: Check) => checkTableWrite(check, table, invalidRow),
    })),
    {
      title: "Database: the owner's BYPASSRLS, the storage triggers, the grants",
      run: checkDatabase,
    },
    {
      title: 'Publishable key cannot call the contact function',
      run: checkContactFunctionWithPublishableKey,
    },
    { title: 'Contact function answers 401 without a key', run: checkContactFunctionWithoutKey },
    { title: '/readyz is ready', run: checkReadiness },
    { title: 'Contact path checks itself', run: checkContactPath },
    { title: "Gallery's count matches the bucket", run: checkGallery },
    { title: 'One message goes end to end', run: checkTestMessage },
  ]
  let failed = 0
  for (const { title, run } of checks) {
    for (const result of await settle(title, () => run({ settings, publishable, title }))) {
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
