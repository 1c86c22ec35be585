import { sitemapXml } from '#src/features/navigation/sitemap-xml.ts'
import { readGallery } from './gallery.server'
import { derive } from './gallery-cache.server'

/** The sitemap with every project (its viewer's URL), written once per list; without the gallery, the pages alone. */
export async function gallerySitemapXml(siteUrl: string): Promise<string> {
  const gallery = await readGallery()
  if (gallery.status === 'error') return sitemapXml(siteUrl)
  const projects = () =>
    gallery.items.map((item) => `/gallery?${new URLSearchParams({ project: item.id })}`)
  return derive(gallery, `sitemap ${siteUrl}`, () => ({ xml: sitemapXml(siteUrl, projects()) })).xml
}
