import { afterFirstPaint } from './after-first-paint'

/**
 * Resolves once the page's hero picture (its `fetchpriority="high"` image) has been painted, or
 * has failed, so that the app's scripts do not share a slow connection with it. It resolves at
 * once on the visitor's first tap or key press (the app should start when someone acts), and at
 * `limitMs` at the latest (a hidden tab paints nothing). It listens to the image itself: a
 * largest-paint observer stops reporting after the first input, which once left the app waiting.
 */
export function afterHeroPicture(limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
    const finish = () => {
      clearTimeout(limit)
      removeEventListener('pointerdown', finish, true)
      removeEventListener('keydown', finish, true)
      resolve()
    }
    // The picture's frame is the next one painted (a hidden tab paints none).
    const afterNextPaint = () => void afterFirstPaint().then(finish)
    const limit = setTimeout(finish, limitMs)
    addEventListener('pointerdown', finish, true)
    addEventListener('keydown', finish, true)
    if (!hero || hero.complete) afterNextPaint()
    else {
      hero.addEventListener('load', afterNextPaint, { once: true })
      hero.addEventListener('error', finish, { once: true })
    }
  })
}
