/**
 * A pass over due notifications at once, then `intervalMs` after each pass: failed attempts whose
 * backoff has passed, and what a crash left behind. Every instance runs one; the claims in the
 * database keep two instances from sending one message twice.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'

export interface DeliverySchedule {
  start(): void
  /** Aborts the pass's signal and waits for the pass in progress. */
  stop(): Promise<void>
  /** One pass now, after the one in progress. */
  runOnce(): Promise<void>
}

export function createDeliverySchedule(options: {
  /** One pass; at stop a remote pass stops waiting, an in-process one claims nothing more. */
  deliverDue: (signal: AbortSignal) => Promise<DeliverySummary>
  log: Logger
  /** Default 15 s (the shortest backoff is 30 s). */
  intervalMs?: number | undefined
}): DeliverySchedule {
  const { log, intervalMs = 15_000 } = options
  let stopping = new AbortController()
  let pass = Promise.resolve()

  async function deliver() {
    const { signal } = stopping
    if (signal.aborted) return
    try {
      const summary = await options.deliverDue(signal)
      const total = summary.sent + summary['retry-scheduled'] + summary.failed
      if (total > 0 || summary.cut || summary.digest) log.info('delivery.pass', { ...summary })
    } catch (error) {
      if (!signal.aborted) log.error('delivery.pass_failed', { error: describeError(error) })
    }
  }
  function runOnce() {
    pass = pass.then(deliver)
    return pass
  }
  async function loop(signal: AbortSignal) {
    while (!signal.aborted) {
      await runOnce()
      await sleep(intervalMs, undefined, { signal, ref: false }).catch(() => {})
    }
  }

  return {
    start() {
      stopping = new AbortController()
      log.info('delivery.started', { intervalMs })
      void loop(stopping.signal)
    },
    async stop() {
      stopping.abort()
      await pass
    },
    runOnce,
  }
}
