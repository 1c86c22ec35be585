/**
 * Background worker that sends notifications still pending: failed attempts whose backoff has
 * passed, and messages left behind by a crash (never attempted, or claimed by a process that
 * died: their lease runs out and they are due again). `start()` runs a pass at once, then every
 * `intervalMs`. Passes never overlap, and the claim in the store keeps two workers (or the
 * handler's immediate attempt) from sending one message twice.
 */
import { describeError, type Logger } from '../../../supabase/functions/send-contact-message/log.ts'
import type { NotificationOutbox } from '../../../supabase/functions/send-contact-message/notifications.ts'

export interface NotificationRetrierOptions {
  outbox: Pick<NotificationOutbox, 'deliverDue'>
  log: Logger
  /** Pause between passes (default 15 s; the shortest backoff is 30 s). */
  intervalMs?: number
  /** Most messages sent per pass (default 20). */
  batchSize?: number
}

export interface NotificationRetrier {
  start(): void
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>
  /** One pass now (waits for a running one first). */
  runOnce(): Promise<void>
  readonly running: boolean
}

export function createNotificationRetrier(
  options: NotificationRetrierOptions,
): NotificationRetrier {
  const { outbox, log, intervalMs = 15_000, batchSize = 20 } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let started = false
  let pass: Promise<void> = Promise.resolve()

  async function deliver() {
    try {
      const summary = await outbox.deliverDue(batchSize)
      const total = summary.sent + summary['retry-scheduled'] + summary.failed
      if (total > 0) log.info('retrier.pass', { ...summary })
    } catch (error) {
      log.error('retrier.pass_failed', { error: describeError(error) })
    }
  }

  function runOnce(): Promise<void> {
    pass = pass.then(deliver)
    return pass
  }

  function loop() {
    if (!started) return
    void runOnce().then(() => {
      if (!started) return
      timer = setTimeout(loop, intervalMs)
      timer.unref?.()
    })
  }

  return {
    start() {
      if (started) return
      started = true
      log.info('retrier.started', { intervalMs })
      loop()
    },
    async stop() {
      started = false
      if (timer) clearTimeout(timer)
      timer = undefined
      await pass
    },
    runOnce,
    get running() {
      return started
    },
  }
}
