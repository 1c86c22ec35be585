/**
 * Where the contact form's messages go: with SUPABASE_URL and SUPABASE_SECRET_KEY the edge
 * function, else the embedded pipeline; either way with delivery passes and the self-check on a
 * timer. Started with the server, stopped before the embedded database closes.
 */
import type { ContactCore } from '#supabase/functions/_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import {
  contactCheckFile,
  reportDir,
  writeJsonAtomically,
} from '../field-vitals/report-snapshot.server'
import { processState } from '../process-state.server'
import { createContactFunctionClient } from './contact-function-client.server'
import { startDeliverySchedule, startSelfCheckMonitor } from './contact-schedule.server'

interface ContactBackend {
  receive: ContactCore['receive']
  deliverDue(signal?: AbortSignal): Promise<DeliverySummary>
  selfCheck(): Promise<ContactSelfCheckReport>
  stop?(): Promise<void>
}

interface Running {
  backend: ContactBackend
  stopDelivery: () => Promise<void>
  selfCheck: ReturnType<typeof startSelfCheckMonitor>
}

const state = processState('contact-services', () => ({
  running: undefined as Promise<Running> | undefined,
  lastSelfCheck: undefined as (() => ContactSelfCheckReport | undefined) | undefined,
}))

/** The contact path's last self-check (for /readyz and the owner); undefined before the first. */
export const lastContactSelfCheck = () => state.lastSelfCheck?.()

async function open(): Promise<Running> {
  const settings = getEnvironment()
  const { SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey, DATA_DIR } = settings
  let backend: ContactBackend
  if (url && secretKey) {
    consoleLogger.info('contact.services_started', { mode: 'supabase' })
    backend = createContactFunctionClient({ url, secretKey, log: consoleLogger })
  } else {
    // Loaded in embedded mode only: its mail (nodemailer, about 18 MB of a process) is the edge
    // function's work with Supabase.
    const { createEmbeddedContactBackend } = await import('./embedded-contact-backend.server')
    const { db, recoveredFromCrash } = await getEmbeddedDatabase(DATA_DIR)
    backend = await createEmbeddedContactBackend({
      settings,
      database: db,
      releaseClaimsOnStart: recoveredFromCrash,
    })
  }
  // With Supabase every instance calls deliver-due: three call it about every 20 s.
  const intervalMs = settings.CONTACT_RETRY_INTERVAL_MS ?? (url ? 60_000 : 15_000)
  const stopDelivery = startDeliverySchedule(backend.deliverDue, consoleLogger, intervalMs)
  const selfCheck = startSelfCheckMonitor({
    run: backend.selfCheck,
    log: consoleLogger,
    // Embedded, the owner's report (`npm run report`) reads a copy.
    onReport: url
      ? undefined
      : (report) => writeJsonAtomically(reportDir(DATA_DIR), contactCheckFile, report),
  })
  state.lastSelfCheck = selfCheck.last
  return { backend, stopDelivery, selfCheck }
}

/** The configured backend, started on first use (and again after a failed start). */
export async function getContactBackend(): Promise<ContactBackend> {
  if (!state.running) {
    const opening = open()
    state.running = opening
    opening.catch(() => {
      if (state.running === opening) state.running = undefined
    })
  }
  return (await state.running).backend
}

/** At server start. Embedded: rejects when another server holds DATA_DIR. */
export async function startContactBackend(): Promise<void> {
  await getContactBackend()
}

/** At shutdown, before the embedded database closes. */
export async function stopContactBackend(): Promise<void> {
  const running = await state.running?.catch(() => undefined)
  state.running = undefined
  state.lastSelfCheck = undefined
  running?.selfCheck.stop()
  await running?.stopDelivery()
  await running?.backend.stop?.()
}
