/**
 * The site's security headers: the static ones go on every response (Nitro route rules and the
 * server's own answers), HSTS on those that came over https, and each page's Content-Security-Policy.
 * Runs at build time (vite.config.ts) and on the server; holds no secret.
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

/** Only on an answer to a request that came over https (RFC 6797 8.1): response-policy.server.ts. */
export const strictTransportSecurity = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const

const thirdPartyOrigins = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  /** The service-area and contact maps load Google's embed, only when a visitor asks for it. */
  mapFrame: ['https://www.google.com', 'https://maps.google.com'],
} as const satisfies Record<ThirdParty, readonly string[]>

/**
 * A page's policy, allowing the third parties it embeds and no others. Its inline scripts are
 * allowed by the nonce of the answer it was rendered for or, in a page kept as finished bytes, by
 * their hashes with 'self' for our module files: 'strict-dynamic' would refuse Start's
 * parser-inserted `<script type="module" src>`, which no hash can name (docs/decisions/028).
 */
export function contentSecurityPolicy({
  scripts,
  imageOrigins = [],
  thirdParties = [],
}: {
  scripts: { nonce: string } | { hashes: readonly string[] }
  imageOrigins?: string[]
  thirdParties?: readonly ThirdParty[]
}) {
  const hcaptcha = thirdParties.includes('hcaptcha') ? thirdPartyOrigins.hcaptcha : []
  const mapFrames = thirdParties.includes('mapFrame') ? thirdPartyOrigins.mapFrame : []
  const frames = [...hcaptcha, ...mapFrames]
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      ...('nonce' in scripts
        ? [`'nonce-${scripts.nonce}'`, "'strict-dynamic'", "'self'"]
        : ["'self'", ...scripts.hashes]),
      ...hcaptcha,
    ],
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
