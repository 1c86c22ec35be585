/**
 * The browser entry, tiny on purpose: the app itself (React, the router, the page's modules) is
 * fetched once the page's hero has been painted, so on a slow phone connection the hero does
 * not share the bandwidth with the JavaScript. Until then the server-rendered page reads and
 * navigates as plain HTML, and a tap on a button is replayed once the app is there.
 */
import { afterLargestPaint } from '~/features/site/after-largest-paint'
import { recordEarlyClicks } from '~/features/site/early-clicks'

const earlyClicks = recordEarlyClicks()

void afterLargestPaint()
  .then(() => {
    preloadPageModules()
    return import('./hydrate-app')
  })
  .then(() => earlyClicks.replayOnceHydrated())

/** The page's own modules, fetched beside the app rather than after it (see DocumentHead). */
function preloadPageModules() {
  const list = document.getElementById('page-modules')
  const hrefs: unknown = JSON.parse(list?.textContent || '[]')
  if (!Array.isArray(hrefs)) return
  for (const href of hrefs) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = String(href)
    link.nonce = list?.nonce ?? ''
    document.head.append(link)
  }
}
