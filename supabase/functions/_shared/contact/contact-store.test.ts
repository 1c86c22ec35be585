import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  openContactTestDatabase,
  openPostgres15ContactDatabase,
} from '../../../../test/contact/contact-database'
import { exampleContactFields } from '../../../../test/contact/contact-examples'
import { contactFieldNames } from './contact-schema.ts'
import { type ContactStore, createPostgresContactStore } from './contact-store.ts'
import type { Database } from './database.ts'
import { sha256Hex } from './hash.ts'

const fields = (name: string) => ({
  ...exampleContactFields,
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  phone: '905 555 0142',
  service: '' as const,
  message: `A message from ${name}.`,
})

describe.each([
  {
    target: 'PGlite',
    hosted: false,
    open: async () => {
      const test = await openContactTestDatabase()
      return { database: test.db as Database, close: test.close, url: undefined }
    },
  },
  {
    target: 'PostgreSQL 15 through a pg.Pool (the edge function adapter)',
    hosted: true,
    open: openPostgres15ContactDatabase,
  },
])('Postgres contact store on $target', ({ hosted, open }) => {
  let database: Database
  let url: string | undefined
  let close: () => Promise<void> = async () => {}
  let store: ContactStore

  beforeAll(async () => {
    ;({ database, close, url } = await open())
    store = createPostgresContactStore(database)
  })
  afterAll(() => close())
  beforeEach(async () => {
    await database.query('truncate public.contact_messages, public.captcha_tokens_used')
  })

  const due = async (ids: string[]) => {
    await database.query(
      "update public.contact_messages set next_attempt_at = now() - interval '1 second' where id = any($1::uuid[])",
      [ids],
    )
  }
  const insert = async (name: string, token?: string) => {
    const result = await store.insert(fields(name), {
      remoteIp: '192.0.2.1',
      captchaTokenHash: token ? await sha256Hex(token) : undefined,
    })
    if (!result.stored) throw new Error('not stored')
    return result.id
  }

  it('stores a message with its token hash, and refuses the same token again', async () => {
    await insert('Zoë Ngô', 'token-1')
    expect(
      await store.insert(fields('Someone Else'), {
        captchaTokenHash: await sha256Hex('token-1'),
      }),
    ).toEqual({ stored: false, reason: 'token-replayed' })
    const { total, messages } = await store.list()
    expect(total).toBe(1)
    expect(messages[0]).toMatchObject({
      name: 'Zoë Ngô',
      remoteIp: '192.0.2.1',
      notificationStatus: 'pending',
      notificationAttempts: 0,
      notifiedAt: null,
    })
    expect(messages[0]?.createdAt).toBeInstanceOf(Date)
  })

  it('prunes token hashes older than a day', async () => {
    await database.query(
      "insert into public.captcha_tokens_used (token_hash, used_at) values ($1, now() - interval '25 hours')",
      [await sha256Hex('old-token')],
    )
    await insert('New Message', 'new-token')
    const { rows } = await database.query<{ n: number }>(
      'select count(*)::int as n from public.captcha_tokens_used',
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('claims no more than the limit, each claim a lease', async () => {
    const ids = [await insert('One'), await insert('Two'), await insert('Three')]
    await due(ids)
    const first = await store.claimDue({ limit: 1, leaseMs: 60_000 })
    expect(first).toHaveLength(1)
    expect(first[0]?.notificationAttempts).toBe(1)
    expect(await store.claimDue({ limit: 2, leaseMs: 60_000 })).toHaveLength(2)
    // All three are leased now: nothing is due.
    expect(await store.claimDue({ limit: 10, leaseMs: 60_000 })).toHaveLength(0)
    // A lease that ran out (the sender crashed) makes the message due again.
    await due([first[0]?.id as string])
    expect((await store.claimDue({ limit: 10, leaseMs: 60_000 })).map((m) => m.id)).toEqual([
      first[0]?.id,
    ])
  })

  it('claims one message by id only when it is due', async () => {
    const [a, b] = [await insert('A Person'), await insert('B Person')]
    const claimed = await store.claimDue({ id: b, limit: 1, leaseMs: 60_000 })
    expect(claimed.map((m) => m.id)).toEqual([b])
    expect(await store.claimDue({ id: b, limit: 1, leaseMs: 60_000 })).toEqual([])
    expect((await store.claimDue({ id: a, limit: 1, leaseMs: 60_000 })).map((m) => m.id)).toEqual([
      a,
    ])
  })

  it('gives each of many concurrent claimers different messages', async () => {
    const ids: string[] = []
    for (let i = 0; i < 12; i++) ids.push(await insert(`Person ${i}`))
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => store.claimDue({ limit: 2, leaseMs: 60_000 })),
    )
    const claimed = claims.flat().map((m) => m.id)
    expect(new Set(claimed).size).toBe(claimed.length)
    expect(claimed.length).toBeLessThanOrEqual(12)
    const rest = await store.claimDue({ limit: 20, leaseMs: 60_000 })
    expect([...claimed, ...rest.map((m) => m.id)].sort()).toEqual([...ids].sort())
  })

  it('marks sent only under the current claim', async () => {
    const id = await insert('Fenced')
    const [claim] = await store.claimDue({ id, limit: 1, leaseMs: 60_000 })
    await due([id])
    const [reclaim] = await store.claimDue({ id, limit: 1, leaseMs: 60_000 })
    expect(reclaim?.notificationAttempts).toBe(2)
    expect(await store.markSent(id, claim?.notificationAttempts as number)).toBe(false)
    expect(await store.markSent(id, 2)).toBe(true)
    expect(await store.markSent(id, 2)).toBe(false)
    const { messages } = await store.list()
    expect(messages[0]).toMatchObject({ notificationStatus: 'sent', nextAttemptAt: null })
    expect(messages[0]?.notifiedAt).toBeInstanceOf(Date)
  })

  it('schedules a retry, or gives up for good, after a failed attempt', async () => {
    const id = await insert('Retry Me')
    await store.claimDue({ id, limit: 1, leaseMs: 60_000 })
    expect(await store.markAttemptFailed(id, 1, 'ECONNREFUSED', 120_000)).toBe(true)
    const { rows } = await database.query<{ wait: number; status: string; error: string }>(
      `select extract(epoch from next_attempt_at - now())::float8 as wait,
              notification_status as status, notification_last_error as error
         from public.contact_messages`,
    )
    expect(rows[0]).toMatchObject({ status: 'pending', error: 'ECONNREFUSED' })
    expect(rows[0]?.wait).toBeGreaterThan(110)
    expect(rows[0]?.wait).toBeLessThanOrEqual(120)

    await due([id])
    await store.claimDue({ id, limit: 1, leaseMs: 60_000 })
    expect(await store.markAttemptFailed(id, 2, 'x'.repeat(5_000), null)).toBe(true)
    const { messages } = await store.list()
    expect(messages[0]).toMatchObject({ notificationStatus: 'failed', nextAttemptAt: null })
    expect(messages[0]?.notificationLastError).toHaveLength(1000)
    expect(await store.claimDue({ limit: 10, leaseMs: 60_000 })).toEqual([])
  })

  it('counts accepted messages and failed captchas apart, each under its own limit', async () => {
    await database.query('truncate public.contact_rate_events')
    const key = '198.51.100.77'
    expect(await store.rateLimitWait(key)).toBe(0)
    // Ten failed captchas in a minute: the failures' limit is reached, and asking counts nothing.
    for (let i = 0; i < 10; i++) expect(await store.consumeRateLimit(key, 'captcha_failed')).toBe(0)
    expect(await store.consumeRateLimit(key, 'captcha_failed')).toBeGreaterThan(0)
    // Asking before a message's captcha consults the accepted limit only: failures never hold it.
    expect(await store.rateLimitWait(key)).toBe(0)
    // Yet none of them took an accepted message's place: five fit, the sixth waits.
    const accepted = []
    for (let i = 0; i < 6; i++) accepted.push(await store.consumeRateLimit(key))
    expect(accepted.slice(0, 5)).toEqual([0, 0, 0, 0, 0])
    expect(accepted[5]).toBeGreaterThan(0)
    expect(accepted[5]).toBeLessThanOrEqual(60)
    const counted = await database.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from public.contact_rate_events
          where client_key = $1 group by kind order by kind`,
      [key],
    )
    expect(counted.rows).toEqual([
      { kind: 'accepted', n: 5 },
      { kind: 'captcha_failed', n: 10 },
    ])
    // Another client is not held by this one's.
    expect(await store.rateLimitWait('198.51.100.78')).toBe(0)
  })

  it('stores a resend under the same submission id once, and another message under it apart', async () => {
    const submissionId = '5b0c7a52-3f7e-4d7a-9d55-1f7b3c2e8a10'
    const first = await store.insert(fields('Zoë Ngô'), { submissionId })
    const again = await store.insert(fields('Zoë Ngô'), { submissionId })
    expect(first).toEqual({ stored: true, id: expect.any(String) })
    expect(again).toEqual({ stored: true, id: first.stored && first.id, duplicate: true })
    // A browser that kept its id for a different message: that message is kept too.
    const other = await store.insert(fields('Someone Else'), { submissionId })
    expect(other).toEqual({ stored: true, id: expect.any(String) })
    const { total, messages } = await store.list()
    expect(total).toBe(2)
    expect(messages.map((m) => m.name).sort()).toEqual(['Someone Else', 'Zoë Ngô'])
  })

  it('keeps why a captcha could not be checked beside the message', async () => {
    await store.insert(fields('Unchecked'), {
      captchaUnchecked: 'misconfigured: invalid-input-secret',
    })
    await store.insert(fields('Checked'))
    const { messages } = await store.list()
    expect(Object.fromEntries(messages.map((m) => [m.name, m.captchaProblem]))).toEqual({
      Unchecked: 'misconfigured: invalid-input-secret',
      Checked: null,
    })
  })

  it('lists newest first with the total', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      await insert(name)
      await database.query(
        "update public.contact_messages set created_at = created_at - interval '1 minute'",
      )
    }
    const { total, messages } = await store.list({ limit: 2 })
    expect(total).toBe(3)
    expect(messages.map((m) => m.name)).toEqual(['Third', 'Second'])
  })

  it('keeps anon and authenticated out, even through the API roles', async () => {
    await insert('Private Person')
    for (const role of ['anon', 'authenticated']) {
      await expect(
        database.transaction(async (tx) => {
          await tx.query(`set local role ${role}`)
          return tx.query('select count(*) from public.contact_messages')
        }),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('keeps every field of the schema, reads each back, and compares each', async () => {
    const submissionId = '0d9e4c1a-6b2f-4e8a-9c3d-5f1a2b3c4d5e'
    const first = await store.insert(exampleContactFields, { submissionId })
    if (!first.stored) throw new Error('not stored')
    expect((await store.list()).messages).toEqual([expect.objectContaining(exampleContactFields)])
    await due([first.id])
    expect(await store.claimDue({ limit: 5, leaseMs: 60_000 })).toEqual([
      expect.objectContaining(exampleContactFields),
    ])
    // The same submission id with any one field changed is another message, stored apart.
    for (const field of contactFieldNames) {
      const changed = { ...exampleContactFields, [field]: `${exampleContactFields[field]}!` }
      const result = await store.insert(changed, { submissionId })
      expect(result, field).toMatchObject({ stored: true })
      expect(result, field).not.toMatchObject({ duplicate: true })
    }
    expect((await store.list()).total).toBe(1 + contactFieldNames.length)
  })

  describe('unchecked messages past the hourly cap', () => {
    const unchecked = (name: string, uncheckedPerHour = 3) =>
      store.insert(fields(name), {
        captchaUnchecked: 'unavailable: verify endpoint answered HTTP 500',
        uncheckedPerHour,
      })
    beforeEach(async () => {
      await database.query('truncate public.contact_owner_digest_reported')
    })

    it('stores them held, not due for mail, and counts only those let through', async () => {
      const results = []
      for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
        results.push(await unchecked(name))
      expect(results.map((r) => r.stored && r.held === true)).toEqual([
        false,
        false,
        false,
        true,
        true,
      ])
      // A checked message is never held, and does not count.
      expect(await store.insert(fields('Checked'), { uncheckedPerHour: 3 })).not.toHaveProperty(
        'held',
      )
      const { messages } = await store.list()
      expect(messages.filter((m) => m.notificationStatus === 'held').map((m) => m.name)).toEqual([
        'Five',
        'Four',
      ])
      await due(messages.map((m) => m.id))
      const claimed = await store.claimDue({ limit: 10, leaseMs: 60_000 })
      expect(claimed.map((m) => m.name).sort()).toEqual(['Checked', 'One', 'Three', 'Two'])
    })

    it('lets through no more than the cap when 200 arrive at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => unchecked(`Sender ${i}`, 10)),
      )
      expect(results.every((r) => r.stored)).toBe(true)
      const counts = await database.query<{ status: string; n: number }>(
        `select notification_status as status, count(*)::int as n from public.contact_messages
          group by 1 order by 1`,
      )
      expect(counts.rows).toEqual([
        { status: 'held', n: 190 },
        { status: 'pending', n: 10 },
      ])
    })

    it('names every held message in one digest, then never again', async () => {
      for (const name of ['One', 'Two', 'Three']) await unchecked(name, 1)
      const waiting = await store.findWaitingNotifications({ pendingForMs: 3_600_000, limit: 1 })
      expect(waiting).toMatchObject({ pendingCount: 0, failedCount: 0 })
      expect(waiting.heldIds).toHaveLength(2)
      expect(waiting.messages).toEqual([expect.objectContaining({ status: 'held' })])
      await store.recordOwnerDigest({ sent: true, reportedIds: waiting.heldIds })
      expect(
        await store.findWaitingNotifications({ pendingForMs: 3_600_000, limit: 1 }),
      ).toMatchObject({ heldIds: [], messages: [] })
    })
  })

  // Only the hosted database has a connection string for `npm run inbox` to use.
  if (hosted) {
    it('is what `npm run inbox` lists with SUPABASE_DB_URL', async () => {
      await insert('Hosted Person')
      const { stdout } = await promisify(execFile)(process.execPath, ['scripts/inbox.ts'], {
        env: { PATH: process.env.PATH, SUPABASE_DB_URL: url as string },
      })
      expect(stdout).toMatch(/^1 message \(Supabase database\)/)
      expect(stdout).toMatch(/Hosted Person\s+hostedperson@example.com\s+-\s+pending\s+0/)
    })

    it('shows a held message as held in `npm run inbox`', async () => {
      await store.insert(fields('Held Person'), {
        captchaUnchecked: 'unavailable',
        uncheckedPerHour: 0,
      })
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/inbox.ts', '--full'],
        { env: { PATH: process.env.PATH, SUPABASE_DB_URL: url as string } },
      )
      expect(stdout).toMatch(/notification: held \(captcha not checked, past the hourly limit/)
    })
  }
})
