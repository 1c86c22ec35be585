/**
 * The security headers of every response (Nitro route rules and the server's own answers), and
 * HSTS for those that came over https; pages add their policy (page-security.server.ts). Read at
 * build time (vite.config.ts) too.
 */

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
