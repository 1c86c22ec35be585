// @vitest-environment jsdom
/**
 * Canary (and the minimal reproduction, none filed upstream) for the `scrollRestoration` function
 * in src/router.tsx: with scroll restoration on, router 1.170 scrolls the window to the top on the
 * render that hydrates a server-rendered page, undoing what the visitor scrolled while it loaded.
 * A router of one page is hydrated as Start's client does it (`hydrate`, then React's
 * `hydrateRoot` over the server's markup). When this test fails, the router skips that render:
 * delete our function (keep `scrollRestoration: true`), then this canary.
 */
import {
  createBrowserHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { hydrate } from '@tanstack/react-router/ssr/client'
import { act, createElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, it, vi } from 'vitest'

const page = () => createElement('main', null, createElement('p', null, 'a long page'))

it('router 1.170 scrolls to the top on the hydration render (canary)', async () => {
  // vitest runs the next jsdom file in this window (isolate: false): everything set here is undone.
  const scrollTo = window.scrollTo
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
  const scrolls: unknown[] = [] // jsdom has no layout: the call is what undoes a visitor's scroll
  window.scrollTo = ((options: unknown) => scrolls.push(options)) as typeof window.scrollTo
  const container = document.createElement('div')
  let root: Root | undefined
  try {
    const router = createRouter({
      routeTree: createRootRoute({ component: page }),
      history: createBrowserHistory(),
      scrollRestoration: true,
    })

    // What the server's page carries for Start's client: its matches, dehydrated and loaded.
    const matches = router.matchRoutes(router.latestLocation)
    Object.assign(window, {
      $_TSR: {
        router: {
          matches: matches.map((m) => ({ i: m.id.replaceAll('/', '#'), s: 'success', u: 0 })),
        },
        buffer: [],
      },
    })
    await hydrate(router)
    container.innerHTML = renderToString(createElement(RouterProvider, { router }))
    document.body.append(container)
    await act(async () => {
      root = hydrateRoot(container, createElement(RouterProvider, { router }))
    })

    expect(container.textContent).toBe('a long page')
    // The router may scroll a frame after the render (later still on a busy machine).
    await vi.waitFor(() => expect(scrolls).toContainEqual({ top: 0, left: 0, behavior: undefined }))
  } finally {
    await act(async () => root?.unmount())
    container.remove()
    window.scrollTo = scrollTo
    Reflect.deleteProperty(window, '$_TSR')
    Reflect.deleteProperty(globalThis, 'IS_REACT_ACT_ENVIRONMENT')
  }
})
