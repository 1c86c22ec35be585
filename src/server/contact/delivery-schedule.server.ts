/**
 * The delivery schedule: a pass over due notifications at once, then every `intervalMs` —
 * failed attempts whose backoff has passed, and messages left behind by a crash (never attempted,
 * or claimed by a process that died: their lease runs out and they are due again). Embedded, a
 * pass runs the core in-process; with Supabase it calls the function's deliver-due. Every server
 * instance runs one; the claims in the database keep two instances from sending one message
 * twice. Passes never overlap within an instance.
 */
import { describeError, type Logger } from '../../../supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '../../../supabase/functions/_shared/contact/notification-outbox.ts'

export interface DeliveryScheduleOptions {
  deliverDue: () => Promise<DeliverySummary>
  log: Logger
  /** Pause between passes (default 15 s; the shortest backoff is 30 s). */
  intervalMs?: number
}

export interface DeliverySchedule {
  start(): void
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>
  /** One pass now (waits for a running one first). */
  runOnce(): Promise<void>
  readonly running: boolean
}

export function createDeliverySchedule(options: DeliveryScheduleOptions): DeliverySchedule {
  const { log, intervalMs = 15_000 } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let started = false
  let pass: Promise<void> = Promise.resolve()

  async function deliver() {
    try {
      const summary = await options.deliverDue()
      const total = summary.sent + summary['retry-scheduled'] + summary.failed
      if (total > 0) log.info('delivery.pass', { ...summary })
    } catch (error) {
      log.error('delivery.pass_failed', { error: describeError(error) })
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
      log.info('delivery.started', { intervalMs })
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
