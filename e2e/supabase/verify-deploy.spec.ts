/**
 * `npm run verify:deploy` against the production path of production-path.spec.ts: PostgreSQL 15
 * with supabase/migrations, the function under Deno, three production instances behind a
 * round-robin balancer, the gateway and Storage stand-ins. The stand-in gateway serves reads and
 * RPCs only; the script's inserts reach a thin front that runs them in PostgreSQL as the key's
 * role, as PostgREST would, so privileges and row level security answer them.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import {
  type CaptchaStandIn,
  passingTokenNumber,
  testSecret,
} from '#test/contact/captcha-stand-in.ts'
import type { ServerProcess } from '#test/faults/production-server.ts'
import type { PostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import type { SchemaDatabase } from '#test/support/supabase-schema.ts'
import { cleanups, eventually } from '../faults/support'
import { forward, listen } from './local-parts'
import { expect, type MailApi, type SupabaseProject, test } from './project'

test.describe.configure({ mode: 'serial' })

const clean = cleanups()
let project: SupabaseProject
let secretKey: string
let schema: SchemaDatabase
let captcha: CaptchaStandIn
let gateway: PostgrestStandIn
let dataApi: { url: string; close(): Promise<void> }
let balancer: { url: string }
let instances: ServerProcess[] = []
let mail: MailApi

const nodeBinary = existsSync(resolve('node_modules/.bin/node'))
  ? resolve('node_modules/.bin/node')
  : process.execPath

/** PostgREST's status for a database error on an insert, by SQLSTATE (anonymous caller). */
const insertErrorStatus = (code: string) =>
  code === '42501' ? 401 : code === '23505' || code === '23503' ? 409 : 400

/**
 * The gateway with table inserts: `POST /rest/v1/<table>` runs as the key's role, in a
 * transaction, with the columns the body names; everything else goes to the gateway.
 */
async function startDataApi(target: PostgrestStandIn) {
  const gatewayPort = Number(new URL(target.url).port)
  return listen(
    createServer(async (req, res) => {
      const table = /^\/rest\/v1\/([a-z_]+)(\?|$)/.exec(req.url ?? '')?.[1]
      if (req.method !== 'POST' || !table || table === 'rpc') return forward(req, res, gatewayPort)
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const role =
        req.headers.apikey === target.anonKey
          ? 'anon'
          : req.headers.apikey === target.secretKey
            ? 'service_role'
            : undefined
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(body === undefined ? '' : JSON.stringify(body))
      }
      if (!role) return send(401, { message: 'Invalid API key' })
      const row = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      const columns = Object.keys(row)
        .filter((column) => /^[a-z_]+$/.test(column))
        .map((column) => `"${column}"`)
        .join(', ')
      try {
        await target.database.transaction(async (tx) => {
          await tx.query(`set local role ${role}`)
          await tx.query("select set_config('request.jwt.claims', $1, true)", [
            JSON.stringify({ role }),
          ])
          await tx.query(
            `insert into public."${table}" (${columns}) select ${columns} from json_populate_record(null::public."${table}", $1::json)`,
            [JSON.stringify(row)],
          )
        })
        send(201)
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? 'XX000')
        send(insertErrorStatus(code), {
          code,
          message: (error as Error).message,
          details: null,
          hint: null,
        })
      }
    }),
  )
}

/** A photo the owner uploaded: the file Storage serves, and the row Storage writes. */
async function uploadPhoto(storageDir: string, path: string) {
  const file = join(storageDir, 'gallery', path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(
    file,
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8a6d4b' } })
      .webp()
      .toBuffer(),
  )
  await schema.database.query(
    `insert into storage.objects (bucket_id, name, metadata) values ('gallery', $1, '{"mimetype":"image/webp"}')`,
    [path],
  )
}

interface VerifyRun {
  code: number
  output: string
}

async function verifyDeploy(
  args: string[] = [],
  env: Record<string, string> = { SUPABASE_SECRET_KEY: secretKey, SUPABASE_DB_URL: databaseUrl() },
): Promise<VerifyRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      nodeBinary,
      [
        resolve('scripts/verify-deploy.ts'),
        '--site',
        balancer.url,
        '--supabase-url',
        dataApi.url,
        '--publishable-key',
        gateway.anonKey,
        ...args,
      ],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      },
    )
    return { code: 0, output: `${stdout}${stderr}` }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

const databaseUrl = () => schema.url as string

const checklist = (output: string) => output.split('\n').filter((line) => /^[✓✗!] /.test(line))

/** The run exited with 1, and its failing lines are exactly these. */
function expectFailing(run: VerifyRun, failing: unknown[]) {
  console.info(run.output)
  expect(run.code).toBe(1)
  expect(checklist(run.output).filter((line) => line.startsWith('✗'))).toEqual(failing)
}

