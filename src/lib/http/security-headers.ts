// The security headers of every response (Nitro route rules, the server's own answers, Node's
// 400s); pages add their policy (src/server/page-security.server.ts). Read at build time (vite.config.ts) too.
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
