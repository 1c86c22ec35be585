import type { Page } from '@playwright/test'
import { faqs } from '../src/content/faq.content'
import { appScriptsUrl, expect, holdRequests, test } from './fixtures'

/**
 * The first touch never fails: the page's controls are HTML that works before the app's
 * scripts have arrived (links, the menu's `<dialog>`, the questions' `<details>`), and the app,
 * once hydrated, leaves the visitor where they scrolled.
 */

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

test('the app starts as soon as its scripts arrive, without waiting for the hero picture', async ({
  page,
}) => {
  const releaseHero = await holdRequests(page, /\/images\/site\/home-hero-[\w-]+\.(avif|webp|jpg)$/)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  releaseHero()
})

test('the scripts every page starts with ask the browser to compile them while they download', async ({
  request,
}) => {
  const html = await (await request.get('/services/kitchen-remodeling')).text()
  const firstLoad = [...new Set(html.match(/\/assets\/(shell|sections)-[\w-]+\.js/g))]
  expect(firstLoad).toHaveLength(2)
  for (const url of firstLoad) {
    const script = await (await request.get(url)).text()
    // V8's explicit compile hint counts only as the file's first line.
    expect(script.split('\n', 1)[0], url).toBe('//# allFunctionsCalledOnLoad')
  }
})

test.describe('before the app has loaded', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

  test('links load the next page', async ({ page }) => {
    await holdRequests(page, appScriptsUrl)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
    })
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gallery' }).click()
    await expect(page).toHaveURL(/\/gallery$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(documents).toEqual(['/', '/gallery'])
  })

  test('the menu opens on the first tap, keeps focus inside and closes on Escape', async ({
    page,
  }) => {
    const releaseApp = await holdRequests(page, appScriptsUrl)
    await page.goto('/faq', { waitUntil: 'domcontentloaded' })
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.tap()
    const menu = page.getByRole('dialog', { name: 'Site menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Gallery' })).toBeVisible()
    expect(await isHydrated(page)).toBe(false)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toBeFocused()

    // The app takes over the same menu: open it again, follow a link, and it closes.
    releaseApp()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await toggle.tap()
    await menu.getByRole('link', { name: 'Gallery' }).tap()
    await expect(page).toHaveURL(/\/gallery$/)
    await expect(menu).toBeHidden()
  })

  test('a question opens on the first tap', async ({ page }) => {
    await holdRequests(page, appScriptsUrl)
    await page.goto('/faq', { waitUntil: 'domcontentloaded' })
    const question = faqs[2]?.question ?? ''
    await page.getByText(question).tap()
    await expect(page.getByText(faqs[2]?.answer ?? '')).toBeVisible()
    expect(await isHydrated(page)).toBe(false)
  })
})

/** A mid-range phone: 390 × 844, touch, the CPU slowed 4×. */
test.describe('a visitor on a slow phone who scrolls and taps while the page loads', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  // Each load waits for hydration with the CPU slowed 4×.
  test.describe.configure({ timeout: 60_000 })

  const pages = ['/', '/gallery', '/faq', '/services/kitchen-remodeling']
  /** When the visitor acts, in ms after the page's heading has been painted. */
  const moments = () => [
    0,
    Math.round(Math.random() * 1500),
    1500 + Math.round(Math.random() * 1500),
  ]

  for (const path of pages) {
    test(`${path}: no scroll undone, no tap lost`, async ({ page, context }) => {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      for (const moment of moments()) {
        test.info().annotations.push({ type: 'moment', description: `${path} at ${moment} ms` })
        await page.goto(path, { waitUntil: 'commit' })
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.waitForTimeout(moment)

        await page.evaluate(() => window.scrollTo(0, 600))
        const toggle = page.getByRole('button', { name: 'Open menu' })
        await toggle.tap()
        const menu = page.getByRole('dialog', { name: 'Site menu' })
        await expect(menu, `the menu opened from a tap at ${moment} ms`).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(menu).toBeHidden()

        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        // Whatever the router does after hydration has run by the next frames.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
        )
        expect(await page.evaluate(() => window.scrollY), `scroll kept from ${moment} ms`).toBe(600)
      }
    })
  }

  test('/faq: a question tapped at any moment opens and stays open', async ({ page, context }) => {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    for (const moment of moments()) {
      await page.goto('/faq', { waitUntil: 'commit' })
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForTimeout(moment)
      await page.getByText(faqs[0]?.question ?? '').tap()
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await expect(page.getByText(faqs[0]?.answer ?? ''), `tap at ${moment} ms`).toBeVisible()
    }
  })
})
