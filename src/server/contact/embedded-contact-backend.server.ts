/**
 * The embedded contact pipeline (contact-backend.server.ts wires it in embedded mode only): the
 * contact core in-process on the embedded PGlite database, the real hCaptcha verifier, mail
 * through SMTP_URL or else .eml files in <DATA_DIR>/outbox, the delivery schedule, and the
 * owner's inbox snapshot in <DATA_DIR>/inbox.
 */
import { company } from '#app.config.ts'
import { createHcaptchaVerifier } from '#supabase/functions/_shared/contact/captcha.ts'
import { createContactCore } from '#supabase/functions/_shared/contact/contact-core.ts'
import { runContactSelfCheck } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import {
  createPostgresContactStore,
  releaseLeasedNotifications,
} from '#supabase/functions/_shared/contact/contact-store.ts'
import type { Database } from '#supabase/functions/_shared/contact/database.ts'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '#supabase/functions/_shared/contact/log.ts'
import {
  createSmtpTransport,
  type MailTransport,
} from '#supabase/functions/_shared/contact/mail-transports.ts'
import {
  createNotificationOutbox,
  defaultLeaseMs,
} from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { type ContactBackend, type ContactSettings, outboxDir } from './contact-backend.server'
import { createDeliverySchedule } from './delivery-schedule.server'
import { createEmlOutboxTransport } from './eml-outbox.server'
import { createInboxSnapshotWriter, inboxDir, withInboxSnapshot } from './inbox-snapshot.server'

export interface EmbeddedContactOptions {
  settings: ContactSettings
  database: Database
  log?: Logger
  /** Delivery schedule's pause (default 15 s; CONTACT_RETRY_INTERVAL_MS). */
  retryIntervalMs?: number
  /** Waits after failed attempts 1, 2, 3... (default 30 s, 2 min, 10 min, 1 h; CONTACT_RETRY_BACKOFF_MS). */
  backoffMs?: readonly number[]
  /**
   * The last server on this database died (its lock was stale): release the notifications it had
   * claimed at start, so they are sent now rather than when their 5-minute lease runs out.
   */
  releaseClaimsOnStart?: boolean
  /** How long `stop()` waits for submissions and notification attempts in progress (default 20 s). */
  drainTimeoutMs?: number
  /** How long a visitor waits for the immediate notification attempt (the handler's default 3 s). */
  notifyWaitMs?: number
  /** Override the mail transport (tests). */
  transport?: MailTransport
}

/**
 * SMTP_URL's transport; when nodemailer cannot make one from it, a transport whose every send
 * fails with the reason: messages are still stored, their notifications wait for the mended URL.
 */
function smtpTransportOrProblem(url: string, log: Logger): MailTransport {
  try {
    return createSmtpTransport({ url })
  } catch (error) {
    const problem = `SMTP_URL cannot be used (${describeError(error)})`
    log.error('contact.mail_misconfigured', { problem })
    return {
      description: 'SMTP (unusable SMTP_URL)',
      send: () => Promise.reject(new Error(problem)),
    }
  }
}

/** The embedded pipeline over a given database (the server passes the embedded PGlite). */
export function createEmbeddedContactBackend(options: EmbeddedContactOptions): ContactBackend {
  const { settings, database, log = consoleLogger } = options
  const baseStore = createPostgresContactStore(database)
  const snapshot = createInboxSnapshotWriter({
    dir: inboxDir(settings.DATA_DIR),
    store: baseStore,
    log,
  })
  const store = withInboxSnapshot(baseStore, snapshot)
  const transport =
    options.transport ??
    (settings.SMTP_URL
      ? smtpTransportOrProblem(settings.SMTP_URL, log)
      : createEmlOutboxTransport({ dir: outboxDir(settings.DATA_DIR) }))
  const outbox = createNotificationOutbox({
    store,
    transport,
    log,
    email: { to: settings.CONTACT_TO_EMAIL, siteName: company.name, siteUrl: settings.SITE_URL },
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  })
  const schedule = createDeliverySchedule({
    deliverDue: (signal) => outbox.deliverDue(20, { signal }),
    log,
    ...(options.retryIntervalMs ? { intervalMs: options.retryIntervalMs } : {}),
  })
  // Work that must finish before the database closes: submissions being handled, and the
  // notification attempts the handler stopped waiting for (a send the database never hears the
  // end of would be sent again after a restart).
  const inProgress = new Set<Promise<unknown>>()
  const track = <T>(work: Promise<T>): Promise<T> => {
    inProgress.add(work)
    const forget = () => inProgress.delete(work)
    work.then(forget, forget)
    return work
  }
  const core = createContactCore({
    log,
    store,
    notifier: outbox,
    waitUntil: track,
    ...(options.notifyWaitMs !== undefined ? { notifyWaitMs: options.notifyWaitMs } : {}),
    verifyCaptcha: createHcaptchaVerifier({
      secret: settings.HCAPTCHA_SECRET,
      verifyUrl: settings.HCAPTCHA_VERIFY_URL,
      siteKey: settings.HCAPTCHA_SITE_KEY,
      log,
    }),
  })
  const drainTimeoutMs = options.drainTimeoutMs ?? 20_000
  let started = false
  return {
    kind: 'embedded',
    core: {
      receive: (body, meta) => track(core.receive(body, meta)),
    },
    schedule,
    outbox,
    snapshot,
    transport,
    selfCheck: () =>
      runContactSelfCheck({
        captcha: {
          secret: settings.HCAPTCHA_SECRET,
          siteKey: settings.HCAPTCHA_SITE_KEY,
          verifyUrl: settings.HCAPTCHA_VERIFY_URL,
        },
        mail: { transport },
        database,
        secrets: [settings.HCAPTCHA_SECRET],
      }),
    async start() {
      if (started) return
      started = true
      log.info('contact.services_started', { mode: 'embedded', transport: transport.description })
      if (options.releaseClaimsOnStart) {
        try {
          const released = await releaseLeasedNotifications(database, defaultLeaseMs)
          log.warn('contact.claims_released_after_crash', { released })
        } catch (error) {
          log.error('contact.claims_release_failed', { error: describeError(error) })
        }
      }
      schedule.start()
      await snapshot.flush()
    },
    async stop() {
      started = false
      if (inProgress.size > 0) {
        log.info('contact.draining', { inProgress: inProgress.size })
        let timer: ReturnType<typeof setTimeout> | undefined
        const drained = await Promise.race([
          Promise.allSettled([...inProgress]).then(() => true),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), drainTimeoutMs)
          }),
        ])
        clearTimeout(timer)
        if (!drained) log.warn('contact.drain_timed_out', { inProgress: inProgress.size })
      }
      await schedule.stop()
      await snapshot.flush()
      await snapshot.close()
      transport.close?.()
    },
  }
}
