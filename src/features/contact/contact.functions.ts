import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { submitContactMessage } from '#src/server/contact/contact-backend.server.ts'
import type { ContactMessageInput } from '#supabase/functions/_shared/contact/contact-schema.ts'

export type SendContactMessageResult = Awaited<ReturnType<typeof submitContactMessage>>['body']

/**
 * Sends a contact message to the contact core (in-process, or the Supabase edge function), which
 * validates it with the shared schema (once), rate limits, checks the captcha, stores and
 * notifies. Resolves to `{ ok: true }` or `{ error }`; the HTTP status mirrors the outcome
 * (400 invalid, 429 with Retry-After, 503 when we could not store it).
 */
export const sendContactMessage = createServerFn({ method: 'POST' })
  // Typing only: the core validates the message, so it is validated once in either mode.
  .validator((input: ContactMessageInput) => input as unknown)
  .handler(async ({ data }): Promise<SendContactMessageResult> => {
    const { status, body, retryAfterS } = await submitContactMessage(data)
    if (status !== 200) setResponseStatus(status)
    if (retryAfterS) setResponseHeader('retry-after', String(retryAfterS))
    return body
  })
