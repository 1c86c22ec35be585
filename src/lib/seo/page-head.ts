import { company } from '#app.config.ts'
import { landscapeScreen, portraitScreen } from '#src/content/responsive-image.ts'
import type { SiteImage } from '#src/content/site-images.ts'

export type PageHeadInput = {
  title: string
  description: string
  /** The page's canonical path, e.g. '/services/kitchen-remodeling'. */
  path: string
  siteUrl: string
  /** Structured data for this page (schema.org objects). */
  structuredData?: readonly object[]
  /** The hero picture, the page's largest paint: preloaded so it starts with the HTML. */
  lcpImage?: SiteImage
}

export const titleMaxLength = 60
const brandSuffix = ` | ${company.shortName}`
export const ogImage = { path: '/images/og-default.png', width: 1200, height: 630 } as const

export const absoluteUrl = (siteUrl: string, path: string) =>
  new URL(path, `${siteUrl}/`).toString()

/** The page's title with the brand appended when it still fits what search results show. */
export function fullTitle(title: string) {
  if (title.includes(company.shortName)) return title
  const branded = `${title}${brandSuffix}`
  return branded.length <= titleMaxLength ? branded : title
}

/**
 * The tags every page sets: its own title and description, its canonical URL, Open Graph and
 * Twitter cards, and its structured data.
 */
export function pageHead({
  title,
  description,
  path,
  siteUrl,
  structuredData = [],
  lcpImage,
}: PageHeadInput) {
  const pageTitle = fullTitle(title)
  const canonical = absoluteUrl(siteUrl, path)
  const image = absoluteUrl(siteUrl, ogImage.path)
  return {
    meta: [
      { title: pageTitle },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: company.name },
      { property: 'og:locale', content: 'en_CA' },
      { property: 'og:title', content: pageTitle },
      { property: 'og:description', content: description },
      { property: 'og:url', content: canonical },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(ogImage.width) },
      { property: 'og:image:height', content: String(ogImage.height) },
      {
        property: 'og:image:alt',
        content: `${company.name}: kitchen, bathroom and home remodeling`,
      },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: pageTitle },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: canonical }, ...(lcpImage ? heroPreloads(lcpImage) : [])],
    scripts: structuredData.map(jsonLdScript),
  }
}

/**
 * The hero's AVIF, fetched with the HTML: the portrait crop on a phone held upright, the
 * landscape file elsewhere, by the same media query as the hero's `<source>`s, so no screen
 * fetches both.
 */
function heroPreloads(image: SiteImage) {
  const preload = (imageSrcSet: string, media?: string) => ({
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    imageSrcSet,
    imageSizes: '100vw',
    fetchPriority: 'high' as const,
    ...(media ? { media } : {}),
  })
  if (!image.portrait) return [preload(image.avifSrcSet)]
  return [
    preload(image.portrait.avifSrcSet, portraitScreen),
    preload(image.avifSrcSet, landscapeScreen),
  ]
}

/** A JSON-LD script for head(); `<` is escaped so no value can close the script element. */
export function jsonLdScript(data: object) {
  return { type: 'application/ld+json', children: JSON.stringify(data).replaceAll('<', '\\u003c') }
}
