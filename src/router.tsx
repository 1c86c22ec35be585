import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { NotFoundPage } from './components/layout/NotFoundPage'
import { RouteError } from './components/layout/RouteError'
import { routeTree } from './routeTree.gen'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export function getRouter() {
  const queryClient = new QueryClient()
  let hydrationRendered = false
  let firstEntryKey: string | undefined
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    // Only the params a route validates are kept: the server redirects a page asked for with
    // others (tracking tags, junk) to the URL without them, so they never reach a page's links,
    // its size or the page cache's keys, and links built from the current search drop them too.
    search: { strict: true },
    // Workaround: router 1.170's scroll restoration also runs on hydration (none filed; reproduction: test/canaries/router-hydration-scroll.canary.test.ts); remove once that canary fails.
    // Hydration renders the first page again, and the router would scroll it to the top (or to
    // where it was before a reload), undoing what the visitor scrolled while the app loaded.
    scrollRestoration: ({ location }) => {
      const isHydration: boolean = !hydrationRendered && location.state.__TSR_key === firstEntryKey
      hydrationRendered = true
      return !isHydration
    },
    scrollRestorationBehavior: prefersReducedMotion() ? 'instant' : 'smooth',
    // The request's script nonce (src/start.ts), stamped on every script the router renders.
    ssr: { nonce: getGlobalStartContext()?.nonce },
  })
  if (typeof window !== 'undefined') firstEntryKey = router.history.location.state.__TSR_key
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
