import type { Page } from '@playwright/test'
import { servicesPageOrder } from '../src/content/services'
import { animationsFinished, expect, test, withHeadingFont } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * What a visitor sees, at the widths visitors bring, from a small phone to a desktop: one visit per
 * page and width, which measures the layout defects a visitor saw (issue 14) and compares the
 * pages with distinct layouts against the committed references in e2e/__screenshots__/. After an
 * intended change of design, look at the new pictures, then `npm run test:visual:update` (against
 * a fresh `npm run build`) and commit them. The tolerance absorbs font anti-aliasing, not a moved
 * block.
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

/** The first screen's reference of each page with a distinct layout, by the page's path. */
const referenceNames: Record<string, string> = {
  '/': 'home',
  '/services': 'services',
  '/services/kitchen-remodeling': 'service-kitchen',
  '/gallery': 'gallery',
  '/areas-of-service/concord-kitchen-remodeling': 'location-concord-kitchen',
  '/contact-us': 'contact',
  '/about-us': 'about',
  '/faq': 'faq',
  '/no-such-page': 'not-found',
}

/**
 * The pages with a reference or checks of their own. The others (the service areas, privacy
 * policy, site map and top-level service pages) are checked for overflow at each of these widths
 * in pages.spec.ts, whose one visit per page is resized through them.
 */
const pages = ['/', ...bannerPages, '/no-such-page']

// Two equal captures in a row, however long a busy machine takes to paint them (no time is asserted).
const tolerance = {
  maxDiffPixelRatio: 0.01,
  threshold: 0.2,
  animations: 'disabled',
  timeout: 20_000,
} as const

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

/**
 * Waits for the app and for every picture within `scope` (the screen, or a section, whose lazy
 * pictures are scrolled into view first, a rendered frame apart so each starts loading), so that
 * a measurement or screenshot is of a settled page.
 */
async function settle(page: Page, scope?: string) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  if (scope) {
    await page.locator(scope).evaluate(async (element) => {
      const nextFrame = () => new Promise(requestAnimationFrame)
      const { top, height } = element.getBoundingClientRect()
      const start = window.scrollY + top
      for (let y = 0; y < height; y += window.innerHeight / 2) {
        window.scrollTo(0, start + y)
        await nextFrame()
        await nextFrame()
      }
    })
  }
  await page.evaluate(() => document.fonts.ready)
  // The banner's heading and lead fade up as the page opens. `animations: 'disabled'` should end
  // them at capture, yet 1 capture in 8 in the headless shell was a mid-fade copy (2 px low,
  // paler) that two captures in a row agreed on: the wait for their end is what holds.
  await animationsFinished(page)
  await page.waitForFunction((selector) => {
    const images = selector
      ? [...(document.querySelector(selector)?.querySelectorAll('img') ?? [])]
      : [...document.images].filter((image) => {
          const { top, bottom } = image.getBoundingClientRect()
          return bottom > 0 && top < window.innerHeight
        })
    return images.every((image) => image.complete && image.naturalWidth > 0)
  }, scope)
  // Loaded is not yet decoded: a picture decoded between two captures makes them differ.
  await page.evaluate(async (selector) => {
    const root = selector ? document.querySelector(selector) : document
    const loaded = [...(root?.querySelectorAll('img') ?? [])].filter((image) => image.complete)
    await Promise.all(loaded.map((image) => image.decode().catch(() => {})))
  }, scope)
}

for (const viewport of layoutViewports) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })
    // The home page runs a dozen checks and three screenshots in its one visit.
    test.describe.configure({ timeout: 60_000 })
    test.beforeEach(async ({ page }) => withHeadingFont(page))

    for (const path of pages) {
      test(`${path}: layout and look`, async ({ page }) => {
        await page.goto(path)
        await settle(page)

        const reference = referenceNames[path]
        if (reference) {
          await test.step('the first screen matches its reference', async () => {
            await expect(page).toHaveScreenshot(`${reference}-${viewport.width}.png`, tolerance)
          })
        }

        await test.step('the page is no wider than the screen', async () => {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          )
          expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0)
        })

        if (bannerPages.includes(path)) {
          await test.step('the page banner is filled by its picture', async () => {
            const banner = await box(page, 'main > section:first-child')
            const picture = await box(page, 'main > section:first-child img')
            expect(
              picture.height,
              `${path}: picture height in a ${banner.height}px banner`,
            ).toBeGreaterThanOrEqual(banner.height - 1)
            expect(picture.width, `${path}: picture width`).toBeGreaterThanOrEqual(banner.width - 1)
          })
        }

        if (path === '/') await homeLayout(page, viewport)
        if (path === '/services') await serviceCardsLayout(page)
        if (path === '/gallery') await galleryLayout(page, viewport)
      })
    }
  })
}

type Viewport = (typeof layoutViewports)[number]

async function homeLayout(page: Page, viewport: Viewport) {
  await test.step('the header keeps each link and the call button on one line', async () => {
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

  await test.step('the laser cutting banner fits its box and its art is not repeated', async () => {
    const banner = await box(page, 'aside[aria-labelledby="laser-banner-heading"]')
    const link = await box(page, 'aside[aria-labelledby="laser-banner-heading"] a')
    expect(link.right, 'the banner button ends inside the banner').toBeLessThanOrEqual(banner.right)
    expect(banner.right).toBeLessThanOrEqual(viewport.width)
    expect(await page.locator('main img[src*="laser-art"]').count()).toBe(1)
  })

  await test.step('the closing call to action stands apart from the footer', async () => {
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
    const bandBackground = await closing.evaluate((band) => getComputedStyle(band).backgroundColor)
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

  await test.step('the services and closing sections match their references', async () => {
    // A tall section is captured in pieces, and the fixed header and call bar would show in each.
    await page.addStyleTag({
      content:
        'header, a[href="#main"], nav[aria-label="Call or ask for a quote"] { visibility: hidden }',
    })
    for (const section of ['services-heading', 'closing-heading']) {
      const selector = `section[aria-labelledby="${section}"]`
      await settle(page, selector)
      await expect(page.locator(selector)).toHaveScreenshot(
        `home-${section}-${viewport.width}.png`,
        tolerance,
      )
    }
  })
}

async function serviceCardsLayout(page: Page) {
  await test.step('every service card picture fills its frame', async () => {
    const cards = page.locator('main article')
    await expect(cards).toHaveCount(servicesPageOrder.length)
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
}

async function galleryLayout(page: Page, viewport: Viewport) {
  await test.step('the first gallery project starts on the first screen', async () => {
    const firstProject = await box(page, 'main a[href^="/gallery?project="]')
    expect(firstProject.top).toBeLessThan(viewport.height)
  })

  await test.step('the project viewer keeps previous and next on screen', async () => {
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
}
