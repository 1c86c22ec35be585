/**
 * The edge function under the real Deno, with fakes only at the network edge: a JWKS and an
 * hCaptcha verifier on 127.0.0.1, an SMTP server (smtp-server) on 127.0.0.1.
 *
 * 1. The serve handler in-process (Deno.serve on a free port) over an in-memory store.
 * 2. The real entry, index.ts, as its own `deno run` process, with a throwaway PostgreSQL 15 as
 *    SUPABASE_DB_URL (skipped when PostgreSQL 15 is not installed, unless CI=true).
 *
 * DENO_DIR=node_modules/.cache/deno ./node_modules/.bin/deno test --allow-all \
 *   --config supabase/functions/send-contact-message/deno.json \
 *   supabase/functions/send-contact-message/index.deno.test.ts
 *
 * Written against node: modules (node:test, node:assert, node:child_process) so that tsc checks
 * it too; only Deno.serve is reached through globalThis.
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
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import {
  passingTokenNumber,
  startCaptchaStandIn,
  testSecret,
} from '../../../test/contact/captcha-stand-in.ts'
import { startSmtpStandIn } from '../../../test/contact/smtp-stand-in.ts'
import { findPostgres15Binaries, startPostgres15 } from '../../../test/support/postgres-15.ts'
import { createEdgeApp } from './app.ts'
import { createHcaptchaVerifier } from './captcha.ts'
import { createContactHandler } from './handler.ts'
import { createJwtVerifier } from './jwt.ts'
import { createMemoryLogger } from './log.ts'
import type { ContactStore, StoredContactMessage } from './store.ts'

interface DenoServe {
  serve(
    options: { port: number; hostname: string; onListen?: () => void },
    handler: (request: Request) => Promise<Response>,
  ): { addr: { port: number }; shutdown(): Promise<void> }
}
const deno = (globalThis as unknown as { Deno: DenoServe }).Deno

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..', '..')

const contact = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '(905) 555-0142',
  service: 'Design Build',
  message: 'We are planning an addition and would like to talk.',
}

async function startJwks() {
  const keys = await generateKeyPair('ES256')
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' }
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const token = await new SignJWT({ role: 'anon' })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(keys.privateKey)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1/.well-known/jwks.json`,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function memoryStore(): ContactStore & { messages: StoredContactMessage[] } {
  const messages: StoredContactMessage[] = []
  const tokens = new Set<string>()
  return {
    messages,
    async insert(fields, meta = {}) {
      if (meta.captchaTokenHash) {
        if (tokens.has(meta.captchaTokenHash)) return { stored: false, reason: 'token-replayed' }
        tokens.add(meta.captchaTokenHash)
      }
      const id = crypto.randomUUID()
      messages.push({
        ...fields,
        id,
        createdAt: new Date(),
        remoteIp: meta.remoteIp ?? null,
        notificationStatus: 'pending',
        notificationAttempts: 0,
        notificationLastError: null,
        notifiedAt: null,
        nextAttemptAt: new Date(),
      })
      return { stored: true, id }
    },
    claimDue: async () => [],
    markSent: async () => false,
    markAttemptFailed: async () => false,
    list: async () => ({ total: messages.length, messages: [...messages].reverse() }),
  }
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

test('the serve handler answers a POST end to end under Deno', async () => {
  const [jwks, captcha] = await Promise.all([startJwks(), startCaptchaStandIn()])
  const store = memoryStore()
  const delivered: string[] = []
  const log = createMemoryLogger()
  const app = createEdgeApp({
    log,
    jwt: createJwtVerifier({ jwksUrl: jwks.url }),
    handler: createContactHandler({
      log,
      store,
      verifyCaptcha: createHcaptchaVerifier({ secret: testSecret, verifyUrl: captcha.url }),
      notifier: { deliver: async (id) => delivered.push(id) },
    }),
  })
  const server = deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, app)
  const url = `http://127.0.0.1:${server.addr.port}/send-contact-message`
  try {
    const preflight = await fetch(url, { method: 'OPTIONS' })
    await preflight.body?.cancel()
    assert.equal(preflight.status, 204)
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/)

    const anonymous = await post(url, {})
    assert.equal(anonymous.status, 401)
    assert.deepEqual(await anonymous.json(), { error: 'Missing authorization header' })

    const token = passingTokenNumber(1)
    const auth = { authorization: `Bearer ${jwks.token}`, 'x-visitor-ip': '203.0.113.9' }
    const sent = await post(url, { ...contact, captchaToken: token }, auth)
    assert.equal(sent.status, 200)
    assert.deepEqual(await sent.json(), { ok: true })
    assert.equal(store.messages.length, 1)
    assert.equal(store.messages[0]?.name, contact.name)
    assert.equal(store.messages[0]?.remoteIp, '203.0.113.9')
    assert.deepEqual(delivered, [store.messages[0]?.id])
    assert.equal(captcha.requests[0]?.remoteip, '203.0.113.9')

    const replay = await post(url, { ...contact, captchaToken: token }, auth)
    assert.equal(replay.status, 400)
    assert.deepEqual(await replay.json(), {
      error: 'Captcha verification failed. Please try again.',
    })

    const invalid = await post(url, { ...contact, email: 'nope', captchaToken: 'x' }, auth)
    assert.equal(invalid.status, 400)
    assert.deepEqual(await invalid.json(), { error: 'Please enter a valid email address.' })
    assert.equal(store.messages.length, 1)
  } finally {
    await server.shutdown()
    await Promise.all([jwks.close(), captcha.close()])
  }
})

const postgres = findPostgres15Binaries()
const skipPostgres = !postgres && process.env.CI !== 'true'

test('the real entry (index.ts) stores in Postgres, emails through SMTP and answers ok', {
  skip: skipPostgres ? 'PostgreSQL 15 binaries not found' : false,
}, async () => {
  if (!postgres) throw new Error('PostgreSQL 15 is required (CI=true) but was not found')
  const [jwks, captcha, smtp, cluster] = await Promise.all([
    startJwks(),
    startCaptchaStandIn(),
    startSmtpStandIn(),
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
      ['run', '--allow-all', '--config', join(here, 'deno.json'), join(here, 'index.ts')],
      {
        env: {
          ...process.env,
          PORT: String(port),
          SUPABASE_DB_URL: dbUrl,
          JWKS_URL: jwks.url,
          HCAPTCHA_SECRET: testSecret,
          HCAPTCHA_VERIFY_URL: captcha.url,
          SMTP_URL: smtp.url,
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
        const ready = await fetch(url, { method: 'OPTIONS' })
        await ready.body?.cancel()
        if (ready.status === 204) break
      } catch {}
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the entry did not start:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    const unauthorized = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(2) },
      {
        authorization: 'Bearer not.a.jwt',
      },
    )
    assert.equal(unauthorized.status, 401)
    assert.deepEqual(await unauthorized.json(), { error: 'Invalid JWT' })

    const response = await post(
      url,
      { ...contact, captchaToken: passingTokenNumber(3) },
      {
        authorization: `Bearer ${jwks.token}`,
        'x-visitor-ip': '198.51.100.4',
      },
    )
    assert.equal(response.status, 200, output)
    assert.deepEqual(await response.json(), { ok: true })

    const { rows } = await db.query(
      'select name, remote_ip, notification_status, notification_attempts from public.contact_messages',
    )
    assert.deepEqual(rows, [
      {
        name: contact.name,
        remote_ip: '198.51.100.4',
        notification_status: 'sent',
        notification_attempts: 1,
      },
    ])
    assert.equal(smtp.received.length, 1)
    assert.deepEqual(smtp.received[0]?.to, ['owner@example.com'])
    assert.match(smtp.received[0]?.raw ?? '', /^Reply-To: .*zoe@example\.com/m)
    assert.doesNotMatch(output, /zoe@example\.com|Béatrice|addition/)
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await db.end()
    await Promise.all([jwks.close(), captcha.close(), smtp.stop(), cluster.stop()])
  }
})
