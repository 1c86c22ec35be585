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

async function verifyDeploy(args: string[] = []): Promise<VerifyRun> {
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
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          SUPABASE_SECRET_KEY: secretKey,
        },
      },
    )
    return { code: 0, output: `${stdout}${stderr}` }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

const checklist = (output: string) => output.split('\n').filter((line) => /^[✓✗!] /.test(line))

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
    /^✓ Publishable key cannot read contact_messages: permission denied/,
    /^✓ Publishable key cannot write contact_messages: insert refused: permission denied \(HTTP 401, 42501\)/,
    /^✓ Publishable key cannot run import_gallery_images_from_storage\(\)/,
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
    console.info(run.output)
    expect(run.code).toBe(1)
    const failing = checklist(run.output).filter((line) => line.startsWith('✗'))
    expect(failing).toEqual([
      expect.stringMatching(
        /^✗ Publishable key cannot read contact_messages: HTTP 200: rows are visible to anyone$/,
      ),
      expect.stringMatching(
        /^✗ Publishable key cannot write contact_messages: the key may insert: past the privilege check, stopped by HTTP 400, 23514/,
      ),
    ])
    expect(run.output).toContain('2 check(s) failed.')
  } finally {
    await schema.database.query(`
      drop policy verify_deploy_leak on public.contact_messages;
      revoke select, insert on public.contact_messages from anon;`)
  }
})

test('a captcha secret hCaptcha refuses fails the contact path check, named, without the secret', async () => {
  captcha.secret = 'the secret hCaptcha holds now'
  try {
    const run = await verifyDeploy()
    console.info(run.output)
    expect(run.code).toBe(1)
    expect(checklist(run.output).filter((line) => line.startsWith('✗'))).toEqual([
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
