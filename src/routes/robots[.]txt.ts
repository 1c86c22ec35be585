import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileCacheControl, robotsTxt } from '#src/features/navigation/sitemap-xml.ts'
import { getEnvironment } from '#src/server/env.server.ts'

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
