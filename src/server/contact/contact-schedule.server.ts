// The contact path's work on a timer, in every instance: delivery passes, and the self-check whose
// last report /readyz and the owner read (so a probe never reaches hCaptcha, mail or the function).
import type {
  ContactSelfCheckReport,
  SelfCheckName,
  SelfCheckStatus,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'

/** Runs `task` now and `intervalMs` after each run ends; `stop` aborts its signal and waits. */
function repeat(task: (signal: AbortSignal) => Promise<void>, intervalMs: number) {
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let run = Promise.resolve()
  const next = () => {
    run = task(stopping.signal).finally(() => {
      if (!stopping.signal.aborted) timer = setTimeout(next, intervalMs).unref()
    })
  }
  next()
  return async () => {
    stopping.abort()
    clearTimeout(timer)
    await run
  }
}

/** Sends what is due; the database's claims keep two instances from sending one message twice. */
export function startDeliverySchedule(
  deliverDue: (signal: AbortSignal) => Promise<DeliverySummary>,
  log: Logger,
  intervalMs: number,
) {
  log.info('delivery.started', { intervalMs })
  return repeat(async (signal) => {
    try {
      const summary = await deliverDue(signal)
      const total = summary.sent + summary['retry-scheduled'] + summary.failed
      if (total > 0 || summary.cut || summary.digest) log.info('delivery.pass', { ...summary })
    } catch (error) {
      if (!signal.aborted) log.error('delivery.pass_failed', { error: describeError(error) })
    }
  }, intervalMs)
}

/** A deploy restarts the check: 5 minutes catches a rotated secret as fast as an uptime check. */
const selfCheckIntervalMs = 5 * 60_000

/** Logs each check's change of state once: failed (error), and passing again (info). */
export function startSelfCheckMonitor(
  run: () => Promise<ContactSelfCheckReport>,
  log: Logger,
  onReport?: (report: ContactSelfCheckReport) => Promise<void>,
) {
  const known = new Map<SelfCheckName, SelfCheckStatus>()
  let last: ContactSelfCheckReport | undefined
  const stop = repeat(async (signal) => {
    try {
      const report = await run()
      // A run that ends after the stop (the database closing under it) says nothing.
      if (signal.aborted) return
      last = report
      // A check missing from a report (hidden by an unreachable function) keeps its state.
      for (const { name, status, detail } of report.checks) {
        const before = known.get(name)
        known.set(name, status)
        if (status === 'failed' && before !== 'failed')
          log.error('contact.self_check_failed', { check: name, detail })
        else if (before === 'failed' && status !== 'failed')
          log.info('contact.self_check_recovered', { check: name, status })
      }
      await onReport?.(report).catch((error: unknown) =>
        log.error('contact.self_check_not_kept', { error: describeError(error) }),
      )
    } catch (error) {
      log.error('contact.self_check_error', { error: describeError(error) })
    }
  }, selfCheckIntervalMs)
  return {
    last: () => last,
    /** Does not wait for a check in progress: it may take 20 s. */
    stop: () => void stop(),
  }
}
