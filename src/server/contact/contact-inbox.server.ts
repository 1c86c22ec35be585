/**
 * Where the server function hands a validated contact message:
 * - Supabase configured: the edge function `send-contact-message`, through supabase-js
 *   `functions.invoke` (the spec's body; the visitor's address in a header);
 * - embedded (default): the same runtime-neutral handler, in-process.
 * Either way the answer is `{ status, body: { ok: true } | { error } }`; nothing here throws for a
 * visitor's input or a downstream outage.
 */
import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  type SupabaseClient,
} from '@supabase/supabase-js'
import type { ContactMessage } from '~/features/contact/contact-schema'
import { visitorIpHeader } from '../../../supabase/functions/send-contact-message/app.ts'
import type {
  ContactHandler,
  ContactResponse,
} from '../../../supabase/functions/send-contact-message/handler.ts'
import { describeError, type Logger } from '../../../supabase/functions/send-contact-message/log.ts'

export interface ContactInbox {
  readonly kind: 'supabase' | 'embedded'
  send(message: ContactMessage, meta: { remoteIp?: string | undefined }): Promise<ContactResponse>
}

export const contactFunctionName = 'send-contact-message'

/** What the visitor is told when the failure is ours, not theirs. */
export const contactDeliveryError =
  'There was an error sending your message. Please try again later.'

export function createEmbeddedContactInbox(handler: ContactHandler): ContactInbox {
  return { kind: 'embedded', send: (message, meta) => handler.handle(message, meta) }
}

export interface SupabaseContactInboxOptions {
  client: Pick<SupabaseClient, 'functions'>
  log: Logger
  /** Default 15 s (captcha 5 s + database + the immediate notification attempt). */
  timeoutMs?: number
}

const errorText = (body: unknown): string | undefined => {
  const error = (body as { error?: unknown } | null)?.error
  return typeof error === 'string' && error.trim() !== '' ? error.slice(0, 300) : undefined
}

export function createSupabaseContactInbox(options: SupabaseContactInboxOptions): ContactInbox {
  const { client, log, timeoutMs = 15_000 } = options
  return {
    kind: 'supabase',
    async send(message, meta) {
      const body = {
        name: message.name,
        email: message.email,
        phone: message.phone,
        service: message.service,
        message: message.message,
        captchaToken: message.captchaToken,
      }
      let result: Awaited<ReturnType<SupabaseClient['functions']['invoke']>>
      try {
        result = await client.functions.invoke(contactFunctionName, {
          body,
          headers: meta.remoteIp ? { [visitorIpHeader]: meta.remoteIp } : {},
          timeout: timeoutMs,
        })
      } catch (error) {
        log.error('contact.invoke_threw', { error: describeError(error) })
        return { status: 502, body: { error: contactDeliveryError } }
      }

      const { data, error } = result
      if (!error) {
        const refused = errorText(data)
        if (refused) {
          log.warn('contact.function_refused', { status: 200 })
          return { status: 400, body: { error: refused } }
        }
        if ((data as { ok?: unknown } | null)?.ok === true)
          return { status: 200, body: { ok: true } }
        log.error('contact.function_unexpected_answer', { type: typeof data })
        return { status: 502, body: { error: contactDeliveryError } }
      }

      if (error instanceof FunctionsHttpError) {
        const response = error.context as Response
        const status = response.status
        let answer: unknown
        try {
          answer = await response.json()
        } catch {
          answer = undefined
        }
        log.warn('contact.function_http_error', { status, reason: errorText(answer) ?? 'none' })
        // The visitor's own problem (invalid message, captcha, too many): tell them. Anything
        // else (our credentials, the function's outage) is ours: the generic text.
        if ((status === 400 || status === 413 || status === 429) && errorText(answer)) {
          return { status, body: { error: errorText(answer) as string } }
        }
        return { status: status >= 500 ? 503 : 502, body: { error: contactDeliveryError } }
      }
      if (error instanceof FunctionsFetchError) {
        log.error('contact.function_unreachable', { error: describeError(error.context) })
        return { status: 503, body: { error: contactDeliveryError } }
      }
      if (error instanceof FunctionsRelayError) {
        log.error('contact.function_relay_error', {})
        return { status: 502, body: { error: contactDeliveryError } }
      }
      log.error('contact.function_error', { error: describeError(error) })
      return { status: 502, body: { error: contactDeliveryError } }
    },
  }
}
