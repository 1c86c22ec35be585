/**
 * Delivery passes against a real database (PGlite, and PostgreSQL 15 through a pg.Pool as the edge
 * function uses it) and an HTTP mail API on 127.0.0.1 in Resend's shape, through the real HTTP
 * transport. The pass budget runs on an injected clock: each request the mail API does not answer
 * at once moves it by the transport's time-out (10 s), and a request it keeps unanswered times out
 * as soon as the API has it (no real timer races a busy machine).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  openContactTestDatabase,
  openPostgres15ContactDatabase,
} from '../../../../test/contact/contact-database'
import { exampleContactFields } from '../../../../test/contact/contact-examples'
import {
  type MailApiStandIn,
  startMailApiStandIn,
} from '../../../../test/contact/mail-api-stand-in'
import {
  createSmtpFaultStandIn,
  type SmtpFaultStandIn,
} from '../../../../test/faults/smtp-fault-stand-in'
import { createMemoryLogger } from '../log.ts'
import { type ContactStore, createPostgresContactStore } from './contact-store.ts'
import type { Database } from './database.ts'
import { createHttpMailTransport, createSmtpTransport } from './mail-transports.ts'
import {
  createNotificationOutbox,
  defaultPassBudgetMs,
  edgeFunctionLimitMs,
  type NotificationOutboxOptions,
} from './notification-outbox.ts'

/** What one send may take in production (the HTTP transport's default time-out). */
const productionSendMs = 10_000

const fields = (n: number) => ({
  ...exampleContactFields,
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: '905 555 0142',
  service: '' as const,
  message: `Private words number ${n} about a kitchen.`,
})

