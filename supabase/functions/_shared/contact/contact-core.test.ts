import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CaptchaStandIn,
  passingToken,
  passingTokenNumber,
  startCaptchaStandIn,
  testSecret,
} from '../../../../test/contact/captcha-stand-in'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
  unreachableDatabase,
} from '../../../../test/contact/contact-database'
import { findPart, parseMime } from '../../../../test/contact/mime'
import { type SmtpStandIn, startSmtpStandIn } from '../../../../test/contact/smtp-stand-in'
import { createMemoryLogger } from '../log.ts'
import { createHcaptchaVerifier } from './captcha.ts'
import { type ContactNotifier, contactErrors, createContactCore } from './contact-core.ts'
import { createPostgresContactStore } from './contact-store.ts'
import type { Database, SqlExecutor } from './database.ts'
import { createSmtpTransport } from './mail-transports.ts'
import { createNotificationOutbox } from './notification-outbox.ts'

const message = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '(905) 555-0142',
  service: 'Bathroom Remodeling',
  message: 'Our ensuite needs a walk-in shower <b>soon</b> & heated floors.',
}
const ok = { status: 200, body: { ok: true } }
const secretWords = [message.name, message.email, message.phone, 'walk-in shower']

let database: ContactTestDatabase
let captcha: CaptchaStandIn
let smtp: SmtpStandIn
let tokenCounter = 100
const nextToken = () => passingTokenNumber(tokenCounter++)

beforeAll(async () => {
  ;[database, captcha, smtp] = await Promise.all([
    openContactTestDatabase(),
    startCaptchaStandIn(),
    startSmtpStandIn(),
  ])
})
afterAll(async () => {
  await Promise.all([database?.close(), captcha?.close(), smtp?.stop()])
})
beforeEach(async () => {
  await database.reset()
  captcha.mode = 'normal'
  captcha.requests.length = 0
  smtp.received.length = 0
})

const rows = async () =>
  (
    await database.db.query<{
      id: string
      name: string
      notification_status: string
      notification_attempts: number
      remote_ip: string | null
      captcha_problem: string | null
    }>('select * from public.contact_messages order by created_at')
  ).rows
const tokenRows = async () =>
  (await database.db.query('select * from public.captcha_tokens_used')).rows

function setup(
  options: {
    db?: Database
    notifier?: ContactNotifier
    verifyUrl?: string
    timeoutMs?: number
    uncheckedPerHour?: number
    smtpTimeoutMs?: number
  } = {},
) {
  const log = createMemoryLogger()
  const store = createPostgresContactStore(options.db ?? database.db)
  const outbox = createNotificationOutbox({
    store,
    transport: createSmtpTransport({ url: smtp.url, timeoutMs: options.smtpTimeoutMs ?? 2_000 }),
    log,
    email: { to: 'office@example.com', siteName: 'Maple Hearth Renovations' },
  })
  const handler = createContactCore({
    log,
    store,
    notifier: options.notifier ?? outbox,
    uncheckedPerHour: options.uncheckedPerHour,
    verifyCaptcha: createHcaptchaVerifier({
      secret: testSecret,
      verifyUrl: options.verifyUrl ?? captcha.url,
      siteKey: '10000000-ffff-ffff-ffff-000000000001',
      timeoutMs: options.timeoutMs ?? 2_000,
      log,
    }),
  })
  return { handler, log, store, outbox }
}

const expectNoContentInLogs = (log: ReturnType<typeof createMemoryLogger>) => {
  const text = JSON.stringify(log.entries)
  for (const word of secretWords) expect(text).not.toContain(word)
}

