/**
 * Runs the contact path's self-check at start and then every few minutes, keeps the last report
 * for /readyz and the owner's report (so a probe never reaches hCaptcha, the mail server or the
 * function), and logs each check's change of state once: `contact.self_check_failed` (error) when
 * a check fails, `contact.self_check_recovered` (info) when it passes again.
 */
import type {
  ContactSelfCheckReport,
  SelfCheckName,
  SelfCheckStatus,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'

/**
 * Five minutes: settings change only with a deploy (and a deploy restarts the check), so the
 * interval only has to catch what changes outside (a secret rotated at hCaptcha, a mail password
 * changed, a provider down) about as fast as an uptime check would. Per instance that is 12
 * verifications an hour at hCaptcha, 12 SMTP logins, and in Supabase mode 12 function calls
 * (about 9,000 a month, against the 500,000 of the Free plan).
 */
export const contactSelfCheckIntervalMs = 5 * 60_000

export interface SelfCheckMonitorOptions {
  run: () => Promise<ContactSelfCheckReport>
  log: Logger
  intervalMs?: number
  /** Each report as it arrives (embedded: the copy `npm run report` reads). */
  onReport?: (report: ContactSelfCheckReport) => Promise<void> | void
}

export interface SelfCheckMonitor {
  /** The last finished check; undefined until the first one finishes. */
  last(): ContactSelfCheckReport | undefined
  /** Runs the checks now (one run at a time: a call during a run gets that run's report). */
  check(): Promise<ContactSelfCheckReport>
  stop(): void
}

export function startSelfCheckMonitor(options: SelfCheckMonitorOptions): SelfCheckMonitor {
  const { log } = options
  const known = new Map<SelfCheckName, SelfCheckStatus>()
  let last: ContactSelfCheckReport | undefined
  let running: Promise<ContactSelfCheckReport> | undefined
  let stopped = false

  const record = (report: ContactSelfCheckReport) => {
    last = report
    // A check missing from a report (the function unreachable hides the function's own checks)
    // keeps its last known state.
    for (const check of report.checks) {
      const before = known.get(check.name)
      known.set(check.name, check.status)
      if (check.status === 'failed' && before !== 'failed') {
        log.error('contact.self_check_failed', { check: check.name, detail: check.detail })
      } else if (before === 'failed' && check.status !== 'failed') {
        log.info('contact.self_check_recovered', { check: check.name, status: check.status })
      }
    }
  }

  const check = () => {
    running ??= options
      .run()
      .then(async (report) => {
        // A run that ends after the stop (the database closing under it) says nothing.
        if (stopped) return report
        record(report)
        try {
          await options.onReport?.(report)
        } catch (error) {
          log.error('contact.self_check_not_kept', { error: describeError(error) })
        }
        return report
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const checkInBackground = () => {
    check().catch((error: unknown) =>
      log.error('contact.self_check_error', { error: describeError(error) }),
    )
  }
  const timer = setInterval(checkInBackground, options.intervalMs ?? contactSelfCheckIntervalMs)
  timer.unref?.()
  checkInBackground()

  return {
    last: () => last,
    check,
    stop: () => {
      stopped = true
      clearInterval(timer)
    },
  }
}
