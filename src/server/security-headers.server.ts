/**
 * The site's security headers. The static ones go on every response (Nitro route rules, so
 * static files get them too, and Node's own answer to a request it cannot parse); HSTS on those
 * that came over https; the Content-Security-Policy goes on each page with that request's script
 * nonce (src/start.ts).
 *
 * This module runs at build time (vite.config.ts) and on the server; it holds no secret.
 */
import type { ThirdParty } from '../features/security/third-parties'

export const staticSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()',
  'cross-origin-opener-policy': 'same-origin',
  // No other site may load our pages, scripts or photos into its own (no-cors requests).
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const

/**
 * Sent only on an answer to a request that came over https (RFC 6797 8.1: never over plain http),
 * so it is no static header: src/server/response-policy.server.ts adds it.
 */
export const strictTransportSecurity = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const

const thirdPartyOrigins = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  /** The service-area and contact maps load Google's embed, only when a visitor asks for it. */
  mapFrame: ['https://www.google.com', 'https://maps.google.com'],
} as const satisfies Record<ThirdParty, readonly string[]>

/** A page's policy allows the third parties it embeds (`thirdPartiesOf` its path), no others. */
export function contentSecurityPolicy({
  nonce,
  imageOrigins = [],
  thirdParties = [],
}: {
  nonce: string
  imageOrigins?: string[]
  thirdParties?: readonly ThirdParty[]
}) {
  const hcaptcha = thirdParties.includes('hcaptcha') ? thirdPartyOrigins.hcaptcha : []
  const mapFrames = thirdParties.includes('mapFrame') ? thirdPartyOrigins.mapFrame : []
  const frames = [...hcaptcha, ...mapFrames]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...hcaptcha],
    'style-src': ["'self'", "'unsafe-inline'", ...hcaptcha],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...hcaptcha],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}
