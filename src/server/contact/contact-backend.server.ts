/**
 * Where the server function's messages go, wired from the environment: a `ContactBackend`.
 *
 * - Supabase (SUPABASE_URL + keys): the edge function runs the contact core on the project's
 *   Postgres; this server calls it with the secret key, and runs the delivery schedule (the
 *   function's deliver-due) so due notifications go out without new traffic.
 * - Embedded (default): the contact core in-process on the embedded PGlite database, with the
 *   real hCaptcha verifier (HCAPTCHA_VERIFY_URL), mail through SMTP_URL or else .eml files in
 *   <DATA_DIR>/outbox, the delivery schedule, and the owner's inbox snapshot in <DATA_DIR>/inbox
 *   (read by `npm run inbox`).
 *
 * Server lifecycle: `startContactBackend()` at start (embedded: opens the database, sends what a
 * crash left pending, writes the snapshot), `stopContactBackend()` at shutdown BEFORE the
 * embedded database is closed. Without a start call everything still starts on first use.
 */
import { join } from 'node:path'
import { company } from '../../../app.config'
import { createHcaptchaVerifier } from '../../../supabase/functions/_shared/contact/captcha.ts'
import {
  type ContactCore,
  createContactCore,
} from '../../../supabase/functions/_shared/contact/contact-core.ts'
import {
  createPostgresContactStore,
  releaseLeasedNotifications,
} from '../../../supabase/functions/_shared/contact/contact-store.ts'
import type { Database } from '../../../supabase/functions/_shared/contact/database.ts'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '../../../supabase/functions/_shared/contact/log.ts'
import {
  createSmtpTransport,
  type MailTransport,
} from '../../../supabase/functions/_shared/contact/mail-transports.ts'
import {
  createNotificationOutbox,
  defaultLeaseMs,
  type NotificationOutbox,
} from '../../../supabase/functions/_shared/contact/notification-outbox.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import type { Environment } from '../env-schema.server'
import { processState } from '../process-state.server'
import { createContactFunctionClient } from './contact-function-client.server'
import { createDeliverySchedule, type DeliverySchedule } from './delivery-schedule.server'
import { createEmlOutboxTransport } from './eml-outbox.server'
import {
  createInboxSnapshotWriter,
  type InboxSnapshotWriter,
  inboxDir,
  withInboxSnapshot,
} from './inbox-snapshot.server'

export type ContactSettings = Pick<
  Environment,
  | 'DATA_DIR'
  | 'SITE_URL'
  | 'SUPABASE_URL'
  | 'SUPABASE_SECRET_KEY'
  | 'HCAPTCHA_SITE_KEY'
  | 'HCAPTCHA_SECRET'
  | 'HCAPTCHA_VERIFY_URL'
  | 'SMTP_URL'
  | 'CONTACT_TO_EMAIL'
>

export interface ContactBackend {
  readonly kind: 'supabase' | 'embedded'
  /** The contact core, in-process or behind the edge function. */
  core: Pick<ContactCore, 'receive'>
  schedule: DeliverySchedule
  /** Embedded only. */
  outbox?: NotificationOutbox
  snapshot?: InboxSnapshotWriter
  transport?: MailTransport
  start(): Promise<void>
  stop(): Promise<void>
}

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

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox')

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
      ? createSmtpTransport({ url: settings.SMTP_URL })
      : createEmlOutboxTransport({ dir: outboxDir(settings.DATA_DIR) }))
  const outbox = createNotificationOutbox({
    store,
    transport,
    log,
    email: { to: settings.CONTACT_TO_EMAIL, siteName: company.name, siteUrl: settings.SITE_URL },
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  })
  const schedule = createDeliverySchedule({
    deliverDue: () => outbox.deliverDue(20),
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

export function createSupabaseContactBackend(
  settings: { SUPABASE_URL: string; SUPABASE_SECRET_KEY: string },
  options: { log?: Logger; retryIntervalMs?: number } = {},
): ContactBackend {
  const log = options.log ?? consoleLogger
  const core = createContactFunctionClient({
    url: settings.SUPABASE_URL,
    secretKey: settings.SUPABASE_SECRET_KEY,
    log,
  })
  const schedule = createDeliverySchedule({
    deliverDue: (signal) => core.deliverDue(signal),
    log,
    intervalMs: options.retryIntervalMs ?? supabaseDeliveryIntervalMs,
  })
  return {
    kind: 'supabase',
    core,
    schedule,
    start: async () => {
      log.info('contact.services_started', { mode: 'supabase' })
      schedule.start()
    },
    stop: () => schedule.stop(),
  }
}

/**
 * Supabase mode's default pause between delivery passes: every instance calls deliver-due, so
 * three instances call it about every 20 s; a due notification goes out within a minute.
 */
export const supabaseDeliveryIntervalMs = 60_000

const state = processState('contact-services', () => ({
  shared: undefined as Promise<ContactBackend> | undefined,
}))

async function open(): Promise<ContactBackend> {
  const settings = getEnvironment()
  if (settings.SUPABASE_URL && settings.SUPABASE_SECRET_KEY) {
    const backend = createSupabaseContactBackend(
      { SUPABASE_URL: settings.SUPABASE_URL, SUPABASE_SECRET_KEY: settings.SUPABASE_SECRET_KEY },
      { retryIntervalMs: settings.CONTACT_RETRY_INTERVAL_MS },
    )
    await backend.start()
    return backend
  }
  const { db, recoveredFromCrash } = await getEmbeddedDatabase(settings.DATA_DIR)
  const services = createEmbeddedContactBackend({
    settings,
    database: db,
    retryIntervalMs: settings.CONTACT_RETRY_INTERVAL_MS,
    backoffMs: settings.CONTACT_RETRY_BACKOFF_MS,
    releaseClaimsOnStart: recoveredFromCrash,
  })
  await services.start()
  return services
}

function getBackend(): Promise<ContactBackend> {
  if (!state.shared) {
    const opening = open()
    state.shared = opening
    opening.catch(() => {
      if (state.shared === opening) state.shared = undefined
    })
  }
  return state.shared
}

/** The configured backend (starts it on first use). */
export const getContactBackend = (): Promise<ContactBackend> => getBackend()

/**
 * For server start. Embedded: opens the database (rejects when another server holds DATA_DIR),
 * starts the delivery schedule (which at once sends what a crash left pending) and writes the snapshot.
 */
export async function startContactBackend(): Promise<void> {
  await getBackend()
}

/** For shutdown, before the embedded database closes: stops the delivery schedule, writes the snapshot. */
export async function stopContactBackend(): Promise<void> {
  const opening = state.shared
  state.shared = undefined
  if (!opening) return
  const services = await opening.catch(() => undefined)
  await services?.stop()
}
