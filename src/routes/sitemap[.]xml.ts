import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileCacheControl } from '#src/features/navigation/sitemap-xml.ts'
import { getEnvironment } from '#src/server/env.server.ts'
import { gallerySitemapXml } from '#src/server/gallery/gallery.server.ts'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () =>
        new Response(await gallerySitemapXml(getEnvironment().SITE_URL), {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': crawlerFileCacheControl,
          },
        }),
    },
  },
})
