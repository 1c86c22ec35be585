/**
 * The site's function client (real supabase-js, the site's keys) against the function's own code
 * (site auth, the contact core) served over HTTP at /functions/v1/send-contact-message, on a real
 * database (PGlite with every migration) and the hCaptcha stand-in. Only hosted Supabase's
 * gateway is stood in for: it passes requests to the function untouched (verify_jwt = false).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  contactDeliveryError,
  createContactFunctionClient,
} from '../../../src/server/contact/contact-function-client.server.ts'
import {
  type CaptchaStandIn,
  passingTokenNumber,
  startCaptchaStandIn,
  testSecret,
} from '../../../test/contact/captcha-stand-in.ts'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
} from '../../../test/contact/contact-database.ts'
import { createHcaptchaVerifier } from '../_shared/contact/captcha.ts'
import { createContactCore } from '../_shared/contact/contact-core.ts'
import { runContactSelfCheck } from '../_shared/contact/contact-self-check.ts'
import { createPostgresContactStore } from '../_shared/contact/contact-store.ts'
import type { MailTransport } from '../_shared/contact/mail-transports.ts'
import { createNotificationOutbox } from '../_shared/contact/notification-outbox.ts'
import { createMemoryLogger } from '../_shared/log.ts'
import { createEdgeApp, type EdgeAppDeps, maxBodyBytes } from './app.ts'
import { createEdgeAppFromEnv } from './edge.ts'
import { createSiteAuth, secretKeysFrom, siteAuthErrors } from './site-auth.ts'

// Made up at run time, shaped like a project's keys.
const secretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
const otherSecretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
const publishableKey = `sb_publishable_${crypto.randomUUID().replaceAll('-', '')}`
const jwtSecret = new TextEncoder().encode(crypto.randomUUID())
const legacyKey = (role: string, secret = jwtSecret) =>
  new SignJWT({ iss: 'supabase', ref: 'testproject', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(secret)

const message = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '905-555-0199',
  service: 'Kitchen Remodeling',
  message: 'We would like a quote for a galley kitchen.',
}

let database: ContactTestDatabase
let captcha: CaptchaStandIn
let server: Server
let url: string
let serviceRoleKey: string
const sent: string[] = []
let mailDown = false
const log = createMemoryLogger()
let tokens = 500
let edgeDeps: EdgeAppDeps

beforeAll(async () => {
  ;[database, captcha] = await Promise.all([openContactTestDatabase(), startCaptchaStandIn()])
  serviceRoleKey = await legacyKey('service_role')
  const store = createPostgresContactStore(database.db)
  const transport: MailTransport = {
    description: 'test transport',
    async send(email) {
      if (mailDown) throw new Error('mail API answered HTTP 503')
      sent.push(email.headers['X-Contact-Message-Id'] ?? '')
    },
  }
  const outbox = createNotificationOutbox({
    store,
    transport,
    log,
    email: { to: 'office@example.com', siteName: 'Maple Hearth Renovations' },
    backoffMs: [100],
  })
  edgeDeps = {
    log,
    auth: createSiteAuth({
      secretKeys: secretKeysFrom((name) =>
        name === 'SUPABASE_SECRET_KEYS' ? JSON.stringify({ default: secretKey }) : undefined,
      ),
      legacyServiceRoleKey: serviceRoleKey,
    }),
    core: createContactCore({
      log,
      store,
      notifier: outbox,
      verifyCaptcha: createHcaptchaVerifier({ secret: testSecret, verifyUrl: captcha.url }),
    }),
    selfCheck: () =>
      runContactSelfCheck({
        captcha: { secret: testSecret, verifyUrl: captcha.url },
        mail: { transport },
        database: database.db,
      }),
  }
  const app = createEdgeApp(edgeDeps)
  // Hosted Supabase's gateway, as far as the function sees it: the request, passed through.
  server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
    }
    const response = await app(
      new Request(`http://gateway${req.url}`, {
        method: req.method,
        headers,
        ...(req.method === 'POST' ? { body } : {}),
      }),
    )
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(await response.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await Promise.all([database?.close(), captcha?.close()])
})
beforeEach(async () => {
  await database.reset()
  sent.length = 0
  mailDown = false
})

const clientWith = (key: string) =>
  createContactFunctionClient({ url, secretKey: key, log: createMemoryLogger(), timeoutMs: 5_000 })
const stored = async () =>
  (
    await database.db.query<{ name: string; remote_ip: string; notification_status: string }>(
      'select name, remote_ip, notification_status from public.contact_messages',
    )
  ).rows
const direct = (headers: Record<string, string>, body = '{}', path = '') =>
  fetch(`${url}/functions/v1/send-contact-message${path}`, { method: 'POST', headers, body })

describe('the site calling the function with the keys a hosted project issues', () => {
  it('a secret key (sb_secret_…): stored with the visitor address, notified once', async () => {
    const answer = await clientWith(secretKey).receive(
      { ...message, captchaToken: passingTokenNumber(tokens++) },
      { visitorIp: '203.0.113.40' },
    )
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    expect(await stored()).toEqual([
      { name: message.name, remote_ip: '203.0.113.40', notification_status: 'sent' },
    ])
    expect(sent).toHaveLength(1)
    expect(captcha.requests.at(-1)?.remoteip).toBe('203.0.113.40')
  })

  it('the legacy service_role key (an HS256 JWT) is accepted too', async () => {
    const answer = await clientWith(serviceRoleKey).receive(
      { ...message, captchaToken: passingTokenNumber(tokens++) },
      {},
    )
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    expect(await stored()).toHaveLength(1)
  })

  it.each([
    ['another secret key', () => otherSecretKey, siteAuthErrors.invalidKey],
    ['the publishable key', () => publishableKey, siteAuthErrors.notSecret],
    ['the legacy anon key', () => legacyKey('anon'), siteAuthErrors.notSecret],
    [
      'a service_role JWT signed with another secret',
      () => legacyKey('service_role', new TextEncoder().encode('x')),
      siteAuthErrors.notSecret,
    ],
  ])(
    '%s: the function answers 401 and the visitor gets the generic error',
    async (_, key, reason) => {
      const answer = await clientWith(await key()).receive(
        { ...message, captchaToken: passingTokenNumber(tokens++) },
        { visitorIp: '203.0.113.41' },
      )
      expect(answer).toEqual({ status: 502, body: { error: contactDeliveryError } })
      expect(await stored()).toHaveLength(0)
      const refused = await direct({ apikey: await key(), 'content-type': 'application/json' })
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ error: reason })
    },
  )

  it("tells the site's server whether hCaptcha could be asked, and the visitor only ok", async () => {
    const outcomes: string[] = []
    const meta = { captchaChecked: (outcome: string) => outcomes.push(outcome) }
    captcha.mode = 'error'
    try {
      const down = await clientWith(secretKey).receive(
        { ...message, captchaToken: passingTokenNumber(tokens++) },
        meta,
      )
      expect(down).toEqual({ status: 200, body: { ok: true } })
    } finally {
      captcha.mode = 'normal'
    }
    await clientWith(secretKey).receive({ ...message, captchaToken: 'refused' }, meta)
    await clientWith(secretKey).receive(
      { ...message, captchaToken: passingTokenNumber(tokens++) },
      meta,
    )
    // Refused before the captcha: nothing verified, nothing told.
    await clientWith(secretKey).receive({ ...message, email: 'nope', captchaToken: 'x' }, meta)
    expect(outcomes).toEqual(['failed', 'ok', 'ok'])
  })

  it('a caller without a key is refused, and cannot pick the rate-limited address', async () => {
    const body = JSON.stringify({ ...message, captchaToken: passingTokenNumber(tokens++) })
    const anonymous = await direct(
      { 'content-type': 'application/json', 'x-visitor-ip': '1.2.3.4' },
      body,
    )
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: siteAuthErrors.missing })
    expect(await stored()).toHaveLength(0)
    expect(captcha.requests.filter((r) => r.remoteip === '1.2.3.4')).toHaveLength(0)
  })

  it('the rate limit answers 429 with Retry-After through the client', async () => {
    const client = clientWith(secretKey)
    const from = { visitorIp: '198.51.100.77' }
    for (let i = 0; i < 5; i++) {
      const ok = await client.receive(
        { ...message, captchaToken: passingTokenNumber(tokens++) },
        from,
      )
      expect(ok.status).toBe(200)
    }
    const refused = await client.receive(
      { ...message, captchaToken: passingTokenNumber(tokens++) },
      from,
    )
    expect(refused).toMatchObject({ status: 429, body: { rateLimited: true } })
    expect(refused.retryAfterS).toBeGreaterThan(0)
  })

  it('deliver-due sends what a mail outage left pending', async () => {
    mailDown = true
    const client = clientWith(secretKey)
    expect(
      (await client.receive({ ...message, captchaToken: passingTokenNumber(tokens++) }, {})).status,
    ).toBe(200)
    expect(await stored()).toMatchObject([{ notification_status: 'pending' }])
    mailDown = false
    // Its retry falls due.
    await database.db.query('update public.contact_messages set next_attempt_at = now()')
    expect(await client.deliverDue()).toEqual({ sent: 1, 'retry-scheduled': 0, failed: 0 })
    expect(await stored()).toMatchObject([{ notification_status: 'sent' }])
    expect(sent).toHaveLength(1)
    const refused = await direct({ apikey: publishableKey }, '{}', '/deliver-due')
    expect(refused.status).toBe(401)
  })

  it('deliver-due with Prefer: respond-async answers 202 at once and sends in the background (pg_cron’s call)', async () => {
    mailDown = true
    expect(
      (
        await clientWith(secretKey).receive(
          { ...message, captchaToken: passingTokenNumber(tokens++) },
          {},
        )
      ).status,
    ).toBe(200)
    mailDown = false
    await database.db.query('update public.contact_messages set next_attempt_at = now()')
    const background: Promise<unknown>[] = []
    const app = createEdgeApp({ ...edgeDeps, waitUntil: (work) => background.push(work) })
    const call = (prefer?: string) =>
      app(
        new Request('http://gateway/functions/v1/send-contact-message/deliver-due', {
          method: 'POST',
          headers: { apikey: secretKey, ...(prefer ? { prefer } : {}) },
          body: '{}',
        }),
      )
    const answer = await call('respond-async, wait=5')
    expect(answer.status).toBe(202)
    expect(answer.headers.get('preference-applied')).toBe('respond-async')
    expect(await answer.json()).toEqual({ accepted: true })
    expect(background).toHaveLength(1)
    await Promise.all(background)
    expect(await stored()).toMatchObject([{ notification_status: 'sent' }])
    expect(sent).toHaveLength(1)
    // Without the preference (the site's schedule), the pass's summary.
    const waited = await call()
    expect(waited.status).toBe(200)
    expect(await waited.json()).toEqual({ sent: 0, 'retry-scheduled': 0, failed: 0 })
    // And without a runtime to finish it, the preference is not applied.
    const noRuntime = await createEdgeApp(edgeDeps)(
      new Request('http://gateway/functions/v1/send-contact-message/deliver-due', {
        method: 'POST',
        headers: { apikey: secretKey, prefer: 'respond-async' },
      }),
    )
    expect(noRuntime.status).toBe(200)
    expect(noRuntime.headers.get('preference-applied')).toBeNull()
  })

  it('refuses other methods, bodies that are not JSON, and bodies that are too large', async () => {
    const get = await fetch(`${url}/functions/v1/send-contact-message`, {
      headers: { apikey: secretKey },
    })
    expect(get.status).toBe(405)
    const notJson = await direct({ apikey: secretKey }, 'not json')
    expect(notJson.status).toBe(400)
    const large = await direct(
      { apikey: secretKey },
      JSON.stringify({ message: 'x'.repeat(maxBodyBytes) }),
    )
    expect(large.status).toBe(413)
  })

  it('a function without its settings answers 500 and names them, instead of crashing', async () => {
    const memory = createMemoryLogger()
    const app = createEdgeAppFromEnv(() => undefined, { log: memory })
    const response = await app.fetch(new Request('http://edge/', { method: 'POST', body: '{}' }))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'The contact service is not configured.' })
    const fatal = memory.entries.find((entry) => entry.event === 'edge.misconfigured')
    expect(String(fatal?.fields.problems)).toMatch(/SUPABASE_DB_URL .*SUPABASE_SECRET_KEYS/)
    // A missing captcha secret is named too, but is no reason to refuse messages.
    expect(String(fatal?.fields.problems)).not.toMatch(/HCAPTCHA_SECRET/)
    expect(memory.entries).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'edge.captcha_misconfigured' }),
    )
    await app.close()
  })

  it('names every mail setting that is wrong, at error level, apart from what stops the function', async () => {
    const memory = createMemoryLogger()
    const secrets: Record<string, string> = {
      MAIL_API_KEY: 're_test',
      COMPANY_NAME: 'Line\nBreak Renovations',
      CONTACT_FROM_EMAIL: 'not an address',
    }
    const app = createEdgeAppFromEnv((name) => secrets[name], { log: memory })
    const response = await app.fetch(new Request('http://edge/', { method: 'POST', body: '{}' }))
    expect(response.status).toBe(500)
    const mail = memory.entries.find((entry) => entry.event === 'edge.mail_misconfigured')
    expect(mail?.level).toBe('error')
    const problems = String(mail?.fields.problems)
    expect(problems).toMatch(/COMPANY_NAME must be one line/)
    expect(problems).toMatch(/CONTACT_TO_EMAIL is not set/)
    expect(problems).toMatch(/CONTACT_FROM_EMAIL is not an email address/)
    const fatal = memory.entries.find((entry) => entry.event === 'edge.misconfigured')
    expect(String(fatal?.fields.problems)).not.toMatch(/COMPANY_NAME|CONTACT_/)
    await app.close()
  })
})

describe("the function's self-check path, as the site calls it", () => {
  const checksOf = (report: { checks: { name: string; status: string }[] }) =>
    report.checks.map((check) => `${check.name} ${check.status}`)

  it("the site's key: the function's own check passes, then the function's checks", async () => {
    const report = await clientWith(secretKey).selfCheck()
    expect(checksOf(report)).toEqual([
      'function ok',
      // hCaptcha's published test secret: it protects nothing, so it counts as not configured.
      'captcha not-configured',
      'mail ok',
      'database ok',
    ])
    expect(captcha.requests.at(-1)?.response).toBe('contact-self-check')
  })

  it('a secret hCaptcha refuses is named, and the secret is not', async () => {
    captcha.secret = 'the secret hCaptcha holds now'
    try {
      const report = await clientWith(secretKey).selfCheck()
      expect(checksOf(report)).toEqual(['function ok', 'captcha failed', 'mail ok', 'database ok'])
      expect(report.checks[1]?.detail).toMatch(/HCAPTCHA_SECRET .*invalid-input-secret/)
      expect(JSON.stringify(report)).not.toContain(testSecret)
    } finally {
      captcha.secret = testSecret
    }
  })

  it('a key the function refuses, or a function out of reach, is the function check failed', async () => {
    const refused = await clientWith(otherSecretKey).selfCheck()
    expect(refused.checks).toEqual([
      {
        name: 'function',
        status: 'failed',
        detail: expect.stringMatching(/HTTP 401 .*refuses SUPABASE_SECRET_KEY/),
      },
    ])
    const direct401 = await direct({ apikey: publishableKey }, '{}', '/self-check')
    expect(direct401.status).toBe(401)
    const unreachable = await createContactFunctionClient({
      url: 'http://127.0.0.1:9',
      secretKey,
      log: createMemoryLogger(),
    }).selfCheck()
    expect(unreachable.checks).toEqual([
      { name: 'function', status: 'failed', detail: expect.stringContaining('unreachable') },
    ])
  })
})
