/**
 * Sends the notification email of stored messages. The message row is the outbox entry: a
 * sender claims it (attempts + 1, leased until now + leaseMs), sends, then marks it sent or
 * schedules the next attempt with exponential backoff. A claim is a lease, so a sender that
 * crashes mid-send leaves the message due again once the lease runs out, and the attempt count
 * fences a late "sent" from an expired claim.
 *
 * A pass (`deliverDue`) claims one message per free sending slot, just before sending it, and
 * stops claiming once its time budget is spent: a pass cut anywhere (budget, stop, a killed
 * worker) has counted an attempt only for messages it was sending. After the notifications, the
 * pass sends the owner's digest when one is due (never failing the pass).
 */

import { describeError, type Logger } from '../log.ts'
import type { ContactStore, StoredContactMessage } from './contact-store.ts'
import type { MailTransport } from './mail-transports.ts'
import {
  buildContactEmail,
  buildOwnerDigestEmail,
  type ContactEmailOptions,
} from './notification-email.ts'

/** 30 s, 2 min, 10 min, then hourly. */
export const defaultBackoffMs = [30_000, 120_000, 600_000, 3_600_000] as const
/**
 * About 17 hours of attempts with the default backoff (inside the 24 hours Resend keeps an
 * idempotency key); the message is kept either way.
 */
export const defaultMaxAttempts = 20
export const defaultLeaseMs = 5 * 60_000
/** From this failed attempt on (about 2.5 minutes in, with the default backoff), an error. */
export const stillFailingAfterAttempts = 3

/**
 * What a Supabase Edge Function may take: it must answer within 150 s (504 after), and on Free a
 * worker has 150 s of wall clock, background work (EdgeRuntime.waitUntil) included.
 */
export const edgeFunctionLimitMs = 150_000
/**
 * Kept free under that limit besides the last send: the function's start, the database
 * statements around each send (a pool connection may take 5 s to open), the digest's queries.
 */
export const passMarginMs = 30_000
/**
 * Sends at once in a pass. Two: a mail API that hangs costs a pass half as many time-outs, and
 * two requests in flight stay within Resend's default rate limit (2 a second); a send refused for
 * the rate is retried like any failed attempt.
 */
export const defaultConcurrency = 2

/**
 * How long a pass may go on claiming: the function's limit, less the margin, less the longest a
 * send may take (the last one claimed must end in time). 110 s for the mail API (10 s time-out),
 * 90 s for SMTP (three 10 s time-outs): a pass ends by 120 s at worst.
 */
export function defaultPassBudgetMs(transport: Pick<MailTransport, 'maxSendMs'>): number {
  return Math.max(0, edgeFunctionLimitMs - passMarginMs - (transport.maxSendMs ?? 10_000))
}

export interface OwnerDigestOptions {
  /** A notification pending longer than this (since the message arrived) is waiting. Default 1 h. */
  pendingForMs?: number
  /** At most one digest per period, across every instance (the database keeps it). Default 6 h. */
  periodMs?: number
  /** After a digest that could not be sent, the next try. Default 30 min. */
  retryMs?: number
  /** Messages named in one digest; the rest are counted. Default 50. */
  listLimit?: number
}

export type DeliveryOutcome = 'sent' | 'retry-scheduled' | 'failed' | 'not-due'

/** How many of the pass's sends had each outcome. */
export type DeliverySummary = Record<Exclude<DeliveryOutcome, 'not-due'>, number> & {
  /** The pass stopped claiming before its limit: its time budget ran out, or it was stopped. */
  cut?: 'budget' | 'stopped'
  /** The owner's digest, when this pass tried one. */
  digest?: 'sent' | 'failed'
}

export interface NotificationOutboxOptions {
  store: ContactStore
  transport: MailTransport
  email: ContactEmailOptions
  log: Logger
  leaseMs?: number
  backoffMs?: readonly number[]
  maxAttempts?: number
  /** How long a pass may go on claiming (default `defaultPassBudgetMs(transport)`). */
  passBudgetMs?: number
  /** Sends in flight at once within a pass (default 2). */
  concurrency?: number
  /** The owner's digest; `false` for none. */
  digest?: OwnerDigestOptions | false
  /** Milliseconds on a monotonic clock, for the pass budget (tests give their own). */
  now?: () => number
}

export interface DeliverDueOptions {
  /** Aborted: claim nothing more (the sends in flight finish and are recorded). */
  signal?: AbortSignal | undefined
}

/** The wait after failed attempt number `attempt` (1-based). */
export function backoffDelay(attempt: number, backoffMs: readonly number[] = defaultBackoffMs) {
  const index = Math.min(Math.max(attempt, 1), backoffMs.length) - 1
  return backoffMs[index] ?? 60_000
}

