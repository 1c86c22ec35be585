import { visitorOptedOut } from '~/features/field-vitals/privacy-signals'

export interface LeadSource {
  /** The route pattern of the page whose link led to the form; the form's own when arrived at. */
  sourceRoute?: string
  /** The host of another site that referred the visitor (a search engine, a directory). */
  referrerHost?: string
}

/**
 * Where a message comes from, read from the contact page's referrer: the page of this site the
 * visitor came from, as its route pattern (no path values, no query), or the referring site's
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
  if (from?.origin === origin) return { sourceRoute: routeIdOf(from.pathname) ?? here }
  return { sourceRoute: here, ...(from ? { referrerHost: from.hostname } : {}) }
}
