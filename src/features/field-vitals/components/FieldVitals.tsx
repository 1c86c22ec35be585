import { type RouterState, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { visitorOptedOut } from '#src/lib/visitor/privacy-signals.ts'
import { type MeasuredRoute, unmeasuredRoute } from '../beacon-wire'
import { errorsOn } from '../report-errors'

/** The page on screen as `route pattern + path` (a new path is a new view), once settled. */
function currentView({ status, matches, location }: RouterState): string | undefined {
  const route = matches.some(
    (match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound,
  )
    ? '404'
    : matches.at(-1)?.routeId
  if (status === 'idle' && route && route !== unmeasuredRoute)
    return `${route} ${location.pathname}`
}

let reporter: Promise<typeof import('../report-vitals')> | undefined

/**
 * Field Web Vitals: once the app has started (this effect runs after hydration) and the page has
 * painted, and unless the visitor opted out, loads the reporter (report-vitals.ts) and tells it
 * of each page view; and tells the error reporter (report-errors.ts) which page is on screen.
 * Every page carries this part; the rest waits in the reporter's chunk. The
 * wait is for the first contentful paint: a page whose scripts were cached may start the app
 * before it, and the reporter must cost the first paint nothing. Paint timing is in every browser
 * the build targets (Baseline since 2021, as is Vite's default target).
 */
export function FieldVitals() {
  const view = useRouterState({ select: currentView })
  useEffect(() => {
    if (!view || visitorOptedOut()) return
    const route = view.split(' ')[0] as MeasuredRoute
    errorsOn(route)
    reporter ??= new Promise<void>((painted) =>
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint')[0]) painted()
      }).observe({ type: 'paint', buffered: true }),
    ).then(() => import('../report-vitals'))
    void reporter.then((loaded) => loaded.pageViewStarted(route))
  }, [view])
  return null
}
