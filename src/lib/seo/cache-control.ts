/**
 * How long shared caches (a CDN) may keep our HTML. Browsers always revalidate (max-age=0); a
 * CDN serves its copy for s-maxage and, while it refreshes, a stale one for longer.
 */
export const pageCacheControl = {
  /** Pages whose content ships with the build. */
  static: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
  /**
   * Pages that show gallery data: as fresh as the server's own five-minute gallery cache. The
   * server shortens s-maxage to what is left of the list's freshness, and sends `no-store` while
   * it has no fresh list (src/server/response-policy.server.ts).
   */
  galleryData: 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
  /** A page that does not exist may soon: a minute in shared caches, never stale. */
  notFound: 'public, max-age=0, s-maxage=60',
  /** Our redirects depend on the URL alone (a trailing slash, a search value out of range). */
  redirect: 'public, max-age=0, s-maxage=3600',
  /**
   * A page rendered for one answer: its script nonce is that visitor's, so no shared cache may
   * hand it to another (the kept copy, allowed by hashes, says `public` again).
   */
  rendered: 'private, max-age=0',
  /** Errors, a missing file, server-function answers, probes: never kept. */
  never: 'no-store',
} as const

/**
 * Our pictures and the gallery's photos keep their names when they change: a week in caches,
 * then revalidated.
 */
export const pictureCacheControl = 'public, max-age=604800, stale-while-revalidate=86400'

/** The gallery policy as the server sends it: s-maxage at most 300 s, what is left of the list's TTL. */
export const galleryDataCacheControl =
  /^public, max-age=0, s-maxage=([1-9]\d*), stale-while-revalidate=3600$/
