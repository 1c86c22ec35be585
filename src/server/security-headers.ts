/**
 * The site's security headers. The static ones go on every response (Nitro route rules, so
 * static files get them too); the Content-Security-Policy goes on each page with that request's
 * script nonce (src/start.ts).
 *
 * This module runs at build time (vite.config.ts) and on the server; it holds no secret.
 */
export const staticSecurityHeaders = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const

const hcaptcha = ['https://hcaptcha.com', 'https://*.hcaptcha.com']
/** The service-area and contact maps load Google's embed, only when a visitor asks for it. */
const mapFrames = ['https://www.google.com', 'https://maps.google.com']

/**
 * Every page may lead to the contact form or a map without a new document (client-side
 * navigation keeps the first page's policy), so hCaptcha and the map frame are allowed on all
 * pages; nothing else from a third party is.
 */
export function contentSecurityPolicy({
  nonce,
  imageOrigins = [],
}: {
  nonce: string
  imageOrigins?: string[]
}) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...hcaptcha],
    'style-src': ["'self'", "'unsafe-inline'", ...hcaptcha],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...hcaptcha],
    'frame-src': [...hcaptcha, ...mapFrames],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}
