import type { Page } from '@playwright/test'
import { aboutContent } from '../src/content/about.content'
import { headingDrawnInFraunces } from '../test/support/heading-drawn-in-fraunces'
import { expect, holdRequests, test } from './fixtures'

const headingFace = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => getComputedStyle(heading).fontFamily)

const firstHeadingDrawnInFraunces = (page: Page) =>
  page.getByRole('heading', { level: 1 }).evaluate(headingDrawnInFraunces)

const fontPreloadHeader =
  /^<\/assets\/fraunces-latin-600-normal-[\w-]+\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin$/

test('a first visit preloads the heading face and shows it, on this page and the next', async ({
  page,
}) => {
  const fontRequested = page.waitForRequest(/fraunces-latin-600-normal-[\w-]+\.woff2$/)
  const response = await page.goto('/faq')
  // Asked for by the response's headers, before the page is parsed; and by its head.
  expect(response?.headers()['x-prerendered'], 'a prerendered page').toBe('1')
  expect(response?.headers().link).toMatch(fontPreloadHeader)
  expect(await page.locator('link[rel=preload][as=font]').getAttribute('href')).toBe(
    new URL((await fontRequested).url()).pathname,
  )
  expect(await headingFace(page)).toMatch(/^Fraunces, "Fraunces Fallback: Georgia"/)
  await expect.poll(() => firstHeadingDrawnInFraunces(page)).toBe(true)
  const fonts = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')),
  )
  expect(fonts, 'the face is fetched once').toHaveLength(1)

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL(/\/about-us$/)
  // The URL changes before the next page renders: its heading says it has.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutContent.hero.title)
  expect(await headingFace(page)).toMatch(/^Fraunces/)
  expect(await firstHeadingDrawnInFraunces(page)).toBe(true)
})

test('pages rendered on request ask for the face in their headers too', async ({ request }) => {
  for (const path of ['/services/kitchen-remodeling', '/gallery', '/no-such-page']) {
    const response = await request.get(path)
    expect(response.headers()['x-prerendered'], path).toBeUndefined()
    expect(response.headers().link, path).toMatch(fontPreloadHeader)
  }
})

/**
 * Whether the first heading's text is on the screen: a capture of its box against one with its
 * text made transparent. Text waiting for its face is laid out but not drawn, and the paint and
 * element timings wait for the face too, so only the pixels tell. Plain CDP captures: Playwright's
 * own screenshots wait for the fonts, which the test holds back.
 */
async function headingTextOnScreen(page: Page) {
  const heading = page.getByRole('heading', { level: 1 })
  await heading.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  )
  const box = await heading.boundingBox()
  if (!box) return false
  const cdp = await page.context().newCDPSession(page)
  const capture = async () =>
    (await cdp.send('Page.captureScreenshot', { clip: { ...box, scale: 1 } })).data
  const drawn = await capture()
  await heading.evaluate((element) => {
    ;(element as HTMLElement).style.color = 'transparent'
  })
  const blank = await capture()
  await heading.evaluate((element) => (element as HTMLElement).style.removeProperty('color'))
  await cdp.detach()
  return drawn !== blank
}

test('a face that arrives late leaves the fallback in place: nothing moves', async ({ page }) => {
  const releaseFont = await holdRequests(page, /\.woff2$/)
  await page.addInitScript(() => {
    const shifts: number[] = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        shifts.push((entry as unknown as { value: number }).value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
    Object.assign(window, { layoutShifts: shifts })
  })
  // The held face holds the load event back too.
  await page.goto('/services/kitchen-remodeling', { waitUntil: 'domcontentloaded' })
  // The face is late once the page shows its heading without it.
  await expect
    .poll(() => headingTextOnScreen(page), { message: 'the heading is drawn in the fallback' })
    .toBe(true)
  releaseFont()
  await page.waitForLoadState('load')
  // The face has loaded; a swap, and the shift it would cause, come in the frames that follow.
  const faceLoaded = await page.evaluate(async () => {
    await document.fonts.ready
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
    return [...document.fonts].some(
      (face) => face.family.replaceAll('"', '') === 'Fraunces' && face.status === 'loaded',
    )
  })
  expect(faceLoaded, 'the face is loaded in the page').toBe(true)
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  )
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
  const faceArrived = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => /fraunces-latin-600-normal-[\w-]+\.woff2$/.test(entry.name)),
  )
  expect(faceArrived, 'the face did arrive').toBe(true)
  expect(await firstHeadingDrawnInFraunces(page), 'the page keeps the fallback it drew').toBe(false)
})
