import { HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { HydrationMarker } from './HydrationMarker'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { SiteToaster } from './SiteToaster'
import { SkipLink } from './SkipLink'

/** The chrome around every page: the page itself renders in `main`. */
export function SiteLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className={css({ outline: 'none', minH: '60vh' })}>
        <Outlet />
      </main>
      <SiteFooter />
      <SiteToaster />
      <HydrationMarker />
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
