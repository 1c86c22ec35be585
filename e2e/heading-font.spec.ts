import { expect, test } from './fixtures'

const headingFace = (page: import('@playwright/test').Page) =>
  page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => getComputedStyle(heading).fontFamily)

test('a first visit fetches the heading face only once the page has loaded; the next page names it', async ({
  page,
}) => {
  await page.goto('/faq')
  await page.waitForFunction(() => localStorage.getItem('heading-font-cached') === '1')
  // The app has started too: the face this page began with is the one it keeps.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const timing = await page.evaluate(() => {
    const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const font = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
    return { loadEnd: load.loadEventEnd, fonts: font.map((entry) => entry.startTime) }
  })
  expect(timing.fonts).toHaveLength(1)
  expect(timing.fonts[0], 'the face is fetched after the load event').toBeGreaterThanOrEqual(
    timing.loadEnd,
  )
  expect(await headingFace(page)).not.toMatch(/^Fraunces/)

  await page.goto('/about-us')
  expect(await page.evaluate(() => document.documentElement.dataset.headingFont)).toBe('cached')
  expect(await headingFace(page)).toMatch(/^Fraunces, "Fraunces Fallback: Georgia"/)
})
