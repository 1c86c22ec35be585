import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { sitemapXml } from '#src/features/navigation/sitemap-xml.ts'
import { readGallery } from './gallery.server'

/** A project's own URL: the gallery with its viewer open, as its card links to it. */
export const galleryProjectPath = (id: string) => `/gallery?${new URLSearchParams({ project: id })}`

const written = new WeakMap<readonly GalleryItem[], { siteUrl: string; xml: string }>()

/**
 * The sitemap with every project of the gallery, written once per gallery list (the cache's list
 * changes at most once a TTL), so a crawler's request costs a lookup. Without the gallery (its
 * source failing), the pages alone.
 */
export async function gallerySitemapXml(siteUrl: string): Promise<string> {
  const gallery = await readGallery()
  if (gallery.status === 'error') return sitemapXml(siteUrl)
  const kept = written.get(gallery.items)
  if (kept?.siteUrl === siteUrl) return kept.xml
  const xml = sitemapXml(
    siteUrl,
    gallery.items.map((item) => galleryProjectPath(item.id)),
  )
  written.set(gallery.items, { siteUrl, xml })
  return xml
}
