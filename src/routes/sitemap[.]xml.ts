import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileCacheControl, sitemapXml } from '#src/features/navigation/sitemap-xml.ts'
import { getEnvironment } from '#src/server/env.server.ts'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: () =>
        new Response(sitemapXml(getEnvironment().SITE_URL), {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': crawlerFileCacheControl,
          },
        }),
    },
  },
})
