// Where the contact form's messages go: the edge function (SUPABASE_URL and SUPABASE_SECRET_KEY) or
// the embedded pipeline; either way with delivery passes and the self-check on a timer.
import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type {
  CaptchaCheckOutcome,
  ContactResponse,
} from '#supabase/functions/_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '#supabase/functions/_shared/contact/contact-self-check.ts'
import { consoleLogger, describeError } from '#supabase/functions/_shared/log.ts'
import { clientAddressOf, parseTrustProxy } from '../client-ip.server.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import { writeContactCheck } from '../field-vitals/page-view-store.server'
import { processState } from '../process-state.server'
import { contactDeliveryError, createContactFunctionClient } from './contact-function-client.server'
import { startDeliverySchedule, startSelfCheckMonitor } from './contact-schedule.server'

type ContactBackend = ReturnType<typeof createContactFunctionClient> & { stop?(): Promise<void> }

const state = processState('contact-services', () => ({
  running: undefined as ReturnType<typeof start> | undefined,
  lastSelfCheck: undefined as (() => ContactSelfCheckReport | undefined) | undefined,
  captchaChecked: undefined as ((outcome: CaptchaCheckOutcome) => void) | undefined,
}))

/** The contact path's last self-check (for /readyz and the owner); undefined before the first. */
export const lastContactSelfCheck = () => state.lastSelfCheck?.()

async function start() {
  const settings = getEnvironment()
  const { SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey, DATA_DIR } = settings
  let backend: ContactBackend
  if (url && secretKey) {
    consoleLogger.info('contact.services_started', { mode: 'supabase' })
    backend = createContactFunctionClient({ url, secretKey, log: consoleLogger })
  } else {
    // Imported only here: its mail (nodemailer, about 18 MB) is the edge function's with Supabase.
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
  // Embedded, the owner's report (`npm run report`) reads a copy.
  const keepReport = url ? undefined : (report: unknown) => writeContactCheck(DATA_DIR, report)
  const selfCheck = startSelfCheckMonitor(backend.selfCheck, consoleLogger, keepReport)
  state.lastSelfCheck = selfCheck.last
  state.captchaChecked = selfCheck.captchaChecked
  const stop = async () => {
    selfCheck.stop()
    await stopDelivery()
    await backend.stop?.()
  }
  return { backend, stop }
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
  return (await state.running).backend
}

/** At shutdown, before the embedded database closes. */
export async function stopContactBackend(): Promise<void> {
  const running = state.running
  state.running = state.lastSelfCheck = state.captchaChecked = undefined
  await (await running?.catch(() => undefined))?.stop()
}

/** The `sendContactMessage` server function's work. Never throws: every outcome is `{ status, body }`. */
export async function submitContactMessage(input: unknown): Promise<ContactResponse> {
  try {
    const trust = parseTrustProxy(getEnvironment().TRUST_PROXY)
    const forwardedFor = getRequestHeader('x-forwarded-for')
    const visitorIp = clientAddressOf({ forwardedFor, socketAddress: getRequestIP(), trust })
    const backend = await startContactBackend()
    // Each visitor's verification tells /readyz at once whether hCaptcha works (decision 040).
    return await backend.receive(input, {
      visitorIp,
      captchaChecked: (outcome) => state.captchaChecked?.(outcome),
    })
  } catch (error) {
    consoleLogger.error('contact.backend_unavailable', { error: describeError(error) })
    return { status: 503, body: { error: contactDeliveryError } }
  }
}
