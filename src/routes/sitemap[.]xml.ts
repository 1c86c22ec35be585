import { createFileRoute } from '@tanstack/react-router'
import { gallerySitemapPaths } from '#src/features/gallery/server/gallery.server.ts'
import { crawlerFileCacheControl, sitemapXml } from '#src/features/navigation/sitemap-xml.ts'
import { getEnvironment } from '#src/server/env.server.ts'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () =>
        new Response(sitemapXml(getEnvironment().SITE_URL, await gallerySitemapPaths()), {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': crawlerFileCacheControl,
          },
        }),
    },
  },
})