export function createNotificationOutbox(options: NotificationOutboxOptions) {
  const {
    store,
    transport,
    log,
    leaseMs = defaultLeaseMs,
    backoffMs = defaultBackoffMs,
    maxAttempts = defaultMaxAttempts,
    passBudgetMs = defaultPassBudgetMs(transport),
    concurrency = defaultConcurrency,
    now = () => performance.now(),
  } = options
  const digest =
    options.digest === false
      ? undefined
      : {
          pendingForMs: options.digest?.pendingForMs ?? 60 * 60_000,
          periodMs: options.digest?.periodMs ?? 6 * 60 * 60_000,
          retryMs: options.digest?.retryMs ?? 30 * 60_000,
          listLimit: options.digest?.listLimit ?? 50,
        }

  async function send(message: StoredContactMessage): Promise<Exclude<DeliveryOutcome, 'not-due'>> {
    const attempt = message.notificationAttempts
    try {
      await transport.send(buildContactEmail(message, options.email))
    } catch (error) {
      const reason = describeError(error)
      const giveUp = attempt >= maxAttempts
      const retryInMs = giveUp ? null : backoffDelay(attempt, backoffMs)
      // A first failure or two may pass (a mail server restarting); more is the operator's to mend.
      const [event, write] = giveUp
        ? (['notification.failed', log.error] as const)
        : attempt >= stillFailingAfterAttempts
          ? (['notification.still_failing', log.error] as const)
          : (['notification.retry_scheduled', log.warn] as const)
      write(event, {
        id: message.id,
        attempt,
        transport: transport.description,
        retryInS: retryInMs === null ? null : retryInMs / 1000,
        error: reason,
      })
      await store.markAttemptFailed(message.id, attempt, reason, retryInMs)
      return giveUp ? 'failed' : 'retry-scheduled'
    }
    const recorded = await store.markSent(message.id, attempt)
    if (recorded) log.info('notification.sent', { id: message.id, attempt })
    else log.warn('notification.sent_claim_lost', { id: message.id, attempt })
    return 'sent'
  }

  /** The owner's digest, if messages wait and it is due; never throws. */
  async function sendDigest(): Promise<DeliverySummary['digest']> {
    if (!digest) return undefined
    let claimed = false
    try {
      const waiting = await store.findWaitingNotifications({
        pendingForMs: digest.pendingForMs,
        limit: digest.listLimit,
      })
      if (waiting.pendingCount + waiting.failedCount + waiting.heldIds.length === 0)
        return undefined
      if (!(await store.claimOwnerDigest(digest.periodMs))) return undefined
      claimed = true
      const email = buildOwnerDigestEmail(
        { waiting, now: new Date(), pendingForMs: digest.pendingForMs, periodMs: digest.periodMs },
        options.email,
      )
      try {
        await transport.send(email)
      } catch (error) {
        const reason = describeError(error)
        log.warn('digest.failed', {
          transport: transport.description,
          retryInS: digest.retryMs / 1000,
          error: reason,
        })
        await store.recordOwnerDigest({ sent: false, error: reason, retryInMs: digest.retryMs })
        return 'failed'
      }
      await store.recordOwnerDigest({
        sent: true,
        reportedIds: [
          ...waiting.messages.filter((m) => m.status === 'failed').map((m) => m.id),
          ...waiting.heldIds,
        ],
      })
      log.info('digest.sent', {
        pending: waiting.pendingCount,
        failed: waiting.failedCount,
        held: waiting.heldIds.length,
        oldestReceived: waiting.messages[0]?.createdAt.toISOString() ?? null,
        ids: waiting.messages.map((m) => m.id).join(','),
      })
      return 'sent'
    } catch (error) {
      log.error('digest.error', { error: describeError(error) })
      return claimed ? 'failed' : undefined
    }
  }

  return {
    /** Claims and sends this one message if it is due (the handler's immediate attempt). */
    async deliver(id: string): Promise<DeliveryOutcome> {
      const [message] = await store.claimDue({ id, limit: 1, leaseMs })
      return message ? send(message) : 'not-due'
    },

    /** Claims and sends due messages, at most `limit`, within the pass budget; then the digest. */
    async deliverDue(limit = 20, { signal }: DeliverDueOptions = {}): Promise<DeliverySummary> {
      const deadline = now() + passBudgetMs
      const summary: DeliverySummary = { sent: 0, 'retry-scheduled': 0, failed: 0 }
      let reserved = 0
      let nothingDue = false

      const mayClaim = () => {
        if (nothingDue || reserved >= limit) return false
        if (signal?.aborted) summary.cut = 'stopped'
        else if (now() >= deadline) summary.cut = 'budget'
        return summary.cut === undefined
      }

      // Each slot claims one message right before sending it: a pass cut anywhere has counted
      // an attempt only for the messages it was sending.
      async function slot() {
        while (mayClaim()) {
          reserved++
          const [message] = await store.claimDue({ limit: 1, leaseMs })
          if (!message) {
            reserved--
            nothingDue = true
            return
          }
          summary[await send(message)]++
        }
      }

      const slots = await Promise.allSettled(
        Array.from({ length: Math.max(1, Math.min(concurrency, limit)) }, slot),
      )
      const failure = slots.find((result) => result.status === 'rejected')
      if (failure) throw failure.reason
      if (summary.cut === 'budget') {
        log.warn('delivery.pass_budget_reached', {
          budgetS: passBudgetMs / 1000,
          claimed: reserved,
        })
      }
      if (summary.cut === undefined && now() < deadline && !signal?.aborted) {
        const digestOutcome = await sendDigest()
        if (digestOutcome) summary.digest = digestOutcome
      }
      return summary
    },
  }
}
