/**
 * Supabase mode: the site's server hands each message to the edge function send-contact-message,
 * which runs the contact core on the project's Postgres. supabase-js `functions.invoke` with the
 * server-only secret key (SUPABASE_SECRET_KEY: `sb_secret_…`, or the legacy service_role key);
 * the visitor's address travels in a header the function trusts only from such a caller.
 * The body goes as the visitor sent it: the core validates it, once.
 * Every answer is `{ status, body: { ok: true } | { error } }`; nothing here throws for a
 * visitor's input or a downstream outage.
 */
import {
  createClient,
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  type SupabaseClient,
} from '@supabase/supabase-js'
import type {
  ContactCore,
  ContactFieldErrors,
  ContactResponse,
} from '#supabase/functions/_shared/contact/contact-core.ts'
import { contactMessageSchema } from '#supabase/functions/_shared/contact/contact-schema.ts'
import {
  type ContactSelfCheckReport,
  parseSelfCheckReport,
  type SelfCheck,
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

export interface ContactFunctionClientOptions {
  url: string
  /** The secret key: never the publishable key, never in the browser. */
  secretKey: string
  log: Logger
  /** Default 15 s (captcha 5 s + database + the immediate notification attempt). */
  timeoutMs?: number
}

/** Every field the schema accepts: a field added to it has its errors carried too. */
const contactFields: ReadonlySet<string> = new Set(Object.keys(contactMessageSchema.entries))

/** The function's field errors, only as the schema's fields with short sentences. */
const fieldErrorsOf = (body: unknown): ContactFieldErrors | undefined => {
  const fields = (body as { fields?: unknown } | null)?.fields
  if (typeof fields !== 'object' || fields === null) return undefined
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([name, sentence]) =>
        contactFields.has(name) && typeof sentence === 'string' && sentence.length <= 200,
    ),
  )
}

const errorText = (body: unknown): string | undefined => {
  const error = (body as { error?: unknown } | null)?.error
  return typeof error === 'string' && error.trim() !== '' ? error.slice(0, 300) : undefined
}

const isSummary = (value: unknown): value is DeliverySummary =>
  typeof value === 'object' &&
  value !== null &&
  ['sent', 'retry-scheduled', 'failed'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'number',
  )

/**
 * How long the site waits for a deliver-due pass: the function ends its pass within its budget
 * (about 120 s at worst), and the platform answers 504 at 150 s in any case. The site waits for
 * the pass rather than asking for 202 (`Prefer: respond-async`, pg_cron's way): an instance's
 * passes then never overlap, and its log has each pass's summary.
 */
export const deliverDueTimeoutMs = edgeFunctionLimitMs + 5_000

export interface ContactFunctionClient extends Pick<ContactCore, 'receive'> {
  /** The function's deliver-due; `signal` stops waiting (the pass finishes in the function). */
  deliverDue(signal?: AbortSignal): Promise<DeliverySummary>
  /**
   * The function's self-check, led by a check of the function itself (reachable, and accepting
   * this key). Never rejects: a function that cannot be asked is that first check failed.
   */
  selfCheck(): Promise<ContactSelfCheckReport>
}

export function createContactFunctionClient(
  options: ContactFunctionClientOptions,
): ContactFunctionClient {
  const { log, timeoutMs = 15_000 } = options
  const client: SupabaseClient = createClient(options.url, options.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

  async function answerOf(error: unknown): Promise<ContactResponse> {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      const status = response.status
      let answer: unknown
      try {
        answer = await response.json()
      } catch {
        answer = undefined
      }
      const reason = errorText(answer)
      // The visitor's own problem (invalid message, captcha, too many): tell them. Anything
      // else (our credentials, the function's outage) is ours: the generic text, and the
      // operator's error.
      const visitorsProblem = (status === 400 || status === 413 || status === 429) && reason
      if (visitorsProblem) log.warn('contact.function_refused', { status, reason })
      else log.error('contact.function_http_error', { status, reason: reason ?? 'none' })
      if (visitorsProblem) {
        const retryAfterS = Number(response.headers.get('retry-after')) || undefined
        const fields = status === 400 ? fieldErrorsOf(answer) : undefined
        const body =
          status === 429
            ? { error: reason, rateLimited: true as const }
            : { error: reason, ...(fields ? { fields } : {}) }
        return { status, body, ...(retryAfterS ? { retryAfterS } : {}) }
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
  }

  return {
    async receive(body, meta = {}) {
      let result: Awaited<ReturnType<SupabaseClient['functions']['invoke']>>
      try {
        result = await client.functions.invoke(contactFunctionName, {
          body: body as Record<string, unknown>,
          headers: meta.visitorIp ? { [visitorIpHeader]: meta.visitorIp } : {},
          timeout: timeoutMs,
        })
      } catch (error) {
        log.error('contact.invoke_threw', { error: describeError(error) })
        return { status: 502, body: { error: contactDeliveryError } }
      }
      const { data, error } = result
      if (error) return answerOf(error)
      if ((data as { ok?: unknown } | null)?.ok === true) return { status: 200, body: { ok: true } }
      log.error('contact.function_unexpected_answer', { type: typeof data })
      return { status: 502, body: { error: contactDeliveryError } }
    },

    async deliverDue(signal?: AbortSignal) {
      const { data, error } = await client.functions.invoke(
        `${contactFunctionName}/${deliverDuePath}`,
        {
          body: {},
          timeout: deliverDueTimeoutMs,
          ...(signal ? { signal } : {}),
        },
      )
      if (error) {
        const answer = await answerOf(error)
        throw new Error(`deliver-due failed (HTTP ${answer.status})`)
      }
      if (!isSummary(data)) throw new Error('deliver-due answered something other than a summary')
      return data
    },

    async selfCheck() {
      const failed = (detail: string): ContactSelfCheckReport => ({
        checkedAt: new Date().toISOString(),
        checks: [{ name: 'function', status: 'failed', detail }],
      })
      let result: Awaited<ReturnType<SupabaseClient['functions']['invoke']>>
      try {
        // The function's checks each give up after 10 s, and run at once.
        result = await client.functions.invoke(`${contactFunctionName}/${selfCheckPath}`, {
          body: {},
          timeout: 20_000,
        })
      } catch (error) {
        return failed(`the call failed: ${describeError(error)}`)
      }
      const { data, error } = result
      if (error instanceof FunctionsHttpError) {
        const response = error.context as Response
        const reason = errorText(await response.json().catch(() => undefined))
        const advice =
          response.status === 401 || response.status === 403
            ? ': it refuses SUPABASE_SECRET_KEY (set the secret key of this project)'
            : response.status === 400 || response.status === 404
              ? ': it is not deployed, or is a version without a self-check (deploy this one)'
              : ''
        return failed(
          `${contactFunctionName} answered HTTP ${response.status}${reason ? ` (${reason})` : ''}${advice}`,
        )
      }
      if (error instanceof FunctionsFetchError) {
        return failed(`${contactFunctionName} is unreachable: ${describeError(error.context)}`)
      }
      if (error) return failed(`${contactFunctionName}: ${describeError(error)}`)
      const report = parseSelfCheckReport(data)
      if (!report) {
        return failed(
          `${contactFunctionName} has no self-check (deploy this version of the function)`,
        )
      }
      const reachable: SelfCheck = {
        name: 'function',
        status: 'ok',
        detail: `${contactFunctionName} answers and accepts SUPABASE_SECRET_KEY`,
      }
      return { checkedAt: report.checkedAt, checks: [reachable, ...report.checks] }
    },
  }
}