test.beforeAll(async ({ project: shared }) => {
  project = shared
  await project.reset()
  ;({ secretKey, schema, captcha, gateway, balancer, instances, mail } = project)
  dataApi = clean.add(await startDataApi(gateway), (d) => d.close())
  // Two projects, one with a further photo.
  await uploadPhoto(project.storageDir, 'kitchen/walnut-island.webp')
  await uploadPhoto(project.storageDir, 'kitchen/walnut-island/detail-2.webp')
  await uploadPhoto(project.storageDir, 'bathroom/slate-shower.webp')
})
test.afterAll(async () => {
  await clean.run()
  await project.release()
})

test('a sound deploy passes every check, and one message goes end to end', async () => {
  test.setTimeout(90_000)
  for (const instance of instances) {
    await eventually(async () => {
      expect(await (await fetch(`${instance.url}/gallery`)).text()).toContain('2 projects shown')
    })
  }
  const run = await verifyDeploy(['--send-test-message', '--captcha-token', passingTokenNumber(1)])
  console.info(run.output)
  const lines = checklist(run.output)
  expect(lines.filter((line) => !line.startsWith('✓'))).toEqual(
    lines.filter(
      (line) =>
        // Whether /readyz names the image mode depends on the build: a warning, never a failure.
        line.startsWith('! /readyz names the image mode') ||
        // The function runs on hCaptcha's published test secret, which protects nothing.
        line.startsWith("! Contact path: captcha: not-configured, hCaptcha's published test keys"),
    ),
  )
  expect(run.code).toBe(0)
  for (const expected of [
    /^✓ Data API keeps its description from the publishable key: HTTP 403/,
    /^✓ Publishable key is refused every other table, view and function: permission denied to each of \d+ table\(s\) and view\(s\) read and \d+ function\(s\) called with arguments of their types/,
    /^✓ Publishable key cannot write contact_messages: insert refused: permission denied \(HTTP 401, 42501\)/,
    /^✓ The gallery's owner role has BYPASSRLS: \w+: superuser/,
    /^✓ The storage triggers feed the gallery: gallery_follows_bucket_insert/,
    /^✓ anon and authenticated hold nothing in public but SELECT on gallery_images \(the catalog\)/,
    /^✓ Publishable key cannot call the contact function: HTTP 401/,
    /^✓ Contact function answers 401 without a key: HTTP 401/,
    /^✓ Contact path: function: ok, send-contact-message answers and accepts SUPABASE_SECRET_KEY/,
    /^✓ Contact path: mail: ok, mail API 127\.0\.0\.1:\d+ configured/,
    /^✓ Contact path: database: ok/,
    /^✓ \/readyz is ready: HTTP 200, .*"mode":"supabase"/,
    /^✓ Gallery's count matches the bucket: the site shows 2, the bucket makes 2 project\(s\) \(1 further photo\(s\)\)/,
    /^✓ Test message notified/,
  ]) {
    expect(
      lines.some((line) => expected.test(line)),
      String(expected),
    ).toBe(true)
  }
  expect(mail.received.length).toBe(1)
  expect(run.output).not.toContain(secretKey)
})

test('a wrong grant fails its check, names it, and exits with 1', async () => {
  await schema.database.query(`
    insert into public.contact_messages (name, email, phone, message)
      values ('Leaked Visitor', 'leak@example.com', '905 555 0101', 'Visible to anyone?');
    grant select, insert on public.contact_messages to anon;
    create policy verify_deploy_leak on public.contact_messages for all to anon
      using (true) with check (true);`)
  try {
    const run = await verifyDeploy()
    expectFailing(run, [
      expect.stringMatching(
        /^✗ Publishable key cannot read contact_messages: HTTP 200: rows are visible to anyone; revoke all on table public\.contact_messages from anon, authenticated;$/,
      ),
      expect.stringMatching(
        /^✗ Publishable key cannot write contact_messages: the key may insert: past the privilege check, stopped by HTTP 400, 23514/,
      ),
      expect.stringMatching(
        /^✗ anon and authenticated hold nothing in public but SELECT on gallery_images \(the catalog\): SELECT, INSERT on table public\.contact_messages to anon$/,
      ),
    ])
    expect(run.output).toContain('3 check(s) failed.')
  } finally {
    await schema.database.query(`
      drop policy verify_deploy_leak on public.contact_messages;
      revoke select, insert on public.contact_messages from anon;`)
  }
})