describe.each([
  {
    target: 'PGlite',
    open: async () => {
      const test = await openContactTestDatabase()
      return { database: test.db as Database, close: test.close }
    },
  },
  {
    target: 'PostgreSQL 15 through a pg.Pool (the edge function adapter)',
    open: openPostgres15ContactDatabase,
  },
])('delivery passes on $target', ({ open }) => {
  let database: Database
  let close: () => Promise<void> = async () => {}
  let store: ContactStore
  let mail: MailApiStandIn
  let smtp: SmtpFaultStandIn
  let clock = 0
  let log = createMemoryLogger()

  beforeAll(async () => {
    ;[{ database, close }, mail, smtp] = await Promise.all([
      open(),
      startMailApiStandIn(),
      createSmtpFaultStandIn({ listen: true }),
    ])
    store = createPostgresContactStore(database)
  })
  afterAll(async () => {
    await Promise.all([close(), mail?.close(), smtp?.stop()])
  })
  beforeEach(async () => {
    await database.query(
      'truncate public.contact_messages, public.captcha_tokens_used, public.contact_owner_digest_reported',
    )
    await database.query(
      `update public.contact_owner_digest
          set next_due_at = '-infinity', last_sent_at = null, last_attempt_at = null, last_error = null`,
    )
    mail.mode = 'ok'
    mail.requests.length = 0
    mail.delivered.length = 0
    clock = 0
    // A request that is not answered at once costs the pass what the real time-out would.
    mail.onRequest = (request) => {
      if (mail.mode === 'ok') return
      clock += productionSendMs
      if (mail.mode === 'accept-then-hang' || mail.mode === 'hang') {
        inFlight
          .get(request.idempotencyKey ?? '')
          ?.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
      }
    }
    log = createMemoryLogger()
  })

  /** The transport's requests in flight, by idempotency key, each with its time-out to fire. */
  const inFlight = new Map<string, AbortController>()
  const fetchWithTimeOutOnHang: typeof fetch = (input, init) => {
    const key = new Headers(init?.headers).get('idempotency-key') ?? ''
    const timeOut = new AbortController()
    inFlight.set(key, timeOut)
    const signals = init?.signal ? [init.signal, timeOut.signal] : [timeOut.signal]
    return fetch(input, { ...init, signal: AbortSignal.any(signals) }).finally(() =>
      inFlight.delete(key),
    )
  }
  const outbox = (options: Partial<NotificationOutboxOptions> = {}) =>
    createNotificationOutbox({
      store,
      log,
      transport: createHttpMailTransport({
        url: mail.url,
        apiKey: mail.apiKey,
        timeoutMs: productionSendMs,
        fetch: fetchWithTimeOutOnHang,
      }),
      email: { to: 'office@example.com', siteName: 'Maple Hearth Renovations' },
      passBudgetMs: defaultPassBudgetMs({ maxSendMs: productionSendMs }),
      now: () => clock,
      ...options,
    })

  const insertMany = async (count: number) => {
    const ids: string[] = []
    for (let n = 0; n < count; n++) {
      const result = await store.insert(fields(n))
      if (!result.stored) throw new Error('not stored')
      ids.push(result.id)
    }
    return ids
  }
  const rows = async () =>
    (
      await database.query<{ id: string; status: string; attempts: number }>(
        `select id, notification_status as status, notification_attempts as attempts
           from public.contact_messages`,
      )
    ).rows
  const makeAllDue = () =>
    database.query(
      `update public.contact_messages set next_attempt_at = now() - interval '1 second'
        where notification_status = 'pending'`,
    )

  it('a mail API that hangs across a pass of 20: the pass stops claiming within its budget, counts no attempt for a message it did not try, and in the end each message is mailed once', async () => {
    const ids = await insertMany(20)
    mail.mode = 'accept-then-hang'
    const budget = defaultPassBudgetMs({ maxSendMs: productionSendMs })
    expect(budget).toBe(110_000)

    const summary = await outbox({ concurrency: 1 }).deliverDue(20)

    // Claims at 0, 10, ..., 100 s; at 110 s the budget is spent.
    expect(summary).toEqual({ sent: 0, 'retry-scheduled': 11, failed: 0, cut: 'budget' })
    expect(clock).toBeLessThanOrEqual(budget + productionSendMs)
    expect(clock).toBeLessThan(edgeFunctionLimitMs)
    const afterCut = await rows()
    expect(afterCut.filter((r) => r.attempts === 1)).toHaveLength(11)
    // The nine it never tried are as they were: no attempt counted, still due.
    expect(afterCut.filter((r) => r.attempts === 0)).toHaveLength(9)
    const { rows: untried } = await database.query<{ n: number }>(
      `select count(*)::int as n from public.contact_messages
          where notification_attempts = 0 and next_attempt_at <= now()`,
    )
    expect(untried[0]?.n).toBe(9)
    expect(log.entries.map((e) => e.event)).toContain('delivery.pass_budget_reached')

    // The API answers again: every message is mailed, each once.
    mail.mode = 'ok'
    await makeAllDue()
    for (let pass = 0; pass < 5; pass++) {
      const { sent } = await outbox().deliverDue(20)
      if (sent === 0) break
    }
    const final = await rows()
    expect(final.map((r) => r.status)).toEqual(Array(20).fill('sent'))
    expect(final.filter((r) => r.attempts === 2)).toHaveLength(11)
    expect(final.filter((r) => r.attempts === 1)).toHaveLength(9)
    // No attempt counted twice: each counted attempt is one request the API received.
    expect(mail.requests).toHaveLength(final.reduce((sum, r) => sum + r.attempts, 0))
    // Stored 20, mailed 20: the 11 accepted before the lost answers were not mailed again.
    expect(mail.delivered.map((r) => r.idempotencyKey).sort()).toEqual(
      ids.map((id) => `contact-notification/${id}`).sort(),
    )
    // One Message-ID and one idempotency key per message, the same on every attempt.
    for (const id of ids) {
      const attempts = mail.requests.filter((r) => r.body.headers['X-Contact-Message-Id'] === id)
      expect(attempts.length).toBeGreaterThanOrEqual(1)
      expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(
        new Set([`contact-notification/${id}`]),
      )
      expect(new Set(attempts.map((r) => r.body.headers['Message-ID']))).toEqual(
        new Set([`<contact-${id}@example.com>`]),
      )
    }
  })

  it('an SMTP server that takes each message and never answers: 90 s of claims (three time-outs a send), then each message mailed once', async () => {
    const ids = await insertMany(20)
    smtp.mode = 'stall'
    const stalledBefore = smtp.stalled
    const acceptedBefore = smtp.accepted.length
    const smtpOutbox = (concurrency: number, timeoutMs: number) =>
      outbox({
        transport: createSmtpTransport({ url: smtp.url, timeoutMs }),
        passBudgetMs: defaultPassBudgetMs({ maxSendMs: 3 * productionSendMs }),
        // Each unanswered message costs what SMTP's three 10 s time-outs would.
        now: () => (smtp.stalled - stalledBefore) * 3 * productionSendMs,
        concurrency,
      })
    // Long enough that each message arrives whole before the client gives up, however busy the
    // machine (the clock counts messages the server holds).
    expect(await smtpOutbox(1, 2_000).deliverDue(20)).toEqual({
      sent: 0,
      'retry-scheduled': 3,
      failed: 0,
      cut: 'budget',
    })
    expect((await rows()).filter((r) => r.attempts === 0)).toHaveLength(17)

    smtp.mode = 'accept'
    await makeAllDue()
    for (let pass = 0; pass < 5; pass++) {
      const { sent } = await smtpOutbox(2, 5_000).deliverDue(20)
      if (sent === 0) break
    }
    const final = await rows()
    expect(final.map((r) => r.status)).toEqual(Array(20).fill('sent'))
    expect(final.reduce((sum, r) => sum + r.attempts, 0)).toBe(23)
    const accepted = smtp.accepted.slice(acceptedBefore)
    expect(accepted).toHaveLength(20)
    for (const id of ids) {
      expect(
        accepted.filter((raw) => raw.includes(`Message-ID: <contact-${id}@example.com>`)),
      ).toHaveLength(1)
    }
  })

  it('claims no more than its limit with several sends in flight, each message once', async () => {
    await insertMany(8)
    const summary = await outbox({ concurrency: 4 }).deliverDue(5)
    expect(summary).toEqual({ sent: 5, 'retry-scheduled': 0, failed: 0 })
    expect(new Set(mail.delivered.map((r) => r.idempotencyKey)).size).toBe(5)
    const after = await rows()
    expect(after.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(3)
  })

  it('claims nothing once the schedule stops', async () => {
    await insertMany(3)
    const stopped = new AbortController()
    stopped.abort()
    expect(await outbox().deliverDue(20, { signal: stopped.signal })).toEqual({
      sent: 0,
      'retry-scheduled': 0,
      failed: 0,
      cut: 'stopped',
    })
    expect((await rows()).map((r) => r.attempts)).toEqual([0, 0, 0])
  })

  describe('the owner’s digest', () => {
    /** A: pending 2 h, backing off; B: pending 10 min; C: failed for good 20 h ago. */
    const waitingMessages = async () => {
      const [a, b, c] = await insertMany(3)
      await database.query(
        `update public.contact_messages set created_at = now() - interval '2 hours',
                notification_attempts = 3, notification_last_error = 'mail API answered HTTP 422',
                next_attempt_at = now() + interval '10 minutes' where id = $1`,
        [a],
      )
      await database.query(
        `update public.contact_messages set created_at = now() - interval '10 minutes',
                next_attempt_at = now() + interval '10 minutes' where id = $1`,
        [b],
      )
      await database.query(
        `update public.contact_messages set created_at = now() - interval '20 hours',
                notification_status = 'failed', notification_attempts = 20,
                next_attempt_at = null where id = $1`,
        [c],
      )
      return { a: a as string, b: b as string, c: c as string }
    }
    const digestDue = () =>
      database.query(
        "update public.contact_owner_digest set next_due_at = now() - interval '1 second'",
      )

    it('mails the owner once for messages waiting past the hour or failed, and not again within its period, from any instance', async () => {
      const { a, b, c } = await waitingMessages()
      const first = outbox()
      expect(await first.deliverDue(20)).toEqual({
        sent: 0,
        'retry-scheduled': 0,
        failed: 0,
        digest: 'sent',
      })
      expect(mail.delivered).toHaveLength(1)
      const digest = mail.delivered[0]?.body
      expect(digest?.to).toEqual(['office@example.com'])
      expect(digest?.subject).toBe('Contact form: 2 messages not notified')
      expect(digest?.text).toContain(a)
      expect(digest?.text).toContain(c)
      expect(digest?.text).not.toContain(b)
      expect(digest?.text).toMatch(/Waiting longer than 1 h: 1\nFailed for good: +1/)
      expect(digest?.text).not.toContain('Private words')
      expect(mail.delivered[0]?.idempotencyKey).toMatch(/^contact-owner-digest\//)
      // The log names ids and times, never what the visitor wrote.
      expect(log.entries.find((e) => e.event === 'digest.sent')?.fields).toMatchObject({
        pending: 1,
        failed: 1,
        ids: [c, a].join(','),
      })
      expect(JSON.stringify(log.entries)).not.toMatch(/Private words|Visitor \d|visitor\d/)

      // Another instance, and the same one: nothing more within the period.
      await outbox().deliverDue(20)
      await first.deliverDue(20)
      expect(mail.delivered).toHaveLength(1)

      // A period later: A still waits and is named again; C was named already.
      await digestDue()
      expect((await first.deliverDue(20)).digest).toBe('sent')
      expect(mail.delivered).toHaveLength(2)
      expect(mail.delivered[1]?.body.subject).toBe('Contact form: 1 message not notified')
      expect(mail.delivered[1]?.body.text).toContain(a)
      expect(mail.delivered[1]?.body.text).not.toContain(c)

      // Nothing waiting: no digest, however due.
      await database.query(
        "update public.contact_messages set created_at = now() where notification_status = 'pending'",
      )
      await digestDue()
      expect((await first.deliverDue(20)).digest).toBeUndefined()
      expect(mail.delivered).toHaveLength(2)
    })

    it('fails with the mail transport without failing the notifications, and is tried again sooner', async () => {
      const { b } = await waitingMessages()
      await database.query(
        'update public.contact_messages set next_attempt_at = now() where id = $1',
        [b],
      )
      mail.mode = 'down'
      expect(await outbox().deliverDue(20)).toEqual({
        sent: 0,
        'retry-scheduled': 1,
        failed: 0,
        digest: 'failed',
      })
      const { rows: state } = await database.query<{ wait: number; error: string }>(
        `select extract(epoch from next_due_at - now())::float8 as wait, last_error as error
             from public.contact_owner_digest`,
      )
      expect(state[0]?.error).toMatch(/HTTP 503/)
      expect(state[0]?.wait).toBeGreaterThan(25 * 60)
      expect(state[0]?.wait).toBeLessThanOrEqual(30 * 60)
      expect(log.entries.filter((e) => e.event === 'digest.failed')).toHaveLength(1)
    })

    it('is taken by one of many passes at once', async () => {
      const taken = await Promise.all(
        Array.from({ length: 6 }, () => store.claimOwnerDigest(60 * 60_000)),
      )
      expect(taken.filter(Boolean)).toHaveLength(1)
    })

    it('is closed to anon and authenticated', async () => {
      for (const role of ['anon', 'authenticated']) {
        for (const table of ['contact_owner_digest', 'contact_owner_digest_reported']) {
          await expect(
            database.transaction(async (tx) => {
              await tx.query(`set local role ${role}`)
              return tx.query(`select * from public.${table}`)
            }),
          ).rejects.toMatchObject({ code: '42501' })
        }
      }
    })
  })
})
