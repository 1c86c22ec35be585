import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import {
  type SendContactMessageResult,
  submitContactMessage,
} from '~/server/contact/submit-contact-message.server'
import { contactMessageSchema } from './contact-schema'

export type { SendContactMessageResult }

/**
 * Sends a contact message: validated with the shared schema (an invalid message rejects the
 * call with the schema's issues), then rate limited (429, `rateLimited: true`), honeypot
 * checked, and handed to the ContactInbox (edge function or in-process handler).
 * Resolves to `{ ok: true }` or `{ error }`; the HTTP status mirrors the outcome.
 */
export const sendContactMessage = createServerFn({ method: 'POST' })
  .validator(contactMessageSchema)
  .handler(async ({ data }): Promise<SendContactMessageResult> => {
    const { status, body } = await submitContactMessage(data)
    if (status !== 200) setResponseStatus(status)
    return body
  })
