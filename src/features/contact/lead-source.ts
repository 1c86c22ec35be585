import { takePageLeft } from '#src/lib/visitor/page-left.ts'
import { visitorOptedOut } from '#src/lib/visitor/privacy-signals.ts'

/**
 * Where a message comes from: `sourceRoute`, the page of this site the visitor came from, as its
 * route pattern (no path values, no query), which the field reporter handed over when that page
 * was left (lib/visitor/page-left.ts) or else the contact page's referrer names (the form's own
 * when arrived at); or `referrerHost`, the host of the referring site (a search engine, a
 * directory). Nothing when the visitor opted out of tracking.
 */
export function leadSource(
  here: string,
  routeIdOf: (pathname: string) => string | undefined,
  referrer = document.referrer,
  origin = location.origin,
) {
  if (visitorOptedOut()) return {}
  let from: URL | undefined
  try {
    from = referrer ? new URL(referrer) : undefined
  } catch {
    from = undefined
  }
  const left = takePageLeft()
  if (from?.origin === origin) return { sourceRoute: left ?? routeIdOf(from.pathname) ?? here }
  return { sourceRoute: here, ...(from ? { referrerHost: from.hostname } : {}) }
}
