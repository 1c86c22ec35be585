import { takePageLeft } from '#src/lib/visitor/page-left.ts'
import { visitorOptedOut } from '#src/lib/visitor/privacy-signals.ts'

export interface LeadSource {
  /** The route pattern of the page whose link led to the form; the form's own when arrived at. */
  sourceRoute?: string
  /** The host of another site that referred the visitor (a search engine, a directory). */
  referrerHost?: string
}

/**
 * Where a message comes from: the page of this site the visitor came from, as its route pattern
 * (no path values, no query), which the field reporter handed over when that page was left
 * (lib/visitor/page-left.ts) or else the contact page's referrer names; or the referring site's
 * host. Nothing when the visitor opted out of tracking.
 */
export function leadSource(
  here: string,
  routeIdOf: (pathname: string) => string | undefined,
  referrer = document.referrer,
  origin = location.origin,
): LeadSource {
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
