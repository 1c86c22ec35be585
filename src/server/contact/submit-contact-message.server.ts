/**
 * What the `sendContactMessage` server function does: hands the message, as the visitor sent it,
 * with the visitor's address to the contact backend (the core in-process, or the edge function),
 * which validates, rate limits, checks the captcha, stores and notifies. Never throws: every
 * outcome is `{ status, body }`.
 */
import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type { ContactResponse } from '../../../supabase/functions/_shared/contact/contact-core.ts'
import { consoleLogger, describeError } from '../../../supabase/functions/_shared/contact/log.ts'
import { getEnvironment } from '../env.server'
import { clientIpFrom, parseTrustProxy } from './client-ip.server'
import { getContactBackend } from './contact-backend.server'
import { contactDeliveryError } from './contact-function-client.server'

export type SendContactMessageResult = ContactResponse['body']

export async function submitContactMessage(
  input: unknown,
  visitorIp: string | undefined,
): Promise<ContactResponse> {
  try {
    return await (await getContactBackend()).core.receive(input, { visitorIp })
  } catch (error) {
    consoleLogger.error('contact.backend_unavailable', { error: describeError(error) })
    return { status: 503, body: { error: contactDeliveryError } }
  }
}

let trustedProxies: number | undefined

/** TRUST_PROXY, read once; a bad value is logged and trusts no proxy (the safe reading). */
function trustedProxyCount(): number {
  if (trustedProxies === undefined) {
    try {
      trustedProxies = parseTrustProxy(getEnvironment().TRUST_PROXY)
    } catch (error) {
      consoleLogger.error('contact.bad_trust_proxy', { error: describeError(error) })
      trustedProxies = 0
    }
  }
  return trustedProxies
}

/** The visitor's address in the current request (see client-ip.server.ts for TRUST_PROXY). */
export function currentClientIp(): string | undefined {
  const trustedProxies = trustedProxyCount()
  try {
    return clientIpFrom({
      forwardedFor: trustedProxies > 0 ? getRequestHeader('x-forwarded-for') : undefined,
      socketAddress: getRequestIP(),
      trustedProxies,
    })
  } catch {
    return undefined
  }
}
