/**
 * What the `sendContactMessage` server function does: hands the message as the visitor sent it,
 * with their address, to the contact backend. Never throws: every outcome is `{ status, body }`.
 */
import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type { ContactResponse } from '#supabase/functions/_shared/contact/contact-core.ts'
import { consoleLogger, describeError } from '#supabase/functions/_shared/contact/log.ts'
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
    return await (await getContactBackend()).receive(input, { visitorIp })
  } catch (error) {
    consoleLogger.error('contact.backend_unavailable', { error: describeError(error) })
    return { status: 503, body: { error: contactDeliveryError } }
  }
}

/** The visitor's address in the current request, as TRUST_PROXY says to read it. */
export function currentClientIp(): string | undefined {
  try {
    return clientIpFrom({
      forwardedFor: getRequestHeader('x-forwarded-for'),
      socketAddress: getRequestIP(),
      trust: parseTrustProxy(getEnvironment().TRUST_PROXY),
    })
  } catch {
    return undefined
  }
}
