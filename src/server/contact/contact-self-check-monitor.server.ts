/**
 * Runs the contact path's self-check at start and every 5 minutes, keeps the last report for
 * /readyz and the owner (a probe never reaches hCaptcha, the mail server or the function), and
 * logs each check's change of state once.
 */
import type {
  ContactSelfCheckReport,
  SelfCheckName,
  SelfCheckStatus,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'

/**
 * Settings change only with a deploy, which restarts the check: the interval catches what changes
 * outside (a rotated secret, a provider down) about as fast as an uptime check, at 12 captcha
 * verifications, SMTP logins or function calls an hour per instance.
 */
const contactSelfCheckIntervalMs = 5 * 60_000

export type SelfCheckMonitor = ReturnType<typeof startSelfCheckMonitor>

export function startSelfCheckMonitor(options: {
  run: () => Promise<ContactSelfCheckReport>
  log: Logger
  intervalMs?: number
  /** Each report as it arrives (embedded: the copy `npm run report` reads). */
  onReport?: ((report: ContactSelfCheckReport) => Promise<void> | void) | undefined
}) {
  const { log } = options
  const known = new Map<SelfCheckName, SelfCheckStatus>()
  let last: ContactSelfCheckReport | undefined
  let running = false
  let stopped = false

  async function check() {
    if (running) return
    running = true
    try {
      const report = await options.run()
      // A run that ends after the stop (the database closing under it) says nothing.
      if (stopped) return
      last = report
      // A check missing from a report (hidden by an unreachable function) keeps its state.
      for (const { name, status, detail } of report.checks) {
        const before = known.get(name)
        known.set(name, status)
        if (status === 'failed' && before !== 'failed') {
          log.error('contact.self_check_failed', { check: name, detail })
        } else if (before === 'failed' && status !== 'failed') {
          log.info('contact.self_check_recovered', { check: name, status })
        }
      }
      await Promise.resolve(options.onReport?.(report)).catch((error: unknown) =>
        log.error('contact.self_check_not_kept', { error: describeError(error) }),
      )
    } catch (error) {
      log.error('contact.self_check_error', { error: describeError(error) })
    } finally {
      running = false
    }
  }

  const timer = setInterval(check, options.intervalMs ?? contactSelfCheckIntervalMs)
  timer.unref()
  void check()
  return {
    /** The last finished check; undefined until the first one finishes. */
    last: () => last,
    stop: () => {
      stopped = true
      clearInterval(timer)
    },
  }
}
