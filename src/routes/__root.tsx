/// <reference types="vite/client" />

import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext } from '@tanstack/react-router'
import { SiteDocument, SiteLayout } from '#src/components/layout/SiteLayout.tsx'
import { pageNotFound } from '#src/content/not-found.content.ts'
import { FieldVitals } from '#src/features/field-vitals/components/FieldVitals.tsx'
import { publicConfigQueryOptions } from '#src/features/public-config/public-config.queries.ts'
import { replayEarlyTaps } from '#src/lib/boot/replay-early-taps.ts'
import { businessJsonLd } from '#src/lib/seo/business-json-ld.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'
import { jsonLdScript, pageHead } from '#src/lib/seo/page-head.ts'
import appCss from '#src/styles/app.css?url'
import {
  headingFontPreloadHeader,
  headingFontPreloadLink,
} from '#src/theme/heading-font-preload.ts'
import { browserThemeColor } from '#src/theme/palette.ts'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ context }) => ({
    publicConfig: await context.queryClient.ensureQueryData(publicConfigQueryOptions()),
  }),
  headers: () => ({ 'cache-control': pageCacheControl.static, link: headingFontPreloadHeader }),
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
      // An async module runs as soon as it is parsed; a classic script here would hold the parser
      // until the stylesheet arrives, and the page would then be laid out piece by piece
      // (decision 023).
      { type: 'module', async: true, children: replayEarlyTaps },
      jsonLdScript(businessJsonLd(match.context.publicConfig.siteUrl)),
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      headingFontPreloadLink,
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
