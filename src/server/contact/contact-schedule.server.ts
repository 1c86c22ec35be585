// The contact path's work on a timer, in every instance: delivery passes, and the self-check whose
// last report /readyz and the owner read (so a probe never reaches hCaptcha, mail or the function).
import type { CaptchaCheckOutcome } from '#supabase/functions/_shared/contact/contact-core.ts'
import type {
  ContactSelfCheckReport,
  SelfCheck,
  SelfCheckName,
  SelfCheckStatus,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/log.ts'

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

/** What a visitor's verification says of the captcha check, in the report's words. */
const captchaSeenInMessage: Record<CaptchaCheckOutcome, SelfCheck> = {
  failed: {
    name: 'captcha',
    status: 'failed',
    detail:
      "a visitor's captcha could not be verified: hCaptcha is out of reach or refuses HCAPTCHA_SECRET or HCAPTCHA_SITE_KEY",
  },
  ok: { name: 'captcha', status: 'ok', detail: "a visitor's captcha was verified" },
}

/**
 * Logs each check's change of state once: failed (error), and passing again (info). Between runs,
 * `captchaChecked` takes what each visitor's verification showed: a verifier that fails on the
 * site's settings makes the captcha check failed at once, and the first good answer mends it.
 */
export function startSelfCheckMonitor(
  run: () => Promise<ContactSelfCheckReport>,
  log: Logger,
  onReport?: (report: ContactSelfCheckReport) => Promise<void>,
  now: () => number = Date.now,
) {
  const known = new Map<SelfCheckName, SelfCheckStatus>()
  let last: ContactSelfCheckReport | undefined
  /** When a visitor's verification last changed the captcha check. */
  let captchaSeenAt = Number.NEGATIVE_INFINITY
  const stop = repeat(async (signal) => {
    try {
      const startedAt = now()
      let report = await run()
      // A run that ends after the stop (the database closing under it) says nothing.
      if (signal.aborted) return
      // A visitor's verification made while this run was under way is newer than its captcha check.
      const seen = last?.checks.find((check) => check.name === 'captcha')
      if (captchaSeenAt >= startedAt && seen) {
        report = {
          ...report,
          checks: report.checks.map((check) => (check.name === 'captcha' ? seen : check)),
        }
      }
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
    captchaChecked(outcome: CaptchaCheckOutcome) {
      const before = last?.checks.find((check) => check.name === 'captcha')?.status
      // Only a change counts: a failure while failed, or a pass while not failed, says nothing new.
      if ((before === 'failed') === (outcome === 'failed')) return
      // Before the first report a pass says nothing; a failure is the first thing known.
      if (outcome === 'ok' && last === undefined) return
      const check = captchaSeenInMessage[outcome]
      const checks = last?.checks ?? []
      last = {
        checkedAt: new Date(now()).toISOString(),
        checks: checks.some((c) => c.name === 'captcha')
          ? checks.map((c) => (c.name === 'captcha' ? check : c))
          : [...checks, check],
      }
      captchaSeenAt = now()
      known.set('captcha', check.status)
      if (outcome === 'failed') log.error('contact.captcha_check_failed', { detail: check.detail })
      else log.info('contact.captcha_check_recovered', { previous: before ?? 'unknown' })
    },
    /** Does not wait for a check in progress: it may take 20 s. */
    stop: () => void stop(),
  }
}
