import { type RouterState, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { type MeasuredRoute, measuredRoutes } from '../beacon-wire'
import { visitorOptedOut } from '../privacy-signals'

const isMeasured = (route: string): route is MeasuredRoute =>
  (measuredRoutes as readonly string[]).includes(route)

/** The page on screen as `route pattern + path` (a new path is a new view), once settled. */
function currentView(state: RouterState): string | undefined {
  if (state.status !== 'idle') return undefined
  const notFound = state.matches.some(
    (match) => match.status === 'notFound' || ('_notFound' in match && match._notFound === true),
  )
  const route = notFound ? '404' : state.matches.at(-1)?.routeId
  return route && isMeasured(route) ? `${route} ${state.location.pathname}` : undefined
}

/**
 * Runs once the first contentful paint has happened: a page whose scripts were cached may start
 * the app before it, and the reporter must cost the first paint nothing.
 */
function afterFirstContentfulPaint(run: () => void) {
  const name = 'first-contentful-paint'
  if (
    performance.getEntriesByName(name).length > 0 ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    run()
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(name).length === 0) return
    observer.disconnect()
    run()
  })
  observer.observe({ type: 'paint' })
}

let reporter: Promise<typeof import('../report-vitals')> | undefined

/**
 * Field Web Vitals: once the app has started (this effect runs after hydration) and the page has
 * painted, and unless the visitor opted out, loads the reporter (report-vitals.ts) and tells it
 * of each page view.
 */
export function FieldVitals() {
  const view = useRouterState({ select: currentView })
  useEffect(() => {
    if (!view || visitorOptedOut()) return
    const route = view.slice(0, view.indexOf(' ')) as MeasuredRoute
    reporter ??= new Promise((loaded) =>
      afterFirstContentfulPaint(() => loaded(import('../report-vitals'))),
    )
    void reporter.then((loaded) => loaded.pageViewStarted(route))
  }, [view])
  return null
}
