// The contact path in embedded mode: the contact core on the embedded database, the real hCaptcha
// verifier, mail through SMTP_URL or else .eml files in <DATA_DIR>/outbox, and the inbox snapshot.
import { randomUUID } from 'node:crypto'
import { access, constants, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTransport } from 'nodemailer'
import writeFileAtomic from 'write-file-atomic'
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
  createSmtpTransport,
  type MailTransport,
} from '#supabase/functions/_shared/contact/mail-transports.ts'
import {
  createNotificationOutbox,
  defaultLeaseMs,
} from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { consoleLogger, describeError, type Logger } from '#supabase/functions/_shared/log.ts'
import type { Environment } from '../env-schema.server'
import { createInboxSnapshot, inboxDir } from './inbox-snapshot.server'

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

/** Mail without an SMTP server, composed by nodemailer; a resend replaces its file (time and id). */
function createEmlOutboxTransport(dataDir: string): MailTransport {
  const dir = join(dataDir, 'outbox')
  return {
    description: `outbox ${dir}`,
    async probe() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await access(dir, constants.W_OK)
    },
    async send(email) {
      const { message } = await composer.sendMail({ ...email })
      // `2026-11-22T15-04-05-123Z_<id>.eml`: sorts by time, safe on every file system.
      const stamp = email.date.toISOString().replace(/[:.]/g, '-')
      const id = (email.headers['X-Contact-Message-Id'] ?? randomUUID()).replace(/[^\w-]/g, '')
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await writeFileAtomic(join(dir, `${stamp}_${id}.eml`), message as Buffer, { mode: 0o600 })
    },
  }
}

/** An SMTP_URL nodemailer refuses: messages are stored all the same, their mail waits for a fix. */
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

/** After a crash (`releaseClaimsOnStart`), what the dead server had claimed is due at once. */
export async function createEmbeddedContactBackend(options: {
  settings: Environment
  database: Database
  log?: Logger
  releaseClaimsOnStart?: boolean
  /** For tests: another transport, a shorter wait for the visitor, a shorter drain at stop. */
  transport?: MailTransport
  notifyWaitMs?: number
  drainTimeoutMs?: number
}) {
  const { settings, database, log = consoleLogger } = options
  const store = createPostgresContactStore(database)
  const refreshInbox = createInboxSnapshot(store, inboxDir(settings.DATA_DIR), log)
  let stopped = false
  const transport =
    options.transport ??
    (settings.SMTP_URL
      ? smtpTransportOrProblem(settings.SMTP_URL, log)
      : createEmlOutboxTransport(settings.DATA_DIR))
  const outbox = createNotificationOutbox({
    store,
    transport,
    log,
    email: { to: settings.CONTACT_TO_EMAIL, siteName: company.name, siteUrl: settings.SITE_URL },
    backoffMs: settings.CONTACT_RETRY_BACKOFF_MS,
  })
  // Submissions and the notification attempts the visitor stopped waiting for end before the
  // database closes (a send it never hears the end of is sent again); each end rewrites the inbox.
  const inProgress = new Set<Promise<unknown>>()
  const track = <T>(work: Promise<T>): Promise<T> => {
    inProgress.add(work)
    const forget = () => {
      inProgress.delete(work)
      if (!stopped) void refreshInbox()
    }
    work.then(forget, forget)
    return work
  }
  const captcha = {
    secret: settings.HCAPTCHA_SECRET,
    siteKey: settings.HCAPTCHA_SITE_KEY,
    verifyUrl: settings.HCAPTCHA_VERIFY_URL,
  }
  const core = createContactCore({
    log,
    store,
    notifier: outbox,
    waitUntil: track,
    notifyWaitMs: options.notifyWaitMs,
    uncheckedPerHour: settings.CONTACT_UNCHECKED_PER_HOUR,
    verifyCaptcha: createHcaptchaVerifier({ ...captcha, log }),
  })

  log.info('contact.services_started', { mode: 'embedded', transport: transport.description })
  if (options.releaseClaimsOnStart) {
    await releaseLeasedNotifications(database, defaultLeaseMs).then(
      (released) => log.warn('contact.claims_released_after_crash', { released }),
      (error) => log.error('contact.claims_release_failed', { error: describeError(error) }),
    )
  }
  await refreshInbox()

  return {
    receive: (...args: Parameters<typeof core.receive>) => track(core.receive(...args)),
    async deliverDue(signal?: AbortSignal) {
      const summary = await outbox.deliverDue(20, { signal })
      if (summary.sent + summary['retry-scheduled'] + summary.failed > 0) void refreshInbox()
      return summary
    },
    selfCheck: () =>
      runContactSelfCheck({ captcha, database, mail: { transport }, secrets: [captcha.secret] }),
    async stop() {
      if (inProgress.size > 0) {
        log.info('contact.draining', { inProgress: inProgress.size })
        const drained = await Promise.race([
          Promise.allSettled([...inProgress]).then(() => true),
          sleep(options.drainTimeoutMs ?? 20_000, false, { ref: false }),
        ])
        if (!drained) log.warn('contact.drain_timed_out', { inProgress: inProgress.size })
      }
      stopped = true
      await refreshInbox()
      transport.close?.()
    },
  }
}
