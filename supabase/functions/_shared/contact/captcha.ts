/**
 * Server-side hCaptcha verification (https://docs.hcaptcha.com/#verify-the-user-response-server-side).
 * The secret goes only to the verify URL; tokens are single-use at hCaptcha, and the store
 * refuses a token it has seen before as well.
 */
import { describeError, type Logger } from '../log.ts'

export type CaptchaResult =
  | { success: true; hostname?: string | undefined }
  /** The provider said no (bad, expired or reused token). */
  | { success: false; reason: 'rejected'; errorCodes: string[] }
  /** The provider could not be asked (network, timeout, unexpected answer). */
  | { success: false; reason: 'unavailable'; detail: string }
  /** The provider says the site's own settings are wrong (`captchaOperatorFaultCodes`). */
  | { success: false; reason: 'misconfigured'; errorCodes: string[] }

export type CaptchaVerifier = (token: string, remoteIp?: string) => Promise<CaptchaResult>

export const defaultCaptchaTimeoutMs = 5_000

/**
 * hCaptcha's error codes that describe the site's own settings, not the visitor's token: a wrong
 * or missing secret, a site key the secret does not own, a test key with a real secret. Answered
 * to every visitor alike until the operator mends the setting.
 */
export const captchaOperatorFaultCodes = [
  'missing-input-secret',
  'invalid-input-secret',
  'sitekey-secret-mismatch',
  'not-using-dummy-passcode',
] as const

/**
 * hCaptcha's published passing token. The widget with the published test site key hands out this
 * same token every time, and only the published test secret accepts it, so it is exempt from our
 * replay record: otherwise a site running on the test keys (nothing configured) would refuse
 * every message after the first. With real keys hCaptcha itself refuses it.
 */
export const hcaptchaTestPassingToken = '10000000-aaaa-bbbb-cccc-000000000001'

const isOperatorFault = (code: string) =>
  (captchaOperatorFaultCodes as readonly string[]).includes(code)

export function createHcaptchaVerifier(options: {
  secret: string
  verifyUrl: string
  /** Sent as `sitekey`, so hCaptcha also checks that the token was issued for this site. */
  siteKey?: string | undefined
  /** Abort the request after this long (default 5 s). */
  timeoutMs?: number
  fetch?: typeof fetch
  log?: Logger
}): CaptchaVerifier {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? defaultCaptchaTimeoutMs
  const log = options.log
  const misconfigured = (errorCodes: string[]): CaptchaResult => {
    log?.error('captcha.misconfigured', { errorCodes: errorCodes.join(',') })
    return { success: false, reason: 'misconfigured', errorCodes }
  }
  const unavailable = (detail: string): CaptchaResult => {
    log?.error('captcha.verify_unavailable', { verifyUrl: options.verifyUrl, detail })
    return { success: false, reason: 'unavailable', detail }
  }

  return async (token, remoteIp) => {
    if (!options.secret) return misconfigured(['missing-input-secret'])
    const form = new URLSearchParams({ secret: options.secret, response: token })
    if (remoteIp) form.set('remoteip', remoteIp)
    if (options.siteKey) form.set('sitekey', options.siteKey)

    let answer: unknown
    try {
      const response = await doFetch(options.verifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        await response.body?.cancel()
        throw new Error(`verify endpoint answered HTTP ${response.status}`)
      }
      answer = await response.json()
    } catch (error) {
      const detail =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : describeError(error)
      return unavailable(detail)
    }

    if (typeof answer !== 'object' || answer === null || !('success' in answer)) {
      return unavailable('answer without a success field')
    }
    const { success, hostname } = answer as { success: unknown; hostname?: unknown }
    if (success === true) {
      return { success: true, hostname: typeof hostname === 'string' ? hostname : undefined }
    }
    const codes = (answer as { 'error-codes'?: unknown })['error-codes']
    const errorCodes = Array.isArray(codes) ? codes.filter((c) => typeof c === 'string') : []
    if (errorCodes.some(isOperatorFault)) return misconfigured(errorCodes)
    log?.warn('captcha.rejected', { errorCodes: errorCodes.join(',') || 'none' })
    return { success: false, reason: 'rejected', errorCodes }
  }
}