describe('contact core', () => {
  it('verifies, stores, emails and answers ok', async () => {
    const { handler, log } = setup()
    const answer = await handler.receive(
      { ...message, captchaToken: passingToken },
      { visitorIp: '203.0.113.7' },
    )
    expect(answer).toEqual({ status: 200, body: { ok: true } })

    const [row] = await rows()
    expect(row).toMatchObject({
      name: message.name,
      notification_status: 'sent',
      notification_attempts: 1,
      remote_ip: '203.0.113.7',
    })
    expect(captcha.requests).toEqual([
      {
        secret: testSecret,
        response: passingToken,
        remoteip: '203.0.113.7',
        sitekey: '10000000-ffff-ffff-ffff-000000000001',
      },
    ])
    expect(smtp.received).toHaveLength(1)
    const mail = parseMime(smtp.received[0]?.raw ?? '')
    expect(smtp.received[0]?.to).toEqual(['office@example.com'])
    expect(mail.headers.get('reply-to')).toContain('zoe@example.com')
    expect(mail.headers.get('subject')).toBe('Contact form: Zoë Béatrice Ngô (Bathroom Remodeling)')
    expect(findPart(mail, 'text/plain')?.body).toContain(message.message)
    expect(findPart(mail, 'text/html')?.body).toContain(
      'walk-in shower &lt;b&gt;soon&lt;/b&gt; &amp; heated floors.',
    )
    expect(log.entries.map((entry) => entry.event)).toContain('contact.stored')
    expectNoContentInLogs(log)
  })

  it('puts the name in the mail headers as written: an encoded word stays text, an override is gone', async () => {
    const { handler } = setup()
    const encodedWord = '=?UTF-8?B?Qm9zcyA8Ym9zc0BleGFtcGxlLmNvbT4=?='
    for (const name of [`Eve ${encodedWord}`, 'Mallory \u202egnp.exe']) {
      const answer = await handler.receive({ ...message, name, captchaToken: nextToken() })
      expect(answer).toEqual({ status: 200, body: { ok: true } })
    }
    const [encoded, overridden] = smtp.received.map((mail) => parseMime(mail.raw))
    // Read as a mail program reads it, encoded words decoded: the text the visitor typed.
    expect(encoded?.headers.get('subject')).toBe(
      `Contact form: Eve ${encodedWord} (Bathroom Remodeling)`,
    )
    expect(encoded?.headers.get('reply-to')).toBe('zoe@example.com')
    expect(overridden?.headers.get('subject')).toBe(
      'Contact form: Mallory gnp.exe (Bathroom Remodeling)',
    )
    expect(overridden?.headers.get('reply-to')).toContain('Mallory gnp.exe')
  })

  it('keeps where the lead came from beside the message, and drops a source that does not fit', async () => {
    const { handler } = setup()
    const sources = [
      { sourceRoute: '/services/$serviceId', referrerHost: 'WWW.Google.CA' },
      { sourceRoute: 'https://evil.example/?q=1', referrerHost: 'not a host/..' },
      {},
    ]
    for (const source of sources) {
      const answer = await handler.receive({ ...message, captchaToken: nextToken(), ...source })
      expect(answer.status).toBe(200)
    }
    const stored = await database.db.query<{
      source_route: string | null
      referrer_host: string | null
    }>('select source_route, referrer_host from public.contact_messages order by created_at')
    expect(stored.rows).toEqual([
      { source_route: '/services/$serviceId', referrer_host: 'www.google.ca' },
      { source_route: null, referrer_host: null },
      { source_route: null, referrer_host: null },
    ])
  })

  it('stores before notifying: a throwing notifier still leaves the message and an ok', async () => {
    let seenAtNotify: unknown[] = []
    const { handler, log } = setup({
      notifier: {
        async deliver() {
          seenAtNotify = await rows()
          throw new Error('mail server on fire')
        },
      },
    })
    const answer = await handler.receive({ ...message, captchaToken: nextToken() })
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    expect(seenAtNotify).toHaveLength(1)
    expect(await rows()).toMatchObject([{ notification_status: 'pending' }])
    expect(log.entries).toContainEqual(
      expect.objectContaining({ event: 'contact.notification_error', level: 'error' }),
    )
    expectNoContentInLogs(log)
  })

  it('keeps the message when the mail server is down, and a later retry sends it exactly once', async () => {
    const { handler, outbox, log } = setup()
    await smtp.stop()
    try {
      const answer = await handler.receive({ ...message, captchaToken: nextToken() })
      expect(answer).toEqual({ status: 200, body: { ok: true } })
      const [pending] = await rows()
      expect(pending).toMatchObject({ notification_status: 'pending', notification_attempts: 1 })
      const { rows: due } = await database.db.query<{ wait: number; error: string }>(
        `select extract(epoch from next_attempt_at - now())::float8 as wait,
                notification_last_error as error from public.contact_messages`,
      )
      expect(due[0]?.wait).toBeGreaterThan(25)
      expect(due[0]?.wait).toBeLessThanOrEqual(30)
      expect(due[0]?.error).toMatch(/ECONNREFUSED/)

      // Before the backoff has passed nothing is due.
      expect(await outbox.deliverDue()).toEqual({ sent: 0, 'retry-scheduled': 0, failed: 0 })
    } finally {
      smtp = await startSmtpStandIn(smtp.port)
    }
    // The 30 s backoff passes.
    await database.db.query(
      "update public.contact_messages set next_attempt_at = next_attempt_at - interval '30 seconds'",
    )
    // Two workers at once (the retrier and, say, a second server): one email.
    const [first, second] = await Promise.all([outbox.deliverDue(), outbox.deliverDue()])
    expect(first.sent + second.sent).toBe(1)
    expect(await outbox.deliverDue()).toEqual({ sent: 0, 'retry-scheduled': 0, failed: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(await rows()).toMatchObject([{ notification_status: 'sent', notification_attempts: 2 }])
    expectNoContentInLogs(log)
  })

  it('refuses a replayed token: the provider says no the second time, nothing more is stored', async () => {
    const { handler } = setup()
    const token = nextToken()
    expect((await handler.receive({ ...message, captchaToken: token })).status).toBe(200)
    expect(await handler.receive({ ...message, captchaToken: token })).toEqual({
      status: 400,
      body: { error: contactErrors.captcha },
    })
    expect(await rows()).toHaveLength(1)
  })

  it('refuses a replayed token even when the provider accepts it twice', async () => {
    captcha.mode = 'accept-all'
    const { handler, log } = setup()
    expect((await handler.receive({ ...message, captchaToken: 'reused-token' })).status).toBe(200)
    expect(await handler.receive({ ...message, captchaToken: 'reused-token' })).toEqual({
      status: 400,
      body: { error: contactErrors.captcha },
    })
    expect(await rows()).toHaveLength(1)
    expect(await tokenRows()).toHaveLength(1)
    expect(JSON.stringify(await tokenRows())).not.toContain('reused-token')
    expect(log.entries.map((entry) => entry.event)).toContain('contact.captcha_replayed')
  })

  it("lets hCaptcha's published test token through more than once (test keys only)", async () => {
    captcha.mode = 'accept-all'
    const { handler } = setup()
    for (let i = 0; i < 2; i++) {
      expect((await handler.receive({ ...message, captchaToken: passingToken })).status).toBe(200)
    }
    expect(await rows()).toHaveLength(2)
    expect(await tokenRows()).toHaveLength(0)
  })

  it('refuses an invalid token without storing', async () => {
    const { handler } = setup()
    expect(await handler.receive({ ...message, captchaToken: 'forged' })).toEqual({
      status: 400,
      body: { error: contactErrors.captcha },
    })
    expect(await rows()).toHaveLength(0)
  })

  it.each([
    { mode: 'down', what: 'connection refused' },
    { mode: 'error', what: 'HTTP 500' },
    { mode: 'hang', what: 'time-out' },
  ] as const)(
    'keeps the message, marked unchecked, when the captcha provider is $mode ($what)',
    async ({ mode }) => {
      let verifyUrl = captcha.url
      let down: CaptchaStandIn | undefined
      if (mode === 'down') {
        down = await startCaptchaStandIn()
        verifyUrl = down.url
        await down.close()
      } else {
        captcha.mode = mode
      }
      const { handler, log } = setup({ verifyUrl, timeoutMs: 300 })
      expect(await handler.receive({ ...message, captchaToken: nextToken() })).toEqual(ok)
      const [row] = await rows()
      expect(row?.captcha_problem).toMatch(/^unavailable: /)
      expect(row?.notification_status).toBe('sent')
      expect(log.entries).toContainEqual(
        expect.objectContaining({ event: 'captcha.verify_unavailable', level: 'error' }),
      )
      expect(log.entries).toContainEqual(
        expect.objectContaining({ event: 'contact.captcha_unchecked', level: 'error' }),
      )
      // The owner is told, in the notification itself, to judge this one by eye.
      const mail = parseMime(smtp.received[0]?.raw ?? '')
      expect(findPart(mail, 'text/plain')?.body).toMatch(/Captcha:\s+not checked \(unavailable/)
    },
  )

  it.each([
    { setting: 'a wrong secret', secret: 'not-the-secret', code: 'invalid-input-secret' },
    { setting: 'no secret', secret: '', code: 'missing-input-secret' },
  ])(
    "keeps the message when the site's captcha settings are wrong ($setting): the operator's fault",
    async ({ secret, code }) => {
      const log = createMemoryLogger()
      const store = createPostgresContactStore(database.db)
      const handler = createContactCore({
        log,
        store,
        notifier: { deliver: async () => 'sent' },
        verifyCaptcha: createHcaptchaVerifier({ secret, verifyUrl: captcha.url, log }),
      })
      const answers = []
      for (let i = 0; i < 3; i++) {
        answers.push(await handler.receive({ ...message, captchaToken: nextToken() }))
      }
      expect(answers).toEqual([ok, ok, ok])
      const stored = await rows()
      expect(stored.map((row) => row.captcha_problem)).toEqual(
        Array(3).fill(`misconfigured: ${code}`),
      )
      expect(log.entries).toContainEqual(
        expect.objectContaining({ level: 'error', event: 'captcha.misconfigured' }),
      )
      expect(
        log.entries.filter((entry) => entry.event === 'contact.captcha_unchecked'),
      ).toHaveLength(3)
      expectNoContentInLogs(log)
    },
  )

  it('stores and notifies a resend after a lost answer once, and answers it ok', async () => {
    const { handler, log } = setup()
    const submissionId = '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a'
    const first = await handler.receive({ ...message, captchaToken: nextToken(), submissionId })
    // The visitor never saw that answer, solves a new captcha and sends the same message again.
    const again = await handler.receive({ ...message, captchaToken: nextToken(), submissionId })
    expect([first, again]).toEqual([ok, ok])
    expect(await rows()).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
    expect(log.entries).toContainEqual(
      expect.objectContaining({ event: 'contact.resend_recognised' }),
    )
    // A new message under a reused id is a message of its own.
    const edited = { ...message, message: `${message.message} Also the powder room.` }
    expect(await handler.receive({ ...edited, captchaToken: nextToken(), submissionId })).toEqual(
      ok,
    )
    expect(await rows()).toHaveLength(2)
  })

  it('drops a submission id that is not a UUID rather than refuse the message', async () => {
    const { handler } = setup()
    const answer = await handler.receive({
      ...message,
      captchaToken: nextToken(),
      submissionId: 'not-a-uuid',
    })
    expect(answer).toEqual(ok)
    expect(await rows()).toHaveLength(1)
  })

  it('answers an error when the database is down', async () => {
    const { handler, log } = setup({ db: unreachableDatabase() })
    expect(await handler.receive({ ...message, captchaToken: nextToken() })).toEqual({
      status: 503,
      body: { error: contactErrors.unavailable },
    })
    expect(log.entries).toContainEqual(
      expect.objectContaining({ event: 'contact.store_failed', level: 'error' }),
    )
    expect(smtp.received).toHaveLength(0)
  })

  it('writes nothing half: a failure after the token row rolls the token back too', async () => {
    const failingInsert: Database = {
      query: (sql, params) => database.db.query(sql, params),
      transaction: (fn) =>
        database.db.transaction((tx) =>
          fn({
            query: async (sql, params) => {
              if (sql.includes('insert into public.contact_messages')) {
                throw new Error('connection lost')
              }
              return tx.query(sql, params)
            },
          } as SqlExecutor),
        ),
    }
    const { handler } = setup({ db: failingInsert })
    const token = nextToken()
    expect((await handler.receive({ ...message, captchaToken: token })).status).toBe(503)
    expect(await rows()).toHaveLength(0)
    expect(await tokenRows()).toHaveLength(0)
  })

  it('answers 400 naming the fields to fix, in the form’s words, asking nobody', async () => {
    const { handler } = setup()
    expect(await handler.receive({ ...message, email: 'nope', captchaToken: nextToken() })).toEqual(
      {
        status: 400,
        body: {
          error: 'Please enter a valid email address.',
          fields: { email: 'Please enter a valid email address.' },
        },
      },
    )
    expect(
      await handler.receive({ ...message, name: '', phone: '905\r\n555', captchaToken: '' }),
    ).toEqual({
      status: 400,
      body: {
        error: 'Please enter your name.',
        fields: {
          name: 'Please enter your name.',
          phone: 'Please enter a valid phone number.',
          captchaToken: 'Captcha Required - Please complete the captcha to proceed.',
        },
      },
    })
    expect(await handler.receive('not even an object')).toEqual({
      status: 400,
      body: { error: 'Please send the form with every field.', fields: {} },
    })
    expect(captcha.requests).toHaveLength(0)
    expect(await rows()).toHaveLength(0)
  })

  it('never repeats what was sent in a refusal: any invalid body gets a small answer', async () => {
    const { handler } = setup()
    // Text no sentence of ours contains: if it comes back, the input was echoed.
    const sent = fc
      .tuple(fc.string({ maxLength: 40 }), fc.nat(250_000))
      .map(([text, size]) => `\u2603echo${text}${'A'.repeat(size % 3 === 0 ? size : 0)}`)
    const body = fc.oneof(
      sent,
      fc.array(sent, { maxLength: 3 }),
      fc.record({ name: sent, email: sent, phone: sent, message: sent, captchaToken: sent }),
      sent.map((email) => ({ ...message, email, captchaToken: '' })),
      fc.record({ data: sent }),
    )
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const answer = await handler.receive(input)
        const text = JSON.stringify(answer.body)
        expect(answer.status).toBe(400)
        expect(text).not.toContain('\u2603')
        expect(text.length).toBeLessThan(600)
      }),
      { numRuns: 150 },
    )
    expect(captcha.requests).toHaveLength(0)
  })

  it('accepts 5 messages a minute from one address, then answers 429 with the wait', async () => {
    const { handler } = setup()
    const from = { visitorIp: '198.51.100.23' }
    for (let i = 0; i < 5; i++) {
      expect(await handler.receive({ ...message, captchaToken: nextToken() }, from)).toEqual({
        status: 200,
        body: { ok: true },
      })
    }
    const refused = await handler.receive({ ...message, captchaToken: nextToken() }, from)
    expect(refused).toMatchObject({
      status: 429,
      body: { error: contactErrors.rateLimited, rateLimited: true },
    })
    expect(refused.retryAfterS).toBeGreaterThan(0)
    expect(refused.retryAfterS).toBeLessThanOrEqual(60)
    // The refused one reached neither the captcha provider nor the database.
    expect(captcha.requests).toHaveLength(5)
    expect(await rows()).toHaveLength(5)
    // Another address, and another IPv6 /64, count apart.
    const other = await handler.receive(
      { ...message, captchaToken: nextToken() },
      { visitorIp: '2001:db8:1:2::9' },
    )
    expect(other.status).toBe(200)
  })

  it('does not count failed captchas against the limit: after 8 refused, a passing one is accepted', async () => {
    const { handler } = setup()
    const from = { visitorIp: '198.51.100.31' }
    for (let i = 0; i < 8; i++) {
      expect(
        (await handler.receive({ ...message, captchaToken: `refused-${i}` }, from)).status,
      ).toBe(400)
    }
    expect(await handler.receive({ ...message, captchaToken: nextToken() }, from)).toEqual({
      status: 200,
      body: { ok: true },
    })
    // And the limit of accepted messages is whole: four more, then the wait.
    const statuses = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await handler.receive({ ...message, captchaToken: nextToken() }, from)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    expect(await rows()).toHaveLength(5)
  })

  it('keeps messages through a captcha outage under the limit of accepted messages', async () => {
    const { handler } = setup()
    const from = { visitorIp: '198.51.100.32' }
    captcha.mode = 'error'
    const statuses = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await handler.receive({ ...message, captchaToken: nextToken() }, from)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(await rows()).toHaveLength(5)
  })

  it('tells a sender of refused tokens to wait after 10 a minute, yet hears a passing token from the same address', async () => {
    const { handler } = setup()
    const from = { visitorIp: '198.51.100.33' }
    const statuses = []
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await handler.receive({ ...message, captchaToken: `refused-${i}` }, from)).status,
      )
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429])
    // A real visitor behind the same address (a shared network) is not locked out.
    expect(await handler.receive({ ...message, captchaToken: nextToken() }, from)).toEqual(ok)
    expect(await rows()).toHaveLength(1)
  })

  it('accepts no more than 5 of many messages sent at once from one address', async () => {
    const { handler } = setup()
    const from = { visitorIp: '198.51.100.34' }
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        handler.receive({ ...message, captchaToken: nextToken() }, from),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)])
    expect(await rows()).toHaveLength(5)
  })

  it('without a client address, counts messages in a site-wide cap of 6 addresses, not in one bucket', async () => {
    const { handler } = setup()
    const unknown = { visitorIp: undefined }
    // Neither a filled honeypot nor a refused token counts: either costs a bot nothing.
    for (let i = 0; i < 40; i++) {
      await handler.receive(
        { ...message, captchaToken: nextToken(), website: 'http://spam' },
        unknown,
      )
      await handler.receive({ ...message, captchaToken: `refused-${i}` }, unknown)
    }
    const statuses = []
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await handler.receive({ ...message, captchaToken: nextToken() }, unknown)).status,
      )
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429])
    expect(await rows()).toHaveLength(30)
    // The refused one was told before its token was spent at the captcha provider.
    expect(captcha.requests).toHaveLength(40 + 30)
    // A client with an address is counted on its own.
    const known = await handler.receive(
      { ...message, captchaToken: nextToken() },
      { visitorIp: '198.51.100.35' },
    )
    expect(known.status).toBe(200)
  })

  it('counts 20 an hour: an hour-old window refuses the 21st even a minute apart', async () => {
    const { handler } = setup()
    await database.db.query(
      `insert into public.contact_rate_events (client_key, counted_at)
       select '203.0.113.5', now() - make_interval(mins => 2 + n) from generate_series(1, 20) as n`,
    )
    const refused = await handler.receive(
      { ...message, captchaToken: nextToken() },
      { visitorIp: '203.0.113.5' },
    )
    expect(refused.status).toBe(429)
    // The oldest of the 20 is 22 minutes old: it leaves the hour in about 38 minutes.
    expect(refused.retryAfterS).toBeGreaterThan(37 * 60)
    expect(refused.retryAfterS).toBeLessThanOrEqual(38 * 60 + 1)
  })

  it('answers ok to a filled honeypot without asking the captcha provider or storing', async () => {
    const { handler } = setup()
    expect(
      await handler.receive({
        ...message,
        captchaToken: nextToken(),
        website: 'http://spam.example',
      }),
    ).toEqual({ status: 200, body: { ok: true } })
    expect(captcha.requests).toHaveLength(0)
    expect(await rows()).toHaveLength(0)
  })

  it('does not keep the visitor waiting on a slow notification', async () => {
    let release: () => void = () => {}
    const log = createMemoryLogger()
    const handler = createContactCore({
      log,
      store: createPostgresContactStore(database.db),
      verifyCaptcha: async () => ({ success: true }),
      notifier: { deliver: () => new Promise<void>((resolve) => (release = resolve)) },
      notifyWaitMs: 50,
    })
    // The notifier never settles until released: an answer at all is the visitor not kept waiting.
    expect(await handler.receive({ ...message, captchaToken: 'x' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(log.entries.map((entry) => entry.event)).toContain('contact.notification_slow')
    release()
  })
})

describe('contact core while the captcha cannot be checked', () => {
  beforeEach(async () => {
    await database.db.exec(
      'truncate public.contact_owner_digest, public.contact_owner_digest_reported',
    )
  })
  // Ten sends at once on a busy machine: a generous time-out, so none waits out a 30 s backoff.
  const patient = { smtpTimeoutMs: 15_000 }
  const statusCounts = async () =>
    Object.fromEntries(
      (
        await database.db.query<{ status: string; n: number }>(
          `select notification_status as status, count(*)::int as n
             from public.contact_messages group by 1`,
        )
      ).rows.map(({ status, n }) => [status, n]),
    )

  it('keeps every message and answers ok, but mails only the hourly cap and holds the rest', async () => {
    const { handler, log } = setup({ ...patient, uncheckedPerHour: 3 })
    captcha.mode = 'error'
    for (let i = 0; i < 7; i++) {
      const answer = await handler.receive(
        { ...message, captchaToken: nextToken() },
        { visitorIp: `198.51.100.${i + 1}` },
      )
      expect(answer).toEqual(ok)
    }
    expect(await statusCounts()).toMatchObject({ held: 4 })
    // A busy machine may finish a notification after the answer (notifyWaitMs): waited for.
    await expect.poll(statusCounts, { timeout: 30_000 }).toEqual({ sent: 3, held: 4 })
    expect(smtp.received).toHaveLength(3)
    expect(log.entries.filter((e) => e.event === 'contact.unchecked_held')).toEqual(
      Array(4).fill(
        expect.objectContaining({
          level: 'warn',
          fields: expect.objectContaining({ uncheckedPerHour: 3 }),
        }),
      ),
    )
    // A message whose captcha passes is mailed as ever.
    captcha.mode = 'normal'
    expect(await handler.receive({ ...message, captchaToken: nextToken() })).toEqual(ok)
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(4)
    expectNoContentInLogs(log)
  })

  it('mails no more than the cap of 10 when 40 addresses send at once', async () => {
    const { handler } = setup(patient)
    captcha.mode = 'error'
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        handler.receive(
          { ...message, captchaToken: nextToken() },
          { visitorIp: `203.0.113.${i + 1}` },
        ),
      ),
    )
    expect(answers).toEqual(Array(40).fill(ok))
    expect(await statusCounts()).toMatchObject({ held: 30 })
    await expect.poll(statusCounts, { timeout: 60_000 }).toEqual({ sent: 10, held: 30 })
    expect(smtp.received).toHaveLength(10)
  })

  it('sums the held messages up in one digest to the owner, sent once', async () => {
    const { handler, outbox } = setup({ ...patient, uncheckedPerHour: 1 })
    captcha.mode = 'error'
    for (let i = 0; i < 4; i++) {
      await handler.receive(
        { ...message, captchaToken: nextToken() },
        { visitorIp: `192.0.2.${i}` },
      )
    }
    await expect.poll(statusCounts, { timeout: 30_000 }).toEqual({ sent: 1, held: 3 })
    smtp.received.length = 0
    expect(await outbox.deliverDue(20)).toMatchObject({ sent: 0, digest: 'sent' })
    expect(smtp.received).toHaveLength(1)
    const digest = findPart(parseMime(smtp.received[0]?.raw ?? ''), 'text/plain')?.body ?? ''
    expect(digest).toMatch(/Held: +3 \(the spam check could not run/)
    expect(digest.match(/held, captcha not checked/g)).toHaveLength(3)
    for (const word of secretWords) expect(digest).not.toContain(word)
    // Due again, with nothing new held: no second digest.
    await database.db.query(
      "update public.contact_owner_digest set next_due_at = now() - interval '1 second'",
    )
    expect((await outbox.deliverDue(20)).digest).toBeUndefined()
    expect(smtp.received).toHaveLength(1)
  })

  it('tells the caller whether the verifier works: failed while it cannot be asked, ok at the first answer', async () => {
    const { handler } = setup()
    const outcomes: string[] = []
    const meta = { captchaChecked: (outcome: string) => outcomes.push(outcome) }
    captcha.mode = 'error'
    await handler.receive({ ...message, captchaToken: nextToken() }, meta)
    captcha.mode = 'normal'
    await handler.receive({ ...message, captchaToken: 'refused-token' }, meta)
    await handler.receive({ ...message, captchaToken: nextToken() }, meta)
    // Nothing verified, nothing told: a message refused before the captcha.
    await handler.receive({ ...message, email: 'not an address', captchaToken: nextToken() }, meta)
    expect(outcomes).toEqual(['failed', 'ok', 'ok'])
    const misconfigured = setup({ verifyUrl: captcha.url })
    captcha.secret = 'another-secret'
    try {
      await misconfigured.handler.receive({ ...message, captchaToken: nextToken() }, meta)
    } finally {
      captcha.secret = testSecret
    }
    expect(outcomes.at(-1)).toBe('failed')
  })
})
