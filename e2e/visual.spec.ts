import type { Page } from '@playwright/test'
import { expect, test, withHeadingFont } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * Visual regression: the first screen of the pages with distinct layouts, and the home page's
 * services and closing sections, at every width of the layout checks, against the committed
 * references in e2e/__screenshots__/. After an intended change of design, look at the new
 * pictures, then `npm run test:visual:update` (against a fresh `npm run build`) and commit them.
 * The tolerance absorbs font anti-aliasing, not a moved block.
 */
const pages = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/services' },
  { name: 'service-kitchen', path: '/services/kitchen-remodeling' },
  { name: 'gallery', path: '/gallery' },
  { name: 'location-concord-kitchen', path: '/areas-of-service/concord-kitchen-remodeling' },
  { name: 'contact', path: '/contact-us' },
  { name: 'about', path: '/about-us' },
  { name: 'faq', path: '/faq' },
  { name: 'not-found', path: '/no-such-page' },
]

const tolerance = { maxDiffPixelRatio: 0.01, threshold: 0.2, animations: 'disabled' } as const

/**
 * Waits for the app and for every picture within `scope` (the screen, or a section, whose lazy
 * pictures are scrolled into view first), so that the screenshot is of a settled page.
 */
async function settle(page: Page, scope?: string) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  if (scope) {
    await page.locator(scope).evaluate(async (element) => {
      const { top, height } = element.getBoundingClientRect()
      const start = window.scrollY + top
      for (let y = 0; y < height; y += window.innerHeight / 2) {
        window.scrollTo(0, start + y)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
  }
  await page.waitForLoadState('networkidle')
  await page.waitForFunction((selector) => {
    const images = selector
      ? [...(document.querySelector(selector)?.querySelectorAll('img') ?? [])]
      : [...document.images].filter((image) => {
          const { top, bottom } = image.getBoundingClientRect()
          return bottom > 0 && top < window.innerHeight
        })
    return images.every((image) => image.complete && image.naturalWidth > 0)
  }, scope)
}

for (const viewport of layoutViewports) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })
    test.beforeEach(async ({ page }) => withHeadingFont(page))

    for (const { name, path } of pages) {
      test(`${name}: first screen`, async ({ page }) => {
        await page.goto(path)
        await settle(page)
        await expect(page).toHaveScreenshot(`${name}-${viewport.width}.png`, tolerance)
      })
    }

    test('home: services and closing sections', async ({ page }) => {
      await page.goto('/')
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
  })
}
