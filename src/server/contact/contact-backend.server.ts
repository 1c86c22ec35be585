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
 * The embedded pipeline is embedded-contact-backend.server.ts, loaded only in embedded mode.
 *
 * Server lifecycle: `startContactBackend()` at start (embedded: opens the database, sends what a
 * crash left pending, writes the snapshot), `stopContactBackend()` at shutdown BEFORE the
 * embedded database is closed. Without a start call everything still starts on first use.
 */
import { join } from 'node:path'
import type { ContactCore } from '#supabase/functions/_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { MailTransport } from '#supabase/functions/_shared/contact/mail-transports.ts'
import type { NotificationOutbox } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import type { Environment } from '../env-schema.server'
import {
  contactCheckFile,
  reportDir,
  writeJsonAtomically,
} from '../field-vitals/report-snapshot.server'
import { processState } from '../process-state.server'
import { createContactFunctionClient } from './contact-function-client.server'
import { type SelfCheckMonitor, startSelfCheckMonitor } from './contact-self-check-monitor.server'
import { createDeliverySchedule, type DeliverySchedule } from './delivery-schedule.server'
import type { InboxSnapshotWriter } from './inbox-snapshot.server'

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
  /** The contact path's self-check (Supabase: the function's, led by the function's own). */
  selfCheck(): Promise<ContactSelfCheckReport>
  start(): Promise<void>
  stop(): Promise<void>
}

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox')

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
    selfCheck: () => core.selfCheck(),
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
  selfCheck: undefined as SelfCheckMonitor | undefined,
}))

/** The contact path's last self-check (for /readyz and the owner); undefined before the first. */
export const lastContactSelfCheck = (): ContactSelfCheckReport | undefined =>
  state.selfCheck?.last()

/** Checks every so often from now on, and at once (embedded: keeps a copy for `npm run report`). */
function monitorSelfCheck(backend: ContactBackend, dataDir: string | undefined) {
  state.selfCheck?.stop()
  state.selfCheck = startSelfCheckMonitor({
    run: () => backend.selfCheck(),
    log: consoleLogger,
    ...(dataDir
      ? { onReport: (report) => writeJsonAtomically(reportDir(dataDir), contactCheckFile, report) }
      : {}),
  })
}

async function open(): Promise<ContactBackend> {
  const settings = getEnvironment()
  if (settings.SUPABASE_URL && settings.SUPABASE_SECRET_KEY) {
    const backend = createSupabaseContactBackend(
      { SUPABASE_URL: settings.SUPABASE_URL, SUPABASE_SECRET_KEY: settings.SUPABASE_SECRET_KEY },
      { retryIntervalMs: settings.CONTACT_RETRY_INTERVAL_MS },
    )
    await backend.start()
    monitorSelfCheck(backend, undefined)
    return backend
  }
  // Loaded in embedded mode only: its mail (nodemailer, about 18 MB of a process) is the edge
  // function's work in Supabase mode.
  const { createEmbeddedContactBackend } = await import('./embedded-contact-backend.server')
  const { db, recoveredFromCrash } = await getEmbeddedDatabase(settings.DATA_DIR)
  const services = createEmbeddedContactBackend({
    settings,
    database: db,
    retryIntervalMs: settings.CONTACT_RETRY_INTERVAL_MS,
    backoffMs: settings.CONTACT_RETRY_BACKOFF_MS,
    releaseClaimsOnStart: recoveredFromCrash,
  })
  await services.start()
  monitorSelfCheck(services, settings.DATA_DIR)
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
  state.selfCheck?.stop()
  state.selfCheck = undefined
  if (!opening) return
  const services = await opening.catch(() => undefined)
  await services?.stop()
}
