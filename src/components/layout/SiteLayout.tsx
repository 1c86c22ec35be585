import { HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { HydrationMarker } from './HydrationMarker'
import { QuickContactBar, QuickContactBarSpace } from './QuickContactBar'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { SiteToaster } from './SiteToaster'
import { SkipLink } from './SkipLink'

/**
 * The chrome around every page: the page itself renders in `main`; `children` are what the app
 * adds that shows nothing (the root route's field reporter).
 */
export function SiteLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className={css({ outline: 'none', minH: '60vh' })}>
        <Outlet />
      </main>
      <SiteFooter />
      <QuickContactBarSpace />
      <QuickContactBar />
      <SiteToaster />
      <HydrationMarker />
      {children}
    </>
  )
}

/** The HTML document: the router's head tags and scripts around the app. */
export function SiteDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en-CA">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
