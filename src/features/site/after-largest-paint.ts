/** How long the app waits for the page's largest paint before it starts anyway. */
export const largestPaintWaitLimitMs = 3000

/** A visitor doing any of these wants the app now (Chrome also stops reporting paints then). */
const interactionEvents = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel'] as const

/**
 * Resolves once the page's hero picture has been painted (reported as the largest paint, or
 * decoded after something larger was), has failed to load, or, on a page without a hero, once
 * the page has loaded; as soon as the visitor interacts; at the latest after
 * `largestPaintWaitLimitMs`. Browsers that do not report largest paints, and pages loaded out
 * of sight, wait for the load event instead.
 */
export function afterLargestPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    const win = doc.defaultView ?? window
    const cleanups: Array<() => void> = []
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      for (const cleanup of cleanups) cleanup()
      resolve()
    }
    const settleAfterNextFrame = () => win.requestAnimationFrame(() => win.setTimeout(settle))
    const listen = (target: EventTarget, type: string, then = settle) => {
      target.addEventListener(type, then, { capture: true, passive: true })
      cleanups.push(() => target.removeEventListener(type, then, { capture: true }))
    }
    const afterLoad = (then: () => void) => {
      if (doc.readyState === 'complete') then()
      else listen(win, 'load', then)
    }
    for (const type of interactionEvents) listen(win, type)
    const timer = win.setTimeout(settle, largestPaintWaitLimitMs)
    cleanups.push(() => win.clearTimeout(timer))

    const hero = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
    const reportsLargestPaint =
      typeof win.PerformanceObserver === 'function' &&
      win.PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    if (!reportsLargestPaint || doc.visibilityState !== 'visible' || hero === null) {
      afterLoad(settleAfterNextFrame)
      return
    }
    if (hero.complete && hero.naturalWidth === 0) return settle()
    listen(hero, 'error')

    const observer = new win.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        if (entry.element === hero) {
          win.setTimeout(settle)
        } else if (entry.size > visibleArea(hero, win)) {
          // Something larger than the hero was painted: the hero will never be reported.
          hero.decode().then(settle, settle)
        }
      }
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
    cleanups.push(() => observer.disconnect())
  })
}

function visibleArea(element: Element, win: Window) {
  const box = element.getBoundingClientRect()
  const width = Math.min(box.right, win.innerWidth) - Math.max(box.left, 0)
  const height = Math.min(box.bottom, win.innerHeight) - Math.max(box.top, 0)
  return Math.max(0, width) * Math.max(0, height)
}
