import type { Page } from '@playwright/test'
import { expect, holdRequests, test } from './fixtures'

const headingFace = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => getComputedStyle(heading).fontFamily)

const frauncesShown = (page: Page) => page.evaluate(() => document.fonts.check('600 40px Fraunces'))

test('a first visit preloads the heading face and shows it, on this page and the next', async ({
  page,
}) => {
  const fontRequested = page.waitForRequest(/fraunces-latin-600-normal-[\w-]+\.woff2$/)
  await page.goto('/faq')
  const font = await fontRequested
  // Asked for by the head, beside the stylesheet, not after the page has loaded.
  expect(font.resourceType()).toBe('font')
  expect(await headingFace(page)).toMatch(/^Fraunces, "Fraunces Fallback: Georgia"/)
  await expect.poll(() => frauncesShown(page)).toBe(true)
  const fonts = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')),
  )
  expect(fonts, 'the face is fetched once').toHaveLength(1)

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL(/\/about-us$/)
  expect(await headingFace(page)).toMatch(/^Fraunces/)
  expect(await frauncesShown(page)).toBe(true)
})

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
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.waitForTimeout(800)
  releaseFont()
  await page.waitForLoadState('load')
  await page.waitForTimeout(300)
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  )
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
})
