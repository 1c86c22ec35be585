import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileCacheControl, robotsTxt } from '~/features/seo/sitemap-xml'
import { getEnvironment } from '~/server/env.server'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: () =>
        new Response(robotsTxt(getEnvironment().SITE_URL), {
          headers: {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': crawlerFileCacheControl,
          },
        }),
    },
  },
})
