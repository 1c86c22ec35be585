/**
 * The delivery schedule: a pass over due notifications at once, then every `intervalMs` —
 * failed attempts whose backoff has passed, and messages left behind by a crash (never attempted,
 * or claimed by a process that died: their lease runs out and they are due again). Embedded, a
 * pass runs the core in-process; with Supabase it calls the function's deliver-due. Every server
 * instance runs one; the claims in the database keep two instances from sending one message
 * twice. Passes never overlap within an instance.
 */
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'

export interface DeliveryScheduleOptions {
  /**
   * One pass. `signal` aborts when the schedule stops: a pass that runs elsewhere (the function's
   * deliver-due) may give up waiting, since its claims finish or expire there; an in-process pass
   * claims nothing more, and is waited for while its sends in flight finish.
   */
  deliverDue: (signal: AbortSignal) => Promise<DeliverySummary>
  log: Logger
  /** Pause between passes (default 15 s; the shortest backoff is 30 s). */
  intervalMs?: number
}

export interface DeliverySchedule {
  start(): void
  /** Stops the timer, aborts the pass's signal and waits for the pass in progress. */
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
  let stopping = new AbortController()

  async function deliver() {
    const { signal } = stopping
    if (signal.aborted) return
    try {
      const summary = await options.deliverDue(signal)
      const total = summary.sent + summary['retry-scheduled'] + summary.failed
      if (total > 0 || summary.cut || summary.digest) log.info('delivery.pass', { ...summary })
    } catch (error) {
      if (signal.aborted) return
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
      stopping = new AbortController()
      log.info('delivery.started', { intervalMs })
      loop()
    },
    async stop() {
      started = false
      if (timer) clearTimeout(timer)
      timer = undefined
      stopping.abort()
      await pass
    },
    runOnce,
    get running() {
      return started
    },
  }
}
