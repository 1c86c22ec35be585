/**
 * The contact core: everything that happens to a visitor's message, in one place. The site's
 * server runs it in-process on the embedded database; with Supabase the edge function
 * send-contact-message runs it on the project's Postgres. Runtime-neutral (Node and Deno).
 *
 * Order: validate -> rate limit (asked, not counted) -> honeypot -> captcha -> rate limit (counted)
 * -> STORE -> notify. Only a message that passed the captcha counts against the visitor's limit;
 * tokens the provider refused count apart, under a limit of their own that holds only further
 * refused tokens, so a bot behind the same address never locks a real visitor out. A captcha the
 * site cannot check (its secret or site key wrong, the provider out of reach) is the operator's
 * fault: the message is stored, marked unchecked, and the log says so at error level; past the
 * site-wide hourly cap of such messages it is stored held, for the owner's digest. The message
 * is stored before anything else can fail; a notification failure is logged, left pending for the
 * delivery schedule and never fails the visitor's request. Logs carry ids and statuses only.
 */
import * as v from 'valibot'
import { describeError, type Logger } from '../log.ts'
import { type CaptchaVerifier, hcaptchaTestPassingToken } from './captcha.ts'
import {
  contactFieldErrors,
  contactMessageSchema,
  contactMessageShapeError,
} from './contact-schema.ts'
import type { ContactStore, RateLimitedEvent } from './contact-store.ts'
import { sha256Hex } from './hash.ts'
import type { DeliverySummary } from './notification-outbox.ts'
import { rateLimitKeys, waitUnderKeys } from './rate-limit-key.ts'

/** A refused message's fields, each with the form's sentence for it (never the value sent). */
export type ContactFieldErrors = ReturnType<typeof contactFieldErrors>

export type ContactResponseBody =
  | { ok: true }
  | { error: string; rateLimited?: true; fields?: ContactFieldErrors }

export interface ContactResponse {
  status: number
  body: ContactResponseBody
  /** With 429: seconds until the client may send again. */
  retryAfterS?: number
}

/**
 * Whether the captcha verifier works, told once per verification: `ok` when the provider
 * answered on the site's settings (the token passed or was refused), `failed` when it could not
 * be asked or refused the settings. For the site's readiness, never for the visitor.
 */
export type CaptchaCheckOutcome = 'ok' | 'failed'

export interface ReceiveMeta {
  visitorIp?: string | undefined
  captchaChecked?: ((outcome: CaptchaCheckOutcome) => void) | undefined
}

export interface ContactNotifier {
  /** Attempts the notification of a stored message; may throw. */
  deliver(id: string): Promise<unknown>
  /** Sends notifications that are due (the delivery schedule). */
  deliverDue?(limit?: number): Promise<DeliverySummary>
}

export type ContactCore = ReturnType<typeof createContactCore>

export const defaultUncheckedPerHour = 10

export const contactErrors = {
  captcha: 'Captcha verification failed. Please try again.',
  rateLimited: 'Too many messages. Please wait a few minutes and try again, or call us.',
  unavailable:
    'We could not save your message right now. Please try again in a few minutes, or call us.',
} as const

const ok: ContactResponse = { status: 200, body: { ok: true } }

