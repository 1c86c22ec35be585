/**
 * Where the contact form's messages go: with SUPABASE_URL and SUPABASE_SECRET_KEY the edge
 * function, else the embedded pipeline; either way with delivery passes and the self-check on a
 * timer. Started with the server, stopped before the embedded database closes.
 */
import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type { ContactResponse } from '#supabase/functions/_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { consoleLogger, describeError } from '#supabase/functions/_shared/contact/log.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import {
  contactCheckFile,
  reportDir,
  writeJsonAtomically,
} from '../field-vitals/report-snapshot.server'
import { processState } from '../process-state.server'
import { clientIpFrom, parseTrustProxy } from './client-ip.server'
import { contactDeliveryError, createContactFunctionClient } from './contact-function-client.server'
import { startDeliverySchedule, startSelfCheckMonitor } from './contact-schedule.server'

type ContactBackend = Pick<
  ReturnType<typeof createContactFunctionClient>,
  'receive' | 'deliverDue' | 'selfCheck'
> & { stop?(): Promise<void> }

const state = processState('contact-services', () => ({
  running: undefined as Promise<() => Promise<void>> | undefined,
  backend: undefined as ContactBackend | undefined,
  lastSelfCheck: undefined as (() => ContactSelfCheckReport | undefined) | undefined,
}))

/** The contact path's last self-check (for /readyz and the owner); undefined before the first. */
export const lastContactSelfCheck = () => state.lastSelfCheck?.()

/** Starts the configured backend and its timers; resolves to what stops them. */
async function start(): Promise<() => Promise<void>> {
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
  state.backend = backend
  state.lastSelfCheck = selfCheck.last
  return async () => {
    selfCheck.stop()
    await stopDelivery()
    await backend.stop?.()
  }
}

/** At server start, and on first use after a failed start. Embedded: rejects when another server holds DATA_DIR. */
export async function startContactBackend(): Promise<ContactBackend> {
  if (!state.running) {
    const starting = start()
    state.running = starting
    starting.catch(() => {
      if (state.running === starting) state.running = undefined
    })
  }
  await state.running
  return state.backend as ContactBackend
}

/** At shutdown, before the embedded database closes. */
export async function stopContactBackend(): Promise<void> {
  const running = state.running
  state.running = state.backend = state.lastSelfCheck = undefined
  await (await running?.catch(() => undefined))?.()
}

/** The `sendContactMessage` server function's work. Never throws: every outcome is `{ status, body }`. */
export async function submitContactMessage(
  input: unknown,
  visitorIp: string | undefined,
): Promise<ContactResponse> {
  try {
    return await (await startContactBackend()).receive(input, { visitorIp })
  } catch (error) {
    consoleLogger.error('contact.backend_unavailable', { error: describeError(error) })
    return { status: 503, body: { error: contactDeliveryError } }
  }
}

/** The visitor's address in the current request, as TRUST_PROXY says to read it. */
export function currentClientIp(): string | undefined {
  try {
    const trust = parseTrustProxy(getEnvironment().TRUST_PROXY)
    const forwardedFor = getRequestHeader('x-forwarded-for')
    return clientIpFrom({ forwardedFor, socketAddress: getRequestIP(), trust })
  } catch {
    return undefined
  }
}
