/// <reference types="vite/client" />

import headingFontUrl from '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext } from '@tanstack/react-router'
import { pageNotFound } from '~/components/layout/NotFoundPage'
import { SiteDocument, SiteLayout } from '~/components/layout/SiteLayout'
import { replayEarlyTaps } from '~/features/boot/replay-early-taps'
import { FieldVitals } from '~/features/field-vitals/components/FieldVitals'
import { publicConfigQueryOptions } from '~/features/public-config/public-config.queries'
import { businessJsonLd } from '~/features/seo/business-json-ld'
import { pageCacheControl } from '~/features/seo/cache-control'
import { jsonLdScript, pageHead } from '~/features/seo/page-head'
import appCss from '~/styles/app.css?url'
import { browserThemeColor } from '~/theme/palette'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ context }) => ({
    publicConfig: await context.queryClient.ensureQueryData(publicConfigQueryOptions()),
  }),
  headers: () => ({ 'cache-control': pageCacheControl.static }),
  head: ({ matches, match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: browserThemeColor },
      ...(isGlobalNotFound(matches)
        ? pageHead({ ...pageNotFound, path: '/404', siteUrl: match.context.publicConfig.siteUrl })
            .meta
        : []),
    ],
    scripts: [
      { children: replayEarlyTaps },
      jsonLdScript(businessJsonLd(match.context.publicConfig.siteUrl)),
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      // The heading face (src/theme/fonts.ts, the same file) is small: fetched beside the
      // stylesheet, it is there for the first paint on most connections.
      {
        rel: 'preload',
        href: headingFontUrl,
        as: 'font',
        type: 'font/woff2',
        crossOrigin: 'anonymous',
      },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    ],
  }),
  shellComponent: SiteDocument,
  component: RootLayout,
})

function RootLayout() {
  return (
    <SiteLayout>
      <FieldVitals />
    </SiteLayout>
  )
}

/** The router marks the match that renders an unmatched path with `_notFound`. */
const isGlobalNotFound = (matches: readonly object[]) =>
  matches.some((match) => '_notFound' in match && match._notFound === true)
