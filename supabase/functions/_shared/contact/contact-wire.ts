/**
 * What the site's server and the edge function agree on over HTTP. The site imports these; the
 * function owns them.
 */

/** The edge function's name: its path under /functions/v1/. */
export const contactFunctionName = 'send-contact-message'

/** The function's sub-path that runs one pass of the delivery schedule. */
export const deliverDuePath = 'deliver-due'

/** The function's sub-path that runs the contact path's self-check (contact-self-check.ts). */
export const selfCheckPath = 'self-check'

/**
 * The visitor's address, forwarded by the site's server (the direct caller is the server, not the
 * visitor). Read only from an authenticated caller: it keys the rate limit.
 */
export const visitorIpHeader = 'x-visitor-ip'

/**
 * On the function's answer to a message whose captcha it verified: `ok` (hCaptcha answered on
 * the function's settings) or `failed` (out of reach, or refusing the secret or site key). The
 * site's server turns `/readyz` degraded or ready by it at once (decision 040).
 */
export const captchaCheckHeader = 'x-contact-captcha-check'
