/**
 * The contact pipeline, wired from the environment.
 *
 * - Supabase configured (SUPABASE_URL + SUPABASE_ANON_KEY): messages go to the edge function;
 *   storage, captcha and mail happen there. Nothing runs in the background here.
 * - Embedded (default): the edge function's handler in-process, on the embedded PGlite database,
 *   with the real hCaptcha verifier (HCAPTCHA_VERIFY_URL), mail through SMTP_URL or else .eml
 *   files in <DATA_DIR>/outbox, a retrier for pending notifications, and the owner's inbox
 *   snapshot in <DATA_DIR>/inbox (read by `npm run inbox`).
 *
 * Server lifecycle: `startContactServices()` at start (embedded: opens the database, sends what a
 * crash left pending, writes the snapshot), `stopContactServices()` at shutdown BEFORE the
 * embedded database is closed. Without a start call everything still starts on first use.
 */
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { company, type Environment } from '../../../app.config'
import { createHcaptchaVerifier } from '../../../supabase/functions/send-contact-message/captcha.ts'
import type { Database } from '../../../supabase/functions/send-contact-message/database.ts'
import { createContactHandler } from '../../../supabase/functions/send-contact-message/handler.ts'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '../../../supabase/functions/send-contact-message/log.ts'
import {
  createSmtpTransport,
  type MailTransport,
} from '../../../supabase/functions/send-contact-message/mailer.ts'
import {
  createNotificationOutbox,
  defaultLeaseMs,
  type NotificationOutbox,
} from '../../../supabase/functions/send-contact-message/notifications.ts'
import {
  createPostgresContactStore,
  releaseLeasedNotifications,
} from '../../../supabase/functions/send-contact-message/store.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import {
  type ContactInbox,
  createEmbeddedContactInbox,
  createSupabaseContactInbox,
} from './contact-inbox.server'
import { createEmlOutboxTransport } from './eml-outbox.server'
import {
  createInboxSnapshotWriter,
  type InboxSnapshotWriter,
  inboxDir,
  withInboxSnapshot,
} from './inbox-snapshot.server'
import { createNotificationRetrier, type NotificationRetrier } from './notification-retrier.server'

export type ContactSettings = Pick<
  Environment,
  | 'DATA_DIR'
  | 'SITE_URL'
  | 'SUPABASE_URL'
  | 'SUPABASE_ANON_KEY'
  | 'HCAPTCHA_SITE_KEY'
  | 'HCAPTCHA_SECRET'
  | 'HCAPTCHA_VERIFY_URL'
  | 'SMTP_URL'
  | 'CONTACT_TO_EMAIL'
>

export interface ContactServices {
  inbox: ContactInbox
  /** Embedded only. */
  outbox?: NotificationOutbox
  retrier?: NotificationRetrier
  snapshot?: InboxSnapshotWriter
  transport?: MailTransport
  start(): Promise<void>
  stop(): Promise<void>
}

export interface EmbeddedContactOptions {
  settings: ContactSettings
  database: Database
  log?: Logger
  /** Retrier pause (default 15 s; CONTACT_RETRY_INTERVAL_MS). */
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

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox')

/** The embedded pipeline over a given database (the server passes the embedded PGlite). */
export function createEmbeddedContactServices(options: EmbeddedContactOptions): ContactServices {
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
      ? createSmtpTransport({ url: settings.SMTP_URL })
      : createEmlOutboxTransport({ dir: outboxDir(settings.DATA_DIR) }))
  const outbox = createNotificationOutbox({
    store,
    transport,
    log,
    email: { to: settings.CONTACT_TO_EMAIL, siteName: company.name, siteUrl: settings.SITE_URL },
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  })
  const retrier = createNotificationRetrier({
    outbox,
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
  const handler = createContactHandler({
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
  const inbox = createEmbeddedContactInbox(handler)
  const drainTimeoutMs = options.drainTimeoutMs ?? 20_000
  let started = false
  return {
    inbox: { kind: inbox.kind, send: (message, meta) => track(inbox.send(message, meta)) },
    outbox,
    retrier,
    snapshot,
    transport,
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
      retrier.start()
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
      await retrier.stop()
      await snapshot.flush()
      await snapshot.close()
      transport.close?.()
    },
  }
}

export function createSupabaseContactServices(
  settings: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string },
  log: Logger = consoleLogger,
): ContactServices {
  const client = createClient(settings.SUPABASE_URL, settings.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  return {
    inbox: createSupabaseContactInbox({ client, log }),
    start: async () => {},
    stop: async () => {},
  }
}

const state = processState('contact-services', () => ({
  shared: undefined as Promise<ContactServices> | undefined,
}))

async function open(): Promise<ContactServices> {
  const settings = getEnvironment()
  if (settings.SUPABASE_URL && settings.SUPABASE_ANON_KEY) {
    return createSupabaseContactServices({
      SUPABASE_URL: settings.SUPABASE_URL,
      SUPABASE_ANON_KEY: settings.SUPABASE_ANON_KEY,
    })
  }
  const { db, recoveredFromCrash } = await getEmbeddedDatabase(settings.DATA_DIR)
  const services = createEmbeddedContactServices({
    settings,
    database: db,
    retryIntervalMs: settings.CONTACT_RETRY_INTERVAL_MS,
    backoffMs: settings.CONTACT_RETRY_BACKOFF_MS,
    releaseClaimsOnStart: recoveredFromCrash,
  })
  await services.start()
  return services
}

function getServices(): Promise<ContactServices> {
  if (!state.shared) {
    const opening = open()
    state.shared = opening
    opening.catch(() => {
      if (state.shared === opening) state.shared = undefined
    })
  }
  return state.shared
}

/** The configured inbox (starts the embedded services on first use). */
export async function getContactInbox(): Promise<ContactInbox> {
  return (await getServices()).inbox
}

/**
 * For server start. Embedded: opens the database (rejects when another server holds DATA_DIR),
 * starts the retrier (which at once sends what a crash left pending) and writes the snapshot.
 */
export async function startContactServices(): Promise<void> {
  await getServices()
}

/** For shutdown, before the embedded database closes: stops the retrier, writes the snapshot. */
export async function stopContactServices(): Promise<void> {
  const opening = state.shared
  state.shared = undefined
  if (!opening) return
  const services = await opening.catch(() => undefined)
  await services?.stop()
}
