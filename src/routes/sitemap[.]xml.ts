import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileCacheControl, sitemapXml } from '~/features/seo/sitemap-xml'
import { getEnvironment } from '~/server/env.server'

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
