/**
 * The edge function's real entry (index.ts) under the real Deno, as its own `deno run` process,
 * on a throwaway PostgreSQL 15 with our migrations, with fakes only at the network edge: an
 * hCaptcha verifier and an HTTP mail API (Resend's shape) on 127.0.0.1.
 *
 * DENO_DIR=node_modules/.cache/deno ./node_modules/.bin/deno test --allow-all \
 *   --config supabase/functions/send-contact-message/deno.json \
 *   supabase/functions/send-contact-message/index.deno.test.ts
 *
 * Written against node: modules (node:test, node:assert, node:child_process) so that tsc checks
 * it too.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import {
  passingTokenNumber,
  startCaptchaStandIn,
  testSecret,
} from '../../../test/contact/captcha-stand-in.ts'
import { startPostgres15 } from '../../../test/support/postgres-15.ts'
import { logRecords, unstructuredLines } from '../../../test/support/server-log-lines.ts'
import { requirePostgres15Binaries } from '../../../test/support/system-packages.ts'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..', '..')

const contact = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '(905) 555-0142',
  service: 'Design Build',
  message: 'We are planning an addition and would like to talk.',
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** An HTTP mail API on 127.0.0.1 in Resend's shape: keeps what it was sent. */
async function startMailApi(apiKey: string) {
  const received: { headers: Record<string, unknown>; body: Record<string, unknown> }[] = []
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ message: 'API key is invalid' }))
    }
    received.push({ headers: req.headers, body: JSON.parse(text) })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id: crypto.randomUUID() }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('the real entry (index.ts): secret and legacy keys in, wrong keys out, stored in Postgres, mailed by the HTTP API', async () => {
  const postgres = requirePostgres15Binaries()
  const secretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
  const mailKey = `re_${crypto.randomUUID().replaceAll('-', '')}`
  const serviceRoleKey = await new SignJWT({ iss: 'supabase', role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(crypto.randomUUID()))
  const [captcha, mail, cluster] = await Promise.all([
    startCaptchaStandIn(),
    startMailApi(mailKey),
    startPostgres15(postgres),
  ])
  const dbUrl = `postgres://${cluster.user}@${cluster.host}:${cluster.port}/${cluster.database}`
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  let child: ReturnType<typeof spawn> | undefined
  let output = ''
  try {
    // The schema as `supabase db reset` builds it: shim (for plain Postgres), then migrations.
    await db.query(readFileSync(join(repo, 'supabase/embedded/supabase-shim.sql'), 'utf8'))
    const migrations = join(repo, 'supabase/migrations')
    for (const file of readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      await db.query(readFileSync(join(migrations, file), 'utf8'))
    }

    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    child = spawn(
      process.execPath,
      // Quiet: Deno's own notes (a package's download) are this machine's, not the function's.
      [
        'run',
        '--quiet',
        '--allow-all',
        '--config',
        join(here, 'deno.json'),
        join(here, 'index.ts'),
      ],
      {
        env: {
          ...process.env,
          PORT: String(port),
          SUPABASE_DB_URL: dbUrl,
          SUPABASE_URL: 'http://127.0.0.1:9',
          SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
          SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
          HCAPTCHA_SECRET: testSecret,
          HCAPTCHA_VERIFY_URL: captcha.url,
          MAIL_API_KEY: mailKey,
          MAIL_API_URL: mail.url,
          COMPANY_NAME: 'Maple Hearth Renovations',
          CONTACT_TO_EMAIL: 'owner@example.com',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })

    const url = `http://127.0.0.1:${port}/`
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        const ready = await fetch(url, { method: 'POST', body: '{}' })
        await ready.body?.cancel()
        if (ready.status === 401) break
      } catch {}
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the entry did not start:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    const wrong = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(2) },
      { apikey: `sb_secret_${'0'.repeat(32)}` },
    )
    assert.equal(wrong.status, 401)
    assert.deepEqual(await wrong.json(), { error: 'Invalid API key' })

    const withSecret = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(3) },
      { apikey: secretKey, authorization: `Bearer ${secretKey}`, 'x-visitor-ip': '198.51.100.4' },
    )
    assert.equal(withSecret.status, 200, output)
    assert.deepEqual(await withSecret.json(), { ok: true })

    const withLegacy = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(4) },
      { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
    )
    assert.equal(withLegacy.status, 200, output)

    const { rows } = await db.query(
      'select remote_ip, notification_status, notification_attempts from public.contact_messages order by created_at',
    )
    assert.deepEqual(rows, [
      { remote_ip: '198.51.100.4', notification_status: 'sent', notification_attempts: 1 },
      { remote_ip: null, notification_status: 'sent', notification_attempts: 1 },
    ])
    assert.equal(mail.received.length, 2)
    assert.deepEqual(mail.received[0]?.body.to, ['owner@example.com'])
    // The company's name comes from the COMPANY_NAME secret, not from the site's app.config.ts.
    assert.match(String(mail.received[0]?.body.from), /Maple Hearth Renovations website/)
    assert.match(String(mail.received[0]?.body.reply_to), /zoe@example\.com/)
    assert.match(
      String(mail.received[0]?.headers['idempotency-key']),
      /^contact-notification\/[0-9a-f-]{36}$/,
    )

    // Failed captchas use up nothing of a visitor's limit (5 a minute): after more than five, a
    // message with a passing captcha is accepted.
    const visitor = { apikey: secretKey, 'x-visitor-ip': '198.51.100.6' }
    for (let attempt = 0; attempt < 7; attempt++) {
      const refused = await post(url, { ...contact, captchaToken: `refused-${attempt}` }, visitor)
      assert.equal(refused.status, 400, output)
      await refused.body?.cancel()
    }
    const afterFailures = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(5) },
      visitor,
    )
    assert.equal(afterFailures.status, 200, output)
    assert.deepEqual(await afterFailures.json(), { ok: true })

    const due = await post(url, {}, { apikey: secretKey }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }))
    assert.equal(
      (await fetch(`${url}deliver-due`, { method: 'POST', headers: { apikey: secretKey } })).status,
      200,
    )
    assert.equal(due.status, 400)

    // The self-check path: the function's checks for a caller with the secret key only.
    const selfCheck = async (headers: Record<string, string>) => {
      const response = await fetch(`${url}self-check`, { method: 'POST', headers })
      const body = (await response.json()) as { checks?: { name: string; status: string }[] }
      return { status: response.status, checks: body.checks?.map((c) => `${c.name} ${c.status}`) }
    }
    assert.deepEqual(await selfCheck({ apikey: secretKey }), {
      status: 200,
      checks: ['captcha not-configured', 'mail ok', 'database ok'],
    })
    captcha.secret = 'the secret hCaptcha holds now'
    assert.deepEqual(await selfCheck({ apikey: secretKey }), {
      status: 200,
      checks: ['captcha failed', 'mail ok', 'database ok'],
    })
    assert.equal((await selfCheck({})).status, 401)
    assert.doesNotMatch(output, /zoe@example\.com|Béatrice|addition/)
    // Every line the function wrote is JSON with a level: the log alert's rule sees it.
    assert.deepEqual(unstructuredLines(output), [])
    assert.equal(logRecords(output, 'edge.listening')[0]?.level, 'info')
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await db.end()
    await Promise.all([captcha.close(), mail.close(), cluster.stop()])
  }
})
