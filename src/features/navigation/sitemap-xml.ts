import { absoluteUrl } from '#src/lib/seo/page-head.ts'
import { siteMapGroups } from './site-map'

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

/** A sitemap file may list at most 50,000 URLs (sitemaps.org). */
export const sitemapUrlLimit = 50_000

/**
 * Every public URL, from the same data as the /sitemap page, then `morePaths` (the gallery's
 * projects) as far as the file's limit allows.
 */
export function sitemapXml(siteUrl: string, morePaths: readonly string[] = []) {
  const pagePaths = [
    ...new Set(siteMapGroups().flatMap((group) => group.entries.map((entry) => entry.path))),
  ]
  const paths = [...pagePaths, ...morePaths.slice(0, sitemapUrlLimit - pagePaths.length)]
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string) {
  return `User-agent: *\nAllow: /\nDisallow: /_serverFn/\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`
}

/** Crawlers re-read these daily at most; a CDN may keep them an hour. */
export const crawlerFileCacheControl =
  'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400'
