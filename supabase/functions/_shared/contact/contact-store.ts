/**
 * Where contact messages live, and the state of their notification email (a transactional
 * outbox: the row itself is the queue). Every statement runs as service_role.
 */
import { type ContactMessageFields, contactFieldNames } from './contact-schema.ts'
import { asServiceRole, type Database } from './database.ts'

/** `held`: kept while the captcha could not be checked, past the hourly cap: named in the digest. */
export type NotificationStatus = 'pending' | 'sent' | 'failed' | 'held'

/** What the rate limit counts: messages accepted, and failed captchas apart. */
export type RateLimitedEvent = 'accepted' | 'captcha_failed'

export type StoredContactMessage = ReturnType<typeof fromRow>

/**
 * `duplicate`: the same message under the same submission id was stored before, as `id`.
 * `held`: stored unchecked past the hourly cap, not to be mailed on its own.
 */
export type InsertResult =
  | { stored: true; id: string; duplicate?: true; held?: true }
  | { stored: false; reason: 'token-replayed' }

export interface ClaimOptions {
  /** Only this message (the handler's immediate attempt); otherwise any due message. */
  id?: string
  limit: number
  /** How long the claim holds: a crashed sender's message becomes due again after it. */
  leaseMs: number
}

export type WaitingNotifications = Awaited<ReturnType<ContactStore['findWaitingNotifications']>>

export type OwnerDigestRecord =
  /** `reportedIds`: the failed and held messages this digest named, never named again. */
  { sent: true; reportedIds: readonly string[] } | { sent: false; error: string; retryInMs: number }

interface InsertMeta {
  remoteIp?: string | undefined
  captchaTokenHash?: string | undefined
  /** Where the lead came from: the route pattern that led to the form, a referring host. */
  sourceRoute?: string | undefined
  referrerHost?: string | undefined
  /** Made by the browser once per message: a resend of the same message stores nothing new. */
  submissionId?: string | undefined
  /** Set when the captcha could not be checked: why (never the token). */
  captchaUnchecked?: string | undefined
  /**
   * With `captchaUnchecked`: unchecked messages mailed per hour, site-wide; past it the
   * message is stored `held` (public.hold_unchecked_contact_message).
   */
  uncheckedPerHour?: number | undefined
}

export type ContactStore = ReturnType<typeof createPostgresContactStore>

/** Captcha tokens live minutes; their hashes are kept a day, then pruned on insert. */
const tokenRetention = '1 day'

/** A visitor's field in its column: `preferredTime` in `preferred_time`. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The visitor's fields as columns, each read back under its field's name. */
const fieldColumns = (table = '') =>
  contactFieldNames
    .map((field) =>
      columnOf(field) === field ? `${table}${field}` : `${table}${columnOf(field)} as "${field}"`,
    )
    .join(', ')

type Row = ContactMessageFields & {
  id: string
  created_at: Date | string
  remote_ip: string | null
  notification_status: NotificationStatus
  notification_attempts: number
  notification_last_error: string | null
  notified_at: Date | string | null
  next_attempt_at: Date | string | null
  captcha_problem: string | null
}

/** What the store keeps beside the visitor's fields. */
const recordColumns = [
  'created_at',
  'remote_ip',
  'notification_status',
  'notification_attempts',
  'notification_last_error',
  'notified_at',
  'next_attempt_at',
  'captcha_problem',
]

/** A stored message's columns, for `fromRow`. */
const rowColumns = (table = '') =>
  [`${table}id`, fieldColumns(table), ...recordColumns.map((column) => `${table}${column}`)].join(
    ', ',
  )

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

function fromRow(row: Row) {
  return {
    id: row.id,
    // The visitor's fields alone, whatever else the row holds.
    ...(Object.fromEntries(
      contactFieldNames.map((field) => [field, row[field]]),
    ) as unknown as ContactMessageFields),
    createdAt: toDate(row.created_at),
    remoteIp: row.remote_ip,
    notificationStatus: row.notification_status,
    notificationAttempts: Number(row.notification_attempts),
    notificationLastError: row.notification_last_error,
    notifiedAt: row.notified_at === null ? null : toDate(row.notified_at),
    nextAttemptAt: row.next_attempt_at === null ? null : toDate(row.next_attempt_at),
    /** Why the captcha could not be checked (the site's settings, the provider out of reach). */
    captchaProblem: row.captcha_problem,
  }
}

