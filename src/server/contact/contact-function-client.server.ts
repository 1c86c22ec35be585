/**
 * Supabase mode: the site's server hands each message, as the visitor sent it, to the edge
 * function with the server-only secret key; the visitor's address travels in a header the
 * function trusts only from such a caller. Nothing here throws for a visitor's input or an outage.
 */
import type {
  ContactCore,
  ContactFieldErrors,
  ContactResponse,
} from '#supabase/functions/_shared/contact/contact-core.ts'
import { contactMessageSchema } from '#supabase/functions/_shared/contact/contact-schema.ts'
import {
  type ContactSelfCheckReport,
  parseSelfCheckReport,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import {
  contactFunctionName,
  deliverDuePath,
  selfCheckPath,
  visitorIpHeader,
} from '#supabase/functions/_shared/contact/contact-wire.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import {
  type DeliverySummary,
  edgeFunctionLimitMs,
} from '#supabase/functions/_shared/contact/notification-outbox.ts'

/** What the visitor is told when the failure is ours, not theirs. */
export const contactDeliveryError =
  'There was an error sending your message. Please try again later.'

const contactFields: ReadonlySet<string> = new Set(Object.keys(contactMessageSchema.entries))

/** The function's field errors, only for the schema's fields and as short sentences. */
function fieldErrorsOf(body: unknown): ContactFieldErrors | undefined {
  const fields = (body as { fields?: unknown } | null)?.fields
  if (typeof fields !== 'object' || fields === null) return undefined
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([name, text]) => contactFields.has(name) && typeof text === 'string' && text.length <= 200,
    ),
  )
}

function errorText(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error
  return typeof error === 'string' && error.trim() !== '' ? error.slice(0, 300) : undefined
}

const isSummary = (value: unknown): value is DeliverySummary =>
  ['sent', 'retry-scheduled', 'failed'].every(
    (key) => typeof (value as Record<string, unknown> | null)?.[key] === 'number',
  )

type Answer = { status: number; body: unknown; retryAfter: number } | { unreachable: unknown }

export function createContactFunctionClient(options: {
  url: string
  /** The secret key: never the publishable key, never in the browser. */
  secretKey: string
  log: Logger
  /** Captcha 5 s + database + the immediate notification attempt. */
  timeoutMs?: number
}) {
  const { log, secretKey, timeoutMs = 15_000 } = options
  const base = `${options.url.replace(/\/+$/, '')}/functions/v1/${contactFunctionName}`

  async function call(
    path: string,
    body: unknown,
    signal: AbortSignal,
    headers = {},
  ): Promise<Answer> {
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          apikey: secretKey,
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body ?? {}),
        signal,
      })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = undefined
      }
      const retryAfter = Number(response.headers.get('retry-after')) || 0
      return { status: response.status, body: parsed, retryAfter }
    } catch (error) {
      return { unreachable: error }
    }
  }

  const failure = (status: number): ContactResponse => ({
    status,
    body: { error: contactDeliveryError },
  })

  const receive: ContactCore['receive'] = async (body, meta = {}) => {
    const headers = meta.visitorIp ? { [visitorIpHeader]: meta.visitorIp } : {}
    const answer = await call('', body, AbortSignal.timeout(timeoutMs), headers)
    if ('unreachable' in answer) {
      log.error('contact.function_unreachable', { error: describeError(answer.unreachable) })
      return failure(503)
    }
    const { status, body: reply, retryAfter } = answer
    if (status === 200 && (reply as { ok?: unknown } | undefined)?.ok === true) {
      return { status: 200, body: { ok: true } }
    }
    const reason = errorText(reply)
    // The visitor's own problem (an invalid message, the captcha, too many) is theirs to hear;
    // anything else (our key, the function's outage) is ours: the generic text.
    if ((status === 400 || status === 413 || status === 429) && reason) {
      log.warn('contact.function_refused', { status, reason })
      const fields = status === 400 ? fieldErrorsOf(reply) : undefined
      return {
        status,
        body:
          status === 429
            ? { error: reason, rateLimited: true }
            : { error: reason, ...(fields ? { fields } : {}) },
        ...(retryAfter ? { retryAfterS: retryAfter } : {}),
      }
    }
    if (status < 300) {
      log.error('contact.function_unexpected_answer', { status })
      return failure(502)
    }
    log.error('contact.function_http_error', { status, reason: reason ?? 'none' })
    return failure(status >= 500 ? 503 : 502)
  }

  return {
    receive,

    /**
     * The function's deliver-due pass: it ends within its budget (the platform answers 504 at
     * 150 s), and the site waits for it so an instance's passes never overlap.
     */
    async deliverDue(signal?: AbortSignal): Promise<DeliverySummary> {
      const limit = AbortSignal.timeout(edgeFunctionLimitMs + 5_000)
      const answer = await call(
        `/${deliverDuePath}`,
        {},
        signal ? AbortSignal.any([signal, limit]) : limit,
      )
      if ('unreachable' in answer) {
        throw new Error(`deliver-due unreachable: ${describeError(answer.unreachable)}`)
      }
      if (answer.status !== 200) throw new Error(`deliver-due failed (HTTP ${answer.status})`)
      if (!isSummary(answer.body))
        throw new Error('deliver-due answered something other than a summary')
      return answer.body
    },

    /**
     * The function's self-check, led by a check of the function itself (reachable, and accepting
     * this key). Never rejects.
     */
    async selfCheck(): Promise<ContactSelfCheckReport> {
      const failed = (detail: string): ContactSelfCheckReport => ({
        checkedAt: new Date().toISOString(),
        checks: [{ name: 'function', status: 'failed', detail }],
      })
      // The function's checks each give up after 10 s, and run at once.
      const answer = await call(`/${selfCheckPath}`, {}, AbortSignal.timeout(20_000))
      if ('unreachable' in answer) {
        return failed(`${contactFunctionName} is unreachable: ${describeError(answer.unreachable)}`)
      }
      const { status, body } = answer
      if (status !== 200) {
        const reason = errorText(body)
        const advice =
          status === 401 || status === 403
            ? ': it refuses SUPABASE_SECRET_KEY (set the secret key of this project)'
            : status === 400 || status === 404
              ? ': it is not deployed, or is a version without a self-check (deploy this one)'
              : ''
        return failed(
          `${contactFunctionName} answered HTTP ${status}${reason ? ` (${reason})` : ''}${advice}`,
        )
      }
      const report = parseSelfCheckReport(body)
      if (!report)
        return failed(
          `${contactFunctionName} has no self-check (deploy this version of the function)`,
        )
      const detail = `${contactFunctionName} answers and accepts SUPABASE_SECRET_KEY`
      return {
        checkedAt: report.checkedAt,
        checks: [{ name: 'function', status: 'ok', detail }, ...report.checks],
      }
    },
  }
}