test('a wrongly granted table, view, function and sequence each fail, named with the statement that takes it back', async () => {
  test.setTimeout(90_000)
  const grants = [
    'grant select on public.page_views to anon',
    'create view public.messages_for_anyone as select id, created_at from public.contact_messages',
    'grant select on public.messages_for_anyone to anon',
    'grant execute on function public.site_report(integer) to anon',
    'grant usage on sequence public.page_views_id_seq to anon',
  ]
  for (const statement of grants) await schema.database.query(statement)
  try {
    const probed = [
      expect.stringMatching(
        /^✗ Publishable key cannot read messages_for_anyone: HTTP 200: .*; revoke all on table public\.messages_for_anyone from anon, authenticated;$/,
      ),
      expect.stringMatching(
        /^✗ Publishable key cannot read page_views: HTTP 200: the key may read it \(row level security shows it no row today\); revoke all on table public\.page_views from anon, authenticated;$/,
      ),
      expect.stringMatching(
        /^✗ Publishable key cannot run site_report\(integer\): .*; revoke all on function public\.site_report\(integer\) from public, anon, authenticated;$/,
      ),
    ]
    const catalog = expect.stringMatching(
      /^✗ anon and authenticated hold nothing in public but SELECT on gallery_images \(the catalog\): EXECUTE on function public\.site_report\(integer\) to anon; USAGE on sequence public\.page_views_id_seq to anon; SELECT on table public\.page_views to anon; SELECT on view public\.messages_for_anyone to anon$/,
    )

    // Hosted Supabase: the description only to the secret key, each part tried with the publishable key.
    const hosted = await verifyDeploy()
    expectFailing(hosted, [...probed, catalog])

    // Where the Data API describes itself to the publishable key, that description fails too.
    gateway.describeToPublishableKey(true)
    const described = await verifyDeploy()
    expectFailing(described, [
      expect.stringMatching(
        /^✗ Publishable key reaches only gallery_images \(the Data API's description\): it lists gallery_images, messages_for_anyone, page_views, site_report\(integer\); take away all but gallery_images: revoke all on table public\.messages_for_anyone from anon, authenticated; revoke all on table public\.page_views from anon, authenticated; revoke all on function public\.site_report\(integer\) from public, anon, authenticated;$/,
      ),
      ...probed,
      catalog,
    ])
  } finally {
    gateway.describeToPublishableKey(false)
    for (const statement of [
      'revoke select on public.page_views from anon',
      'drop view public.messages_for_anyone',
      'revoke execute on function public.site_report(integer) from anon',
      'revoke usage on sequence public.page_views_id_seq from anon',
    ]) {
      await schema.database.query(statement)
    }
  }
})

test('without the secret key, and with the description kept from the publishable key, the reach check fails rather than passes', async () => {
  const run = await verifyDeploy([], { SUPABASE_DB_URL: databaseUrl() })
  expectFailing(run, [
    expect.stringMatching(
      /^✗ Publishable key is refused every other table, view and function: could not list them: the Data API describes its schema only to a secret key; set SUPABASE_SECRET_KEY$/,
    ),
  ])
})

test('an owner without BYPASSRLS and a disabled storage trigger each fail, which db push does not warn about', async () => {
  const [{ owner }] = (
    await schema.database.query<{ owner: string }>(
      `select pg_catalog.pg_get_userbyid(proowner) as owner from pg_catalog.pg_proc
       where oid = 'public.gallery_follows_bucket()'::regprocedure`,
    )
  ).rows as [{ owner: string }]
  await schema.database.query('create role verify_deploy_owner nologin')
  await schema.database.query(
    'alter function public.gallery_follows_bucket() owner to verify_deploy_owner',
  )
  await schema.database.query(
    'alter table storage.objects disable trigger gallery_follows_bucket_insert',
  )
  try {
    const run = await verifyDeploy()
    expectFailing(run, [
      expect.stringMatching(
        /^✗ The gallery's owner role has BYPASSRLS: verify_deploy_owner lacks it: the gallery sees no object in the bucket \(alter role verify_deploy_owner bypassrls; then npm run gallery:import\)$/,
      ),
      expect.stringMatching(
        /^✗ The storage triggers feed the gallery: missing or disabled on storage\.objects: gallery_follows_bucket_insert; an upload does not reach the gallery until npm run gallery:import$/,
      ),
    ])
  } finally {
    await schema.database.query(
      'alter table storage.objects enable trigger gallery_follows_bucket_insert',
    )
    await schema.database.query(
      `alter function public.gallery_follows_bucket() owner to "${owner}"`,
    )
    await schema.database.query('drop role verify_deploy_owner')
  }
})

test('a captcha secret hCaptcha refuses fails the contact path check, named, without the secret', async () => {
  captcha.secret = 'the secret hCaptcha holds now'
  try {
    const run = await verifyDeploy()
    expectFailing(run, [
      expect.stringMatching(
        /^✗ Contact path: captcha: failed, hCaptcha refuses HCAPTCHA_SECRET \(invalid-input-secret\)/,
      ),
    ])
    expect(run.output).not.toContain(testSecret)
    expect(run.output).not.toContain(secretKey)
  } finally {
    captcha.secret = testSecret
  }
})
