/**
 * What the `sendContactMessage` server function does with a message its validator accepted:
 * rate limit by client, drop a filled honeypot, hand the rest to the ContactInbox. Never throws:
 * every outcome is `{ status, body }`.
 */

import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import type { ContactMessage } from '~/features/contact/contact-schema'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '../../../supabase/functions/send-contact-message/log.ts'
import { getEnvironment } from '../env.server'
import { clientIpFrom, parseTrustProxy, rateLimitKey } from './client-ip.server'
import { type ContactInbox, contactDeliveryError } from './contact-inbox.server'
import { getContactInbox } from './contact-services.server'
import { contactRateLimits, createRateLimiter, type RateLimiter } from './rate-limiter.server'

export type SendContactMessageResult = { ok: true } | { error: string; rateLimited?: true }

export interface ContactSubmission {
  status: number
  body: SendContactMessageResult
}

export const rateLimitedMessage =
  'Too many messages. Please wait a few minutes and try again, or call us.'

export interface ContactSubmitterOptions {
  inbox: () => Promise<ContactInbox>
  limiter: RateLimiter
  log?: Logger
}

export function createContactSubmitter(options: ContactSubmitterOptions) {
  const { limiter, log = consoleLogger } = options
  return async function submit(
    message: ContactMessage,
    client: { ip?: string | undefined },
  ): Promise<ContactSubmission> {
    const decision = limiter.consume(rateLimitKey(client.ip))
    if (!decision.allowed) {
      log.warn('contact.rate_limited', { retryAfterS: Math.ceil(decision.retryAfterMs / 1000) })
      return { status: 429, body: { error: rateLimitedMessage, rateLimited: true } }
    }
    if (message.website !== '') {
      log.info('contact.honeypot', { stored: false })
      return { status: 200, body: { ok: true } }
    }
    try {
      const inbox = await options.inbox()
      return await inbox.send(message, { remoteIp: client.ip })
    } catch (error) {
      log.error('contact.inbox_unavailable', { error: describeError(error) })
      return { status: 503, body: { error: contactDeliveryError } }
    }
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

let submitter: ReturnType<typeof createContactSubmitter> | undefined

/** The process-wide submitter: 5 messages a minute and 20 an hour per client. */
export function submitContactMessage(message: ContactMessage): Promise<ContactSubmission> {
  submitter ??= createContactSubmitter({
    inbox: getContactInbox,
    limiter: createRateLimiter({ rules: contactRateLimits }),
  })
  return submitter(message, { ip: currentClientIp() })
}
