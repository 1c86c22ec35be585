/**
 * Where the contact form's messages go: with SUPABASE_URL and SUPABASE_SECRET_KEY the edge
 * function (and its deliver-due on a schedule), else the embedded pipeline. Started with the
 * server, stopped before the embedded database closes; its self-check runs beside it.
 */
import type { ContactCore } from '#supabase/functions/_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import {
  contactCheckFile,
  reportDir,
  writeJsonAtomically,
} from '../field-vitals/report-snapshot.server'
import { processState } from '../process-state.server'
import { createContactFunctionClient } from './contact-function-client.server'
import { type SelfCheckMonitor, startSelfCheckMonitor } from './contact-self-check-monitor.server'
import { createDeliverySchedule, type DeliverySchedule } from './delivery-schedule.server'

export interface ContactBackend {
  receive: ContactCore['receive']
  schedule: DeliverySchedule
  selfCheck(): Promise<ContactSelfCheckReport>
  start(): Promise<void>
  stop(): Promise<void>
}

/** Every instance calls deliver-due: three call it about every 20 s, within a minute of due. */
const supabaseDeliveryIntervalMs = 60_000

function createSupabaseContactBackend(
  url: string,
  secretKey: string,
  intervalMs = supabaseDeliveryIntervalMs,
): ContactBackend {
  const client = createContactFunctionClient({ url, secretKey, log: consoleLogger })
  const schedule = createDeliverySchedule({
    deliverDue: client.deliverDue,
    log: consoleLogger,
    intervalMs,
  })
  return {
    receive: client.receive,
    schedule,
    selfCheck: client.selfCheck,
    start: async () => {
      consoleLogger.info('contact.services_started', { mode: 'supabase' })
      schedule.start()
    },
    stop: () => schedule.stop(),
  }
}

const state = processState('contact-services', () => ({
  shared: undefined as Promise<ContactBackend> | undefined,
  selfCheck: undefined as SelfCheckMonitor | undefined,
}))

/** The contact path's last self-check (for /readyz and the owner); undefined before the first. */
export const lastContactSelfCheck = (): ContactSelfCheckReport | undefined =>
  state.selfCheck?.last()

async function open(): Promise<ContactBackend> {
  const settings = getEnvironment()
  const { SUPABASE_URL, SUPABASE_SECRET_KEY, DATA_DIR } = settings
  let backend: ContactBackend
  if (SUPABASE_URL && SUPABASE_SECRET_KEY) {
    backend = createSupabaseContactBackend(
      SUPABASE_URL,
      SUPABASE_SECRET_KEY,
      settings.CONTACT_RETRY_INTERVAL_MS,
    )
  } else {
    // Loaded in embedded mode only: its mail (nodemailer, about 18 MB of a process) is the edge
    // function's work with Supabase.
    const { createEmbeddedContactBackend } = await import('./embedded-contact-backend.server')
    const { db, recoveredFromCrash } = await getEmbeddedDatabase(DATA_DIR)
    backend = createEmbeddedContactBackend({
      settings,
      database: db,
      releaseClaimsOnStart: recoveredFromCrash,
    })
  }
  await backend.start()
  state.selfCheck?.stop()
  state.selfCheck = startSelfCheckMonitor({
    run: backend.selfCheck,
    log: consoleLogger,
    // Embedded, the owner's report (`npm run report`) reads a copy.
    onReport: SUPABASE_URL
      ? undefined
      : (report) => writeJsonAtomically(reportDir(DATA_DIR), contactCheckFile, report),
  })
  return backend
}

/** The configured backend, started on first use (and again after a failed start). */
export function getContactBackend(): Promise<ContactBackend> {
  if (!state.shared) {
    const opening = open()
    state.shared = opening
    opening.catch(() => {
      if (state.shared === opening) state.shared = undefined
    })
  }
  return state.shared
}

/** At server start. Embedded: rejects when another server holds DATA_DIR. */
export async function startContactBackend(): Promise<void> {
  await getContactBackend()
}

/** At shutdown, before the embedded database closes. */
export async function stopContactBackend(): Promise<void> {
  const opening = state.shared
  state.shared = undefined
  state.selfCheck?.stop()
  state.selfCheck = undefined
  await (await opening?.catch(() => undefined))?.stop()
}
