import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test, withHeadingFont } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * Layouts at the widths visitors bring, from a small phone to a desktop. Each check is one of the
 * defects a visitor saw (issue 14), measured in the browser.
 */

const bannerPages = [
  '/services',
  '/about-us',
  '/gallery',
  '/faq',
  '/contact-us',
  '/services/kitchen-remodeling',
  '/areas-of-service/concord-kitchen-remodeling',
]

const overflowPages = [
  '/',
  ...bannerPages,
  '/service-areas',
  '/privacy-policy',
  '/sitemap',
  '/laser-cutting-art',
  '/no-such-page',
]

type Box = {
  top: number
  bottom: number
  left: number
  right: number
  width: number
  height: number
}

const box = async (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element): Box => {
      const { top, bottom, left, right, width, height } = element.getBoundingClientRect()
      return { top, bottom, left, right, width, height }
    })

for (const viewport of layoutViewports) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })
    test.beforeEach(async ({ page }) => withHeadingFont(page))

    test('no page is wider than the screen', async ({ page }) => {
      // Every page in turn, each to its load event: 28 s of the default 30 on a busy 2-core machine.
      test.setTimeout(90_000)
      for (const path of overflowPages) {
        await page.goto(path)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0)
      }
    })

    test('the header keeps each link and the call button on one line', async ({ page }) => {
      await page.goto('/')
      const header = page.getByRole('banner')
      const links = [
        ...(await header.getByRole('navigation', { name: 'Main' }).getByRole('link').all()),
        header.getByRole('link', { name: /^Call / }),
      ]
      for (const link of links) {
        if (!(await link.isVisible())) continue
        const lines = await link.evaluate((element) => {
          const { height } = element.getBoundingClientRect()
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 20
          return height / lineHeight
        })
        expect(lines, `${await link.textContent()} wraps`).toBeLessThan(2.5)
      }
    })

    test('each page banner is filled by its picture', async ({ page }) => {
      for (const path of bannerPages) {
        await page.goto(path)
        const banner = await box(page, 'main > section:first-child')
        const picture = await box(page, 'main > section:first-child img')
        expect(
          picture.height,
          `${path}: picture height in a ${banner.height}px banner`,
        ).toBeGreaterThanOrEqual(banner.height - 1)
        expect(picture.width, `${path}: picture width`).toBeGreaterThanOrEqual(banner.width - 1)
      }
    })

    test('service card pictures fill their frames', async ({ page }) => {
      await page.goto('/services')
      const cards = page.locator('main article')
      expect(await cards.count()).toBe(7)
      for (const card of await cards.all()) {
        const [frame, picture] = await card.evaluate((article) => {
          const img = article.querySelector('img')
          return [article.firstElementChild, img].map((element) => {
            const rect = element?.getBoundingClientRect()
            return { height: rect?.height ?? 0, width: rect?.width ?? 0 }
          })
        })
        expect(picture?.height).toBeGreaterThanOrEqual((frame?.height ?? 0) - 1)
        expect(picture?.width).toBeGreaterThanOrEqual((frame?.width ?? 0) - 1)
      }
    })

    test('the laser cutting banner fits its box and its art is not repeated', async ({ page }) => {
      await page.goto('/')
      const banner = await box(page, 'aside[aria-labelledby="laser-banner-heading"]')
      const link = await box(page, 'aside[aria-labelledby="laser-banner-heading"] a')
      expect(link.right, 'the banner button ends inside the banner').toBeLessThanOrEqual(
        banner.right,
      )
      expect(banner.right).toBeLessThanOrEqual(viewport.width)
      expect(await page.locator('main img[src*="laser-art"]').count()).toBe(1)
    })

    test('the closing call to action stands apart from the footer', async ({ page }) => {
      await page.goto('/')
      const closing = page.locator('section[aria-labelledby="closing-heading"]')
      const footer = await box(page, 'footer')
      const panel = await closing.locator('h2').evaluate((heading) => {
        // The panel is the heading's nearest ancestor with a background of its own.
        let element = heading.parentElement
        while (element && getComputedStyle(element).backgroundColor === 'rgba(0, 0, 0, 0)') {
          element = element.parentElement
        }
        return {
          bottom: element?.getBoundingClientRect().bottom ?? 0,
          background: element ? getComputedStyle(element).backgroundColor : '',
        }
      })
      const bandBackground = await closing.evaluate(
        (band) => getComputedStyle(band).backgroundColor,
      )
      const footerBackground = await page
        .locator('footer')
        .evaluate((element) => getComputedStyle(element).backgroundColor)
      expect(
        footer.top - panel.bottom,
        'space between the panel and the footer',
      ).toBeGreaterThanOrEqual(24)
      expect(bandBackground).not.toBe(footerBackground)
      expect(panel.background).toBe(footerBackground)
    })

    test('the first gallery project starts on the first screen', async ({ page }) => {
      await page.goto('/gallery')
      const firstProject = await box(page, 'main a[href^="/gallery?project="]')
      expect(firstProject.top).toBeLessThan(viewport.height)
    })

    test('the project viewer keeps previous and next on screen', async ({ page }) => {
      await gotoHydrated(page, '/gallery')
      await page.locator('main a[href^="/gallery?project="]').first().click()
      const dialog = page.getByRole('dialog')
      for (const name of [/^Previous project/, /^Next project/]) {
        const button = await dialog.getByRole('link', { name }).boundingBox()
        expect(button, `${name}`).not.toBeNull()
        expect((button?.y ?? 0) + (button?.height ?? 0), `${name} bottom`).toBeLessThanOrEqual(
          viewport.height,
        )
        expect(button?.x ?? -1).toBeGreaterThanOrEqual(0)
        expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(viewport.width)
      }
    })
  })
}
