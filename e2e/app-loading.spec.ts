import type { Page } from '@playwright/test'
import { benchRoutes } from '../bench/lib/routes'
import { largestPaintWaitLimitMs } from '../src/features/site/after-largest-paint'
import { appChunkUrl, expect, holdRequests, test } from './fixtures'

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
  const now = Date.now()
  await page.clock.install({ time: now })
  // The installed clock runs until paused, so pause a little ahead (no page has timers yet).
  await page.clock.pauseAt(now + 60_000)
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
      const largestPaints = await new Promise<LargestContentfulPaint[]>((resolve) =>
        new PerformanceObserver((list) =>
          resolve(list.getEntries() as LargestContentfulPaint[]),
        ).observe({ type: 'largest-contentful-paint', buffered: true }),
      )
      const heroPaint = largestPaints.find((paint) =>
        paint.element?.matches('img[fetchpriority="high"]'),
      )
      return {
        heroPaintedAt: heroPaint?.startTime,
        appScripts: performance
          .getEntriesByType('resource')
          .filter((resource) => /\/assets\/.*\.js$/.test(resource.name))
          .filter((resource) => new URL(resource.name).pathname !== entry)
          .map((resource) => ({ url: resource.name, startedAt: resource.startTime })),
      }
    }, entry)
    const heroPaintedAt = loading.heroPaintedAt
    if (heroPaintedAt === undefined) throw new Error('the hero was never the largest paint')
    expect(loading.appScripts.length).toBeGreaterThan(0)
    for (const script of loading.appScripts) {
      expect(script.startedAt, script.url).toBeGreaterThanOrEqual(heroPaintedAt)
    }
    // A hero painted well before the wait limit starts the scripts itself. (On a busy machine
    // the paint itself can come near the limit; then either may start them.)
    if (heroPaintedAt < largestPaintWaitLimitMs - 1_000) {
      const firstStart = Math.min(...loading.appScripts.map((script) => script.startedAt))
      expect(firstStart, 'started by the paint, not by the wait limit').toBeLessThan(
        largestPaintWaitLimitMs,
      )
    }
  })
}

/** URLs of the app's chunk requested so far. */
function appChunkRequests(page: Page) {
  const requested: string[] = []
  page.on('request', (request) => {
    if (appChunkUrl.test(request.url())) requested.push(request.url())
  })
  return requested
}

test('a visitor who acts before the hero is painted gets the app at once', async ({ page }) => {
  await holdHeroPictures(page)
  await pauseTimers(page)
  const appRequests = appChunkRequests(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForTimeout(300)
  expect(appRequests, 'waits while the hero is loading').toEqual([])

  await page.keyboard.press('Tab')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
})

test('a hero that never arrives delays the app only by the wait limit', async ({ page }) => {
  await holdHeroPictures(page)
  await pauseTimers(page)
  const appRequests = appChunkRequests(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForTimeout(300)
  expect(appRequests).toEqual([])

  await page.clock.runFor(largestPaintWaitLimitMs)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
})

test('links work before the app has loaded: the browser loads the next page', async ({ page }) => {
  await holdHeroPictures(page)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  expect(await isHydrated(page)).toBe(false)
  await page.getByRole('banner').getByRole('link', { name: 'Gallery', exact: true }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(documents).toEqual(['/', '/gallery'])
})

test('a tap on the menu before the app has loaded opens it once the app is there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const releaseApp = await holdRequests(page, appChunkUrl)
  await page.goto('/faq', { waitUntil: 'domcontentloaded' })
  await page.getByRole('button', { name: 'Open menu' }).click()
  expect(await isHydrated(page)).toBe(false)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  releaseApp()
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('a page without a hero starts the app once it has loaded, not after the wait limit', async ({
  page,
}) => {
  await page.goto('/sitemap')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  expect(await page.locator('img[fetchpriority="high"]').count()).toBe(0)
  const appStartedAt = await page.evaluate(
    (appChunk) =>
      performance
        .getEntriesByType('resource')
        .find((resource) => new RegExp(appChunk).test(resource.name))?.startTime,
    appChunkUrl.source,
  )
  expect(appStartedAt).toBeLessThan(largestPaintWaitLimitMs)
})
