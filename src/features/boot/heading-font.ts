import headingFontUrl from '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url'

const cachedFlag = 'heading-font-cached'

/**
 * Runs in the head before the first paint: a browser that has fetched the heading face before
 * names it first in the headings' font stack (src/theme/global-css.ts). One that has not keeps
 * the metric-matched fallback for this page, and spends no bandwidth on the face while the hero
 * picture loads. The router runs head scripts again once the app has started; by then this page
 * has painted its headings, so the mark is only set while the document is still being parsed.
 */
export const markCachedHeadingFont = `try{if(document.readyState==='loading'&&localStorage.getItem('${cachedFlag}'))document.documentElement.dataset.headingFont='cached'}catch(e){}`

/**
 * After the page has loaded, when the browser is idle: fetches the heading face into the HTTP
 * cache (it is immutable for a year) and remembers that, so the pages that follow use it.
 */
export function cacheHeadingFontWhenIdle() {
  if (document.documentElement.dataset.headingFont === 'cached') return
  const fetchFace = () =>
    new FontFace('Fraunces', `url(${headingFontUrl})`, { weight: '600' })
      .load()
      .then(() => localStorage.setItem(cachedFlag, '1'))
      .catch(() => {})
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(fetchFace) : setTimeout(fetchFace, 200)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
