/**
 * How long shared caches (a CDN) may keep our HTML. Browsers always revalidate (max-age=0); a
 * CDN serves its copy for s-maxage and, while it refreshes, a stale one for longer.
 */
export const pageCacheControl = {
  /** Pages whose content ships with the build. */
  static: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
  /** Pages that show gallery data: as fresh as the server's own five-minute gallery cache. */
  galleryData: 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
} as const

/**
 * Our pictures and the gallery's photos keep their names when they change: a week in caches,
 * then revalidated.
 */
export const pictureCacheControl = 'public, max-age=604800, stale-while-revalidate=86400'
