// Supabase mode: each message goes as the visitor sent it to the edge function, with the secret key
// and the visitor's address in a header the function trusts only from such a caller.
import type {
  ContactCore,
  ContactResponseBody,
} from '#supabase/functions/_shared/contact/contact-core.ts'
import {
  type ContactSelfCheckReport,
  parseSelfCheckReport,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import * as wire from '#supabase/functions/_shared/contact/contact-wire.ts'
import {
  type DeliverySummary,
  edgeFunctionLimitMs,
} from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/log.ts'

/** What the visitor is told when the failure is ours, not theirs. */
export const contactDeliveryError =
  'There was an error sending your message. Please try again later.'

const name = wire.contactFunctionName
const adviceOn = (status: number) =>
  [401, 403].includes(status)
    ? ': it refuses SUPABASE_SECRET_KEY (set the secret key of this project)'
    : [400, 404].includes(status)
      ? ': it is not deployed, or is a version without a self-check (deploy this one)'
      : ''

export function createContactFunctionClient(options: {
  url: string
  /** The secret key: never the publishable key, never in the browser. */
  secretKey: string
  log: Logger
  /** Captcha 5 s + database + the immediate notification attempt. */
  timeoutMs?: number
}) {
  const { log, secretKey, timeoutMs = 15_000 } = options
  const base = `${options.url.replace(/\/+$/, '')}/functions/v1/${name}`

  /** The function's answer; status 0 when it could not be reached (`reply.error` says why). */
  async function call(path: string, signal: AbortSignal, body: unknown = {}, headers = {}) {
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          apikey: secretKey,
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal,
      })
      const reply: Record<string, unknown> = (await response.json().catch(() => null)) ?? {}
      const retryAfterS = Number(response.headers.get('retry-after')) || 0
      const captchaCheck = response.headers.get(wire.captchaCheckHeader)
      return { status: response.status, reply, retryAfterS, captchaCheck }
    } catch (error) {
      return {
        status: 0,
        reply: { error: describeError(error) },
        retryAfterS: 0,
        captchaCheck: null,
      }
    }
  }

  const receive: ContactCore['receive'] = async (body, meta = {}) => {
    const headers = meta.visitorIp ? { [wire.visitorIpHeader]: meta.visitorIp } : {}
    const answer = await call('', AbortSignal.timeout(timeoutMs), body, headers)
    const { status, reply, retryAfterS, captchaCheck } = answer
    // The function's verdict on hCaptcha, for /readyz: only the two values it sends count.
    if (captchaCheck === 'ok' || captchaCheck === 'failed') meta.captchaChecked?.(captchaCheck)
    if (status === 200 && reply.ok === true) return { status, body: { ok: true } }
    // The visitor's own problem (the message, the captcha, too many) is theirs to read; any other
    // (our key, the function down) is ours: the generic text, and the operator's error line.
    if ([400, 413, 429].includes(status) && typeof reply.error === 'string') {
      log.warn('contact.function_refused', { status, reason: reply.error })
      return { status, body: reply as ContactResponseBody, ...(retryAfterS ? { retryAfterS } : {}) }
    }
    const reason = String(reply.error ?? 'none')
    if (status === 0) log.error('contact.function_unreachable', { error: reason })
    else if (status < 300) log.error('contact.function_unexpected_answer', { status })
    else log.error('contact.function_http_error', { status, reason })
    return { status: status && status < 500 ? 502 : 503, body: { error: contactDeliveryError } }
  }

  return {
    receive,

    /** The function's pass ends within its budget: waiting for it, passes never overlap. */
    async deliverDue(signal?: AbortSignal): Promise<DeliverySummary> {
      const limit = AbortSignal.timeout(edgeFunctionLimitMs + 5_000)
      const stopped = AbortSignal.any([limit, signal ?? limit])
      const { status, reply } = await call(`/${wire.deliverDuePath}`, stopped)
      if (status !== 200)
        throw new Error(`deliver-due failed (${status ? `HTTP ${status}` : reply.error})`)
      return reply as unknown as DeliverySummary
    },

    /** The function's self-check, led by the function's own: reachable, and taking this key. */
    async selfCheck(): Promise<ContactSelfCheckReport> {
      // The function's checks run at once, each giving up after 10 s.
      const { status, reply } = await call(`/${wire.selfCheckPath}`, AbortSignal.timeout(20_000))
      const report = status === 200 ? parseSelfCheckReport(reply) : undefined
      if (report) {
        const detail = `${name} answers and accepts SUPABASE_SECRET_KEY`
        return { ...report, checks: [{ name: 'function', status: 'ok', detail }, ...report.checks] }
      }
      const reason = typeof reply.error === 'string' ? ` (${reply.error})` : ''
      const why = !status
        ? `is unreachable: ${reply.error}`
        : status === 200
          ? 'has no self-check (deploy this version of the function)'
          : `answered HTTP ${status}${reason}${adviceOn(status)}`
      const checks = [{ name: 'function', status: 'failed', detail: `${name} ${why}` } as const]
      return { checkedAt: new Date().toISOString(), checks }
    },
  }
}