const sameMessage = (a: ContactMessageFields, b: ContactMessageFields) =>
  contactFieldNames.every((field) => a[field] === b[field])

export function createPostgresContactStore(db: Database) {
  /** The `wait_s` a rate-limit function of the database answers for the client. */
  const secondsToWait = (sql: string, clientKey: string) =>
    asServiceRole(db, async (tx) =>
      Number((await tx.query<{ wait_s: number }>(sql, [clientKey])).rows[0]?.wait_s ?? 0),
    )
  /** Whether a statement returned exactly one row: the update or claim took effect. */
  const returnsOneRow = (sql: string, params: unknown[]) =>
    asServiceRole(db, async (tx) => (await tx.query(sql, params)).rows.length === 1)
  return {
    /**
     * Stores a message. With a captcha token hash, the hash is recorded in the same transaction
     * and a hash seen before stores nothing and answers `token-replayed`.
     */
    insert: (message: ContactMessageFields, meta: InsertMeta = {}) =>
      asServiceRole(db, async (tx): Promise<InsertResult> => {
        if (meta.captchaTokenHash !== undefined) {
          await tx.query(
            `delete from public.captcha_tokens_used where used_at < now() - interval '${tokenRetention}'`,
          )
          const spent = await tx.query(
            `insert into public.captcha_tokens_used (token_hash) values ($1)
             on conflict (token_hash) do nothing returning token_hash`,
            [meta.captchaTokenHash],
          )
          if (spent.rows.length === 0) return { stored: false, reason: 'token-replayed' }
        }
        // Decided and stored in this one transaction, under the cap's lock.
        const held =
          meta.captchaUnchecked !== undefined && meta.uncheckedPerHour !== undefined
            ? (
                await tx.query<{ hold: boolean }>(
                  'select public.hold_unchecked_contact_message($1) as hold',
                  [meta.uncheckedPerHour],
                )
              ).rows[0]?.hold === true
            : false
        const heldColumns = held ? { notification_status: 'held', next_attempt_at: null } : {}
        // The columns and their placeholders come from the same object.
        const insert = (submissionId: string | null) => {
          const row = {
            ...Object.fromEntries(
              contactFieldNames.map((field) => [columnOf(field), message[field]]),
            ),
            remote_ip: meta.remoteIp ?? null,
            source_route: meta.sourceRoute ?? null,
            referrer_host: meta.referrerHost ?? null,
            submission_id: submissionId,
            captcha_problem: meta.captchaUnchecked?.slice(0, 300) ?? null,
            ...heldColumns,
          }
          const columns = Object.keys(row)
          return tx.query<{ id: string }>(
            `insert into public.contact_messages (${columns.join(', ')})
             values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
             on conflict (submission_id) where submission_id is not null do nothing
             returning id`,
            Object.values(row),
          )
        }
        const inserted = await insert(meta.submissionId ?? null)
        const id = inserted.rows[0]?.id
        if (id) return held ? { stored: true, id, held } : { stored: true, id }
        if (meta.submissionId === undefined) {
          throw new Error('insert into contact_messages returned no id')
        }
        // The id was used before: the same message again is a resend; anything else (a browser
        // that reused its id for another message) is a message of its own.
        const earlier = await tx.query<Pick<Row, 'id' | keyof ContactMessageFields>>(
          `select id, ${fieldColumns()} from public.contact_messages where submission_id = $1`,
          [meta.submissionId],
        )
        const first = earlier.rows[0]
        if (first && sameMessage(first, message))
          return { stored: true, id: first.id, duplicate: true }
        const apart = (await insert(null)).rows[0]?.id
        if (!apart) throw new Error('insert into contact_messages returned no id')
        return held ? { stored: true, id: apart, held } : { stored: true, id: apart }
      }),

    /**
     * Claims due pending messages for sending: each claimed row's attempt count goes up by one and
     * its next_attempt_at moves to now + lease, in one statement, so no other sender gets it.
     * Times come from the database's clock only, so servers with skewed clocks agree on what is due.
     */
    claimDue: ({ id, limit, leaseMs }: ClaimOptions): Promise<StoredContactMessage[]> =>
      asServiceRole(db, async (tx) => {
        const params: unknown[] = [leaseMs / 1000, limit]
        if (id !== undefined) params.push(id)
        // The due rows are picked (and locked) once, in a materialized CTE: as an `id in
        // (subquery ... limit n for update skip locked)` Postgres may re-run the subquery and
        // claim more than n rows.
        const result = await tx.query<Row>(
          `with due as materialized (
             select c.id from public.contact_messages as c
              where c.notification_status = 'pending'
                and c.next_attempt_at <= now()
                ${id !== undefined ? 'and c.id = $3::uuid' : ''}
              order by c.next_attempt_at
              limit $2
                for update skip locked
           )
           update public.contact_messages as m
              set notification_attempts = m.notification_attempts + 1,
                  next_attempt_at = now() + make_interval(secs => $1::double precision)
             from due
            where m.id = due.id
           returning ${rowColumns('m.')}`,
          params,
        )
        return result.rows.map(fromRow)
      }),

    /** Marks a claimed attempt sent; false when the claim was lost (lease expired, re-claimed). */
    markSent: (id: string, attempt: number) =>
      returnsOneRow(
        `update public.contact_messages
            set notification_status = 'sent', notified_at = now(),
                notification_last_error = null, next_attempt_at = null
          where id = $1 and notification_attempts = $2 and notification_status = 'pending'
         returning id`,
        [id, attempt],
      ),

    /** Records a failed attempt: pending again in `retryInMs`, or 'failed' for good when null. */
    markAttemptFailed: (id: string, attempt: number, error: string, retryInMs: number | null) =>
      returnsOneRow(
        `update public.contact_messages
            set notification_status = case when $4::double precision is null
                                           then 'failed' else 'pending' end,
                notification_last_error = left($3, 1000),
                next_attempt_at = now() + make_interval(secs => $4::double precision)
          where id = $1 and notification_attempts = $2 and notification_status = 'pending'
         returning id`,
        [id, attempt, error, retryInMs === null ? null : retryInMs / 1000],
      ),

    /**
     * What the owner's digest would list: messages pending since before `pendingForMs` ago, and
     * those failed for good that no digest has named yet.
     */
    findWaitingNotifications: ({ pendingForMs, limit }: { pendingForMs: number; limit: number }) =>
      asServiceRole(db, async (tx) => {
        const waiting = `(notification_status = 'pending'
                           and created_at <= now() - make_interval(secs => $1::double precision))
                       or (notification_status in ('failed', 'held')
                           and not exists (select 1 from public.contact_owner_digest_reported as r
                                            where r.message_id = m.id))`
        const counts = await tx.query<{ pending: number; failed: number; held: string[] }>(
          `select count(*) filter (where notification_status = 'pending')::int as pending,
                  count(*) filter (where notification_status = 'failed')::int as failed,
                  coalesce(array_agg(id::text order by created_at, id)
                             filter (where notification_status = 'held'), '{}') as held
             from public.contact_messages as m where ${waiting}`,
          [pendingForMs / 1000],
        )
        const listed = await tx.query<
          Pick<Row, 'id' | 'created_at' | 'notification_attempts' | 'notification_last_error'> & {
            notification_status: Exclude<NotificationStatus, 'sent'>
          }
        >(
          `select id, created_at, notification_status, notification_attempts,
                  notification_last_error
             from public.contact_messages as m where ${waiting}
            order by created_at, id limit $2`,
          [pendingForMs / 1000, limit],
        )
        return {
          /** Pending since before the threshold. */
          pendingCount: Number(counts.rows[0]?.pending ?? 0),
          /** Failed for good, and not yet named by a digest. */
          failedCount: Number(counts.rows[0]?.failed ?? 0),
          /** Every held message no digest has named yet, oldest first: one digest names them all. */
          heldIds: counts.rows[0]?.held ?? [],
          /** Oldest first, at most the limit asked for; no visitor text. */
          messages: listed.rows.map((row) => ({
            id: row.id,
            createdAt: toDate(row.created_at),
            status: row.notification_status,
            attempts: Number(row.notification_attempts),
            lastError: row.notification_last_error,
          })),
        }
      }),

    /**
     * Takes the owner's digest if it is due: true for one caller only, which then has `periodMs`
     * before anyone may take it again (public.contact_owner_digest).
     */
    claimOwnerDigest: (periodMs: number) =>
      returnsOneRow(
        // The row is made by the first claim (a migration-seeded row would collide with a
        // restored one), and taken by moving next_due_at forward: one claimant a period.
        `insert into public.contact_owner_digest as d (next_due_at, last_attempt_at)
         values (now() + make_interval(secs => $1::double precision), now())
         on conflict (singleton) do update
            set next_due_at = excluded.next_due_at, last_attempt_at = excluded.last_attempt_at
          where d.next_due_at <= now()
         returning singleton`,
        [periodMs / 1000],
      ),

    /** After a taken digest: sent (and these failures named), or failed, to try again sooner. */
    recordOwnerDigest: (record: OwnerDigestRecord) =>
      asServiceRole(db, async (tx): Promise<void> => {
        if (!record.sent) {
          await tx.query(
            `update public.contact_owner_digest
                set next_due_at = now() + make_interval(secs => $1::double precision),
                    last_error = left($2, 1000)`,
            [record.retryInMs / 1000, record.error],
          )
          return
        }
        await tx.query(
          'update public.contact_owner_digest set last_sent_at = now(), last_error = null',
        )
        await tx.query(
          `insert into public.contact_owner_digest_reported (message_id)
           select unnest($1::uuid[]) on conflict (message_id) do nothing`,
          [record.reportedIds],
        )
      }),

    /**
     * Seconds until the client may send a message (0: now), counting nothing: either limit may
     * hold it, accepted messages' or failed captchas' (public.contact_rate_limit_wait).
     */
    rateLimitWait: (clientKey: string) =>
      secondsToWait('select public.contact_rate_limit_wait($1) as wait_s', clientKey),

    /**
     * Counts one event against the client's rate limit and answers 0, or answers the seconds to
     * wait without counting: an accepted message (5 a minute, 20 an hour,
     * public.consume_contact_rate_limit) or a failed captcha (apart: 10 a minute, 60 an hour,
     * public.count_contact_captcha_failure).
     */
    consumeRateLimit: (clientKey: string, kind: RateLimitedEvent = 'accepted') =>
      secondsToWait(
        kind === 'accepted'
          ? 'select public.consume_contact_rate_limit($1) as wait_s'
          : 'select public.count_contact_captcha_failure($1) as wait_s',
        clientKey,
      ),

    /** Newest first. */
    list: ({ limit = 1000 }: { limit?: number } = {}) =>
      asServiceRole(db, async (tx) => {
        const count = await tx.query<{ total: number | string }>(
          'select count(*)::int as total from public.contact_messages',
        )
        const result = await tx.query<Row>(
          `select ${rowColumns()} from public.contact_messages
            order by created_at desc, id desc limit $1`,
          [limit],
        )
        return { total: Number(count.rows[0]?.total ?? 0), messages: result.rows.map(fromRow) }
      }),
  }
}

/**
 * After a crash, for a database only one server uses (the embedded PGlite behind its lock): the
 * claims the dead process held are void, so its messages are made due now instead of waiting out
 * their lease. Pending messages due within `leaseMs` become due now as well (a claim and a short
 * backoff look alike in the row); messages backing off longer keep their time. Returns how many
 * were made due. Never use this where several senders share the database (Supabase).
 */
export async function releaseLeasedNotifications(db: Database, leaseMs: number): Promise<number> {
  const result = await asServiceRole(db, (tx) =>
    tx.query(
      `update public.contact_messages
          set next_attempt_at = now()
        where notification_status = 'pending'
          and next_attempt_at > now()
          and next_attempt_at <= now() + make_interval(secs => $1::double precision)
       returning id`,
      [leaseMs / 1000],
    ),
  )
  return result.rows.length
}
