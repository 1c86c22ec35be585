import type { Page } from '@playwright/test'
import { benchRoutes } from '../bench/lib/routes'
import { largestPaintWaitLimitMs } from '../src/features/site/after-largest-paint'
import { expect, test } from './fixtures'

/**
 * The app's JavaScript waits for the page's largest paint (src/client.tsx), so on a slow
 * connection the hero picture does not share the bandwidth with it.
 */

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

/** Holds every request for the page's hero pictures until the test ends. */
async function holdHeroPictures(page: Page) {
  await page.route(/\/images\/site\/[a-z-]*hero-\d+\.(avif|webp)$/, () => {})
}

/** Page timers stand still until the test moves the clock on. */
async function pauseTimers(page: Page) {
  const now = new Date()
  await page.clock.install({ time: now })
  await page.clock.pauseAt(now)
}

// The pages Lighthouse measures; each opens with a hero picture.
for (const path of benchRoutes) {
  test(`${path}: the app's scripts are fetched after the hero has been painted`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text()
    expect(html, 'no module is preloaded by the document').not.toContain('rel="modulepreload"')
    expect(html).toMatch(/<script type="application\/json" id="page-modules"[^>]*>\["\/assets\//)
    const entry = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(entry, 'the document loads one small entry module').toBeDefined()

    await page.goto(path)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const loading = await page.evaluate(async (entry) => {
      const largestPaint = await new Promise<LargestContentfulPaint>((resolve) =>
        new PerformanceObserver((list) =>
          resolve(list.getEntries().at(-1) as LargestContentfulPaint),
        ).observe({ type: 'largest-contentful-paint', buffered: true }),
      )
      return {
        largestPaintIsHero: largestPaint.element?.matches('img[fetchpriority="high"]') ?? false,
        paintedAt: largestPaint.startTime,
        appScripts: performance
          .getEntriesByType('resource')
          .filter((resource) => /\/assets\/.*\.js$/.test(resource.name))
          .filter((resource) => new URL(resource.name).pathname !== entry)
          .map((resource) => ({ url: resource.name, startedAt: resource.startTime })),
      }
    }, entry)
    expect(loading.largestPaintIsHero).toBe(true)
    expect(loading.appScripts.length).toBeGreaterThan(0)
    for (const script of loading.appScripts) {
      expect(script.startedAt, script.url).toBeGreaterThanOrEqual(loading.paintedAt)
    }
  })
}

test('a visitor who acts before the hero is painted gets the app at once', async ({ page }) => {
  await holdHeroPictures(page)
  await pauseTimers(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForTimeout(300)
  expect(await isHydrated(page), 'waits while the hero is loading').toBe(false)

  await page.keyboard.press('Tab')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
})

test('a hero that never arrives delays the app only by the wait limit', async ({ page }) => {
  await holdHeroPictures(page)
  await pauseTimers(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForTimeout(300)
  expect(await isHydrated(page)).toBe(false)

  await page.clock.runFor(largestPaintWaitLimitMs)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
})

test('links work before the app has loaded', async ({ page }) => {
  await holdHeroPictures(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  expect(await isHydrated(page)).toBe(false)
  await page.getByRole('banner').getByRole('link', { name: 'Gallery', exact: true }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