export function createContactCore(deps: {
  verifyCaptcha: CaptchaVerifier
  store: ContactStore
  notifier: ContactNotifier
  log: Logger
  /**
   * How long the visitor waits for the immediate notification attempt. After it the answer goes
   * out and the attempt carries on in the background (or its lease expires and the retrier
   * takes over). Default 3 s, so captcha (5 s) + store + this stay well inside the 15 s the
   * site gives the whole edge call.
   */
  notifyWaitMs?: number
  /** Hands the background part of a slow notification to the runtime (EdgeRuntime.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void
  /**
   * Unchecked messages mailed an hour, counted over the whole site; the ones beyond it are
   * stored held and named in the owner's digest (decision 040). Default 10.
   */
  uncheckedPerHour?: number
}) {
  const { log, notifyWaitMs = 3_000, uncheckedPerHour = defaultUncheckedPerHour } = deps

  async function notify(id: string): Promise<void> {
    const attempt = deps.notifier.deliver(id).then(
      (outcome) => log.info('contact.notification_attempted', { id, outcome: String(outcome) }),
      (error) =>
        log.error('contact.notification_error', { id, error: describeError(error), pending: true }),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), notifyWaitMs)
    })
    const first = await Promise.race([attempt.then(() => 'done' as const), waited])
    clearTimeout(timer)
    if (first === 'timeout') {
      log.warn('contact.notification_slow', { id, waitedMs: notifyWaitMs })
      deps.waitUntil?.(attempt)
    }
  }

  /**
   * Seconds to wait, or 0: asked before the captcha (`count` absent: nothing is counted), or
   * counted once its outcome is known. A database that cannot answer lets the message through.
   * Without an address (decision 037) only a message about to be stored counts, in the site-wide
   * cap: a honeypot bot or a sender of bad tokens would fill it at no cost and lock visitors out.
   */
  async function rateLimitWait(
    visitorIp: string | undefined,
    count?: RateLimitedEvent | 'honeypot',
  ): Promise<number> {
    if (!visitorIp && (count === 'honeypot' || count === 'captcha_failed')) return 0
    const keys = rateLimitKeys(visitorIp)
    const kind = count === 'honeypot' ? 'accepted' : count
    try {
      return await waitUnderKeys(keys, (key) =>
        kind === undefined ? deps.store.rateLimitWait(key) : deps.store.consumeRateLimit(key, kind),
      )
    } catch (error) {
      log.error('contact.rate_limit_unavailable', { error: describeError(error) })
      return 0
    }
  }

  const rateLimited = (waitS: number): ContactResponse => {
    log.warn('contact.rate_limited', { retryAfterS: waitS })
    return {
      status: 429,
      body: { error: contactErrors.rateLimited, rateLimited: true },
      retryAfterS: waitS,
    }
  }

  return {
    /** One pass of the delivery schedule: due notifications, at most `limit`. */
    async deliverDue(limit?: number): Promise<DeliverySummary> {
      return deps.notifier.deliverDue
        ? deps.notifier.deliverDue(limit)
        : { sent: 0, 'retry-scheduled': 0, failed: 0 }
    },

    /** A visitor's message, as sent (validated here, once). Never throws. */
    async receive(body: unknown, meta: ReceiveMeta = {}): Promise<ContactResponse> {
      const parsed = v.safeParse(contactMessageSchema, body)
      if (!parsed.success) {
        // The schema's own sentences, one per field: nothing of what was sent is repeated.
        const fields = contactFieldErrors(parsed.issues)
        const names = Object.keys(fields)
        log.info('contact.invalid', { fields: names.join(',') || '(body)' })
        const error = Object.values(fields)[0] ?? contactMessageShapeError
        return { status: 400, body: { error, fields } }
      }
      const { captchaToken, website, sourceRoute, referrerHost, submissionId, ...fields } =
        parsed.output

      const waitS = await rateLimitWait(meta.visitorIp)
      if (waitS > 0) return rateLimited(waitS)

      if (website !== '') {
        // Answered as accepted, and counted as such: a bot learns nothing, and is limited.
        await rateLimitWait(meta.visitorIp, 'honeypot')
        log.info('contact.honeypot', { stored: false })
        return ok
      }

      let captcha: Awaited<ReturnType<CaptchaVerifier>>
      try {
        captcha = await deps.verifyCaptcha(captchaToken, meta.visitorIp)
      } catch (error) {
        captcha = { success: false, reason: 'unavailable', detail: describeError(error) }
      }
      meta.captchaChecked?.(captcha.success || captcha.reason === 'rejected' ? 'ok' : 'failed')
      if (!captcha.success && captcha.reason === 'rejected') {
        // Counted apart: past its limit the sender of bad tokens is told to wait, while a
        // visitor from the same address whose token passes is still heard.
        const failedWaitS = await rateLimitWait(meta.visitorIp, 'captcha_failed')
        log.warn('contact.captcha_failed', { errorCodes: captcha.errorCodes.join(',') || 'none' })
        if (failedWaitS > 0) return rateLimited(failedWaitS)
        return { status: 400, body: { error: contactErrors.captcha } }
      }
      // The verifier is misconfigured or out of reach: the site's fault, not the visitor's. The
      // message is kept, marked for the owner to judge (decision 027).
      const captchaUnchecked = captcha.success
        ? undefined
        : captcha.reason === 'misconfigured'
          ? `misconfigured: ${captcha.errorCodes.join(',')}`
          : `unavailable: ${captcha.detail}`
      if (captchaUnchecked !== undefined) {
        log.error('contact.captcha_unchecked', { problem: captchaUnchecked.slice(0, 200) })
      }

      // Counted now: another message from this client may have taken the last place meanwhile.
      const acceptedWaitS = await rateLimitWait(meta.visitorIp, 'accepted')
      if (acceptedWaitS > 0) return rateLimited(acceptedWaitS)

      const testToken = captchaToken === hcaptchaTestPassingToken
      if (testToken) log.info('contact.captcha_test_token', { replayCheck: false })

      let id: string
      try {
        const stored = await deps.store.insert(fields, {
          remoteIp: meta.visitorIp,
          captchaTokenHash: testToken ? undefined : await sha256Hex(captchaToken),
          captchaUnchecked,
          uncheckedPerHour,
          sourceRoute,
          referrerHost,
          submissionId,
        })
        if (!stored.stored) {
          log.warn('contact.captcha_replayed', { stored: false })
          return { status: 400, body: { error: contactErrors.captcha } }
        }
        if (stored.duplicate) {
          // A resend after a lost answer: stored and notified once, answered as the first was.
          log.info('contact.resend_recognised', { id: stored.id })
          return ok
        }
        if (stored.held) {
          // Past the hourly cap of unchecked messages: kept, and named in the owner's digest.
          log.warn('contact.unchecked_held', { id: stored.id, uncheckedPerHour })
          return ok
        }
        id = stored.id
      } catch (error) {
        log.error('contact.store_failed', { error: describeError(error) })
        return { status: 503, body: { error: contactErrors.unavailable } }
      }
      log.info('contact.stored', { id })

      await notify(id)
      return ok
    },
  }
}
