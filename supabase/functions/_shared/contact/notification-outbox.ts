/**
 * Sends the notification email of stored messages. The message row is the outbox entry: a
 * sender claims it (attempts + 1, leased until now + leaseMs), sends, then marks it sent or
 * schedules the next attempt with exponential backoff. A claim is a lease, so a sender that
 * crashes mid-send leaves the message due again once the lease runs out, and the attempt count
 * fences a late "sent" from an expired claim.
 */

import type { ContactStore, StoredContactMessage } from './contact-store.ts'
import { describeError, type Logger } from './log.ts'
import type { MailTransport } from './mail-transports.ts'
import { buildContactEmail, type ContactEmailOptions } from './notification-email.ts'

/** 30 s, 2 min, 10 min, then hourly. */
export const defaultBackoffMs = [30_000, 120_000, 600_000, 3_600_000] as const
/** About 17 hours of attempts with the default backoff; the message is kept either way. */
export const defaultMaxAttempts = 20
export const defaultLeaseMs = 5 * 60_000

export type DeliveryOutcome = 'sent' | 'retry-scheduled' | 'failed' | 'not-due'
export type DeliverySummary = Record<Exclude<DeliveryOutcome, 'not-due'>, number>

export interface NotificationOutboxOptions {
  store: ContactStore
  transport: MailTransport
  email: ContactEmailOptions
  log: Logger
  leaseMs?: number
  backoffMs?: readonly number[]
  maxAttempts?: number
}

export interface NotificationOutbox {
  /** Claims and sends this one message if it is due (the handler's immediate attempt). */
  deliver(id: string): Promise<DeliveryOutcome>
  /** Claims and sends due messages one at a time, at most `limit`. */
  deliverDue(limit?: number): Promise<DeliverySummary>
}

/** The wait after failed attempt number `attempt` (1-based). */
export function backoffDelay(attempt: number, backoffMs: readonly number[] = defaultBackoffMs) {
  const index = Math.min(Math.max(attempt, 1), backoffMs.length) - 1
  return backoffMs[index] ?? 60_000
}

export function createNotificationOutbox(options: NotificationOutboxOptions): NotificationOutbox {
  const {
    store,
    transport,
    log,
    leaseMs = defaultLeaseMs,
    backoffMs = defaultBackoffMs,
    maxAttempts = defaultMaxAttempts,
  } = options

  async function send(message: StoredContactMessage): Promise<DeliveryOutcome> {
    const attempt = message.notificationAttempts
    try {
      await transport.send(buildContactEmail(message, options.email))
    } catch (error) {
      const reason = describeError(error)
      const giveUp = attempt >= maxAttempts
      const retryInMs = giveUp ? null : backoffDelay(attempt, backoffMs)
      const write = giveUp ? log.error : log.warn
      write(giveUp ? 'notification.failed' : 'notification.retry_scheduled', {
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

  return {
    async deliver(id) {
      const [message] = await store.claimDue({ id, limit: 1, leaseMs })
      return message ? send(message) : 'not-due'
    },

    async deliverDue(limit = 20) {
      const summary = { sent: 0, 'retry-scheduled': 0, failed: 0 }
      let handled = 0
      while (handled < limit) {
        // One at a time: a long batch would outlive the lease of its last messages.
        const claimed = await store.claimDue({ limit: 1, leaseMs })
        if (claimed.length === 0) break
        for (const message of claimed) {
          const outcome = await send(message)
          if (outcome !== 'not-due') summary[outcome]++
          handled++
        }
      }
      return summary
    },
  }
}
