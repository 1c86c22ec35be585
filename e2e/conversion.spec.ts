import type { Page } from '@playwright/test'
import { company } from '#app.config.ts'
import { appStarted, expect, gotoHydrated, test } from './fixtures'

/**
 * The path from a visitor to a call or a quote request (issue 37), measured in the browser as
 * positions, not pixels: a call and a quote one tap away on a phone at every scroll position, the
 * contact form within the first screen, and call-to-action buttons that hold at 360 px.
 */

const phone = { width: 360, height: 800 }
const desktop = { width: 1440, height: 900 }

const pages = [
  '/',
  '/about-us',
  '/services',
  '/services/kitchen-remodeling',
  '/gallery',
  '/faq',
  '/service-areas',
  '/areas-of-service/concord-kitchen-remodeling',
  '/contact-us',
  '/no-such-page',
]

/**
 * Opens a page once the app has finished starting: what it changes at start has changed (the
 * contact form's no-JavaScript notice goes, and the page grows shorter), so the layout measured
 * is the one the visitor keeps.
 */
async function openStarted(page: Page, path: string) {
  await page.goto(path)
  await appStarted(page)
  // The form hydrates on its own, possibly after the page's marker: wait for its notice to go.
  await expect(page.getByText('This form needs JavaScript for its spam check')).toHaveCount(0)
}

/** Links of `selector` the visitor can see and tap now: inside the viewport, on top. */
const tappable = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll(
    (links) =>
      links.filter((link) => {
        const { top, bottom, left, right, width, height } = link.getBoundingClientRect()
        if (width < 24 || height < 24) return false
        if (top < 0 || left < 0 || bottom > innerHeight || right > innerWidth) return false
        const hit = document.elementFromPoint(left + width / 2, top + height / 2)
        return hit !== null && (hit === link || link.contains(hit))
      }).length,
  )

/** The scroll positions a page is checked at: its top, a third, two thirds and its end. */
async function scrollPositions(page: Page, visit: (y: number) => Promise<void>) {
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)
  for (const y of [0, Math.round(end / 3), Math.round((2 * end) / 3), end]) {
    await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y)
    await expect
      .poll(() => page.evaluate(() => Math.round(scrollY)), { message: `scrolled to ${y}` })
      .toBe(y)
    await visit(y)
  }
}

async function expectCallAndQuoteInReach(page: Page, path: string) {
  await openStarted(page, path)
  await scrollPositions(page, async (y) => {
    expect(await tappable(page, 'a[href^="tel:"]'), `a call at ${y} px`).toBeGreaterThan(0)
    expect(await tappable(page, 'a[href="/contact-us"]'), `a quote at ${y} px`).toBeGreaterThan(0)
  })
}

/** Quote buttons on screen drawn filled (a background of their own), not as outlines. */
const filledQuotes = (page: Page) =>
  page.locator('a[href^="/contact-us"]').evaluateAll(
    (links) =>
      links.filter((link) => {
        const { top, bottom, left, right, width, height } = link.getBoundingClientRect()
        if (width < 24 || height < 24 || bottom <= 0 || top >= innerHeight) return false
        if (right <= 0 || left >= innerWidth) return false
        const hit = document.elementFromPoint(left + width / 2, (top + bottom) / 2)
        if (hit === null || !(hit === link || link.contains(hit))) return false
        return !/^rgba\(.*, 0\)$|^transparent$/.test(getComputedStyle(link).backgroundColor)
      }).length,
  )

test.describe('a phone at 360 × 800', () => {
  test.use({ viewport: phone })

  for (const path of pages) {
    test(`${path}: a call and a quote are one tap away at every scroll position`, async ({
      page,
    }) => {
      await expectCallAndQuoteInReach(page, path)
    })
  }

  test('the call-and-quote bar covers nothing at the end of a page and shifts no layout', async ({
    page,
  }) => {
    await page.goto('/about-us')
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
              total += entry.value
            }
          }).observe({ type: 'layout-shift', buffered: true })
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)))
        }),
    )
    expect(shifts).toBeLessThan(0.01)
    await page.evaluate(() => window.scrollTo({ top: 1e7, behavior: 'instant' }))
    const bar = page.getByRole('navigation', { name: 'Call or ask for a quote' })
    const copyright = page.getByText(/©/)
    const [barBox, copyrightBox] = await Promise.all([bar.boundingBox(), copyright.boundingBox()])
    expect(barBox && copyrightBox).toBeTruthy()
    expect((copyrightBox?.y ?? 0) + (copyrightBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0)
  })

  test('every call-to-action label and phone number stays on one line, stacked buttons are as wide as each other', async ({
    page,
  }) => {
    for (const path of pages) {
      await openStarted(page, path)
      const problems = await page.evaluate((number) => {
        const found: string[] = []
        // The lines its visible text takes (text hidden for screen readers only is 1 px wide).
        const lineCount = (element: Element) => {
          const tops = new Set<number>()
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue
            const range = document.createRange()
            range.selectNodeContents(node)
            for (const rect of range.getClientRects()) {
              if (rect.width > 1 && rect.height > 1) tops.add(Math.round(rect.top / 4))
            }
          }
          return tops.size
        }
        // A row that scrolls sideways (the gallery's filters) may hold more than the screen.
        const inScroller = (element: Element): boolean => {
          for (let up = element.parentElement; up; up = up.parentElement) {
            if (/auto|scroll/.test(getComputedStyle(up).overflowX)) return true
          }
          return false
        }
        const buttons = [...document.querySelectorAll('main a.button, main button.button')]
        for (const button of buttons) {
          const { width } = button.getBoundingClientRect()
          if (width === 0) continue
          if (lineCount(button) > 1) found.push(`wraps: "${button.textContent?.trim()}"`)
          if (button.getBoundingClientRect().right > innerWidth + 0.5 && !inScroller(button))
            found.push(`overflows: "${button.textContent?.trim()}"`)
        }
        for (const link of document.querySelectorAll('a[href^="tel:"]')) {
          if (!link.textContent?.includes(number) || link.getBoundingClientRect().width === 0)
            continue
          if (lineCount(link) > 1) found.push(`number breaks: "${link.textContent.trim()}"`)
        }
        for (const group of document.querySelectorAll('.button-group')) {
          const boxes = [...group.children]
            .map((child) => child.getBoundingClientRect())
            .filter((rect) => rect.width > 0)
          const stacked = boxes.every((rect) => Math.abs(rect.left - (boxes[0]?.left ?? 0)) < 1)
          if (boxes.length < 2 || !stacked) continue
          const widths = boxes.map((rect) => Math.round(rect.width))
          const groupWidth = Math.round(group.getBoundingClientRect().width)
          if (widths.some((width) => Math.abs(width - groupWidth) > 1))
            found.push(`stacked buttons of widths ${widths.join(', ')} in ${groupWidth} px`)
        }
        return found
      }, company.phone.display)
      expect(problems, path).toEqual([])
    }
  })
})

for (const viewport of [phone, desktop]) {
  test(`${viewport.width} × ${viewport.height}: the contact form starts within the first screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await gotoHydrated(page, '/contact-us')
    const form = page.getByRole('form', { name: 'Contact form' })
    const name = form.getByLabel(/^Name/)
    const box = await name.boundingBox()
    expect(box).not.toBeNull()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height)
    // Its heading is there too, and the details follow it rather than precede it.
    const heading = await page.getByRole('heading', { name: 'Send Us a Message' }).boundingBox()
    const details = await page.getByRole('heading', { name: 'Get in Touch' }).boundingBox()
    expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(viewport.height)
    if (viewport.width < 1024) expect(details?.y ?? 0).toBeGreaterThan(box?.y ?? 0)
  })
}

/** Where the header shows the call and the quote, the phone's bar would repeat them: it is not there. */
for (const viewport of [{ width: 768, height: 1024 }, desktop]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })

    for (const path of ['/', '/services/kitchen-remodeling', '/gallery', '/faq']) {
      test(`${path}: the header keeps a call and a quote one tap away at every scroll position, no bar`, async ({
        page,
      }) => {
        await expectCallAndQuoteInReach(page, path)
        const bar = page.getByRole('navigation', { name: 'Call or ask for a quote' })
        await expect(bar).toBeHidden()
        const header = page.getByRole('banner')
        await expect(header.getByRole('link', { name: /^Call / })).toBeVisible()
      })
    }
  })
}

for (const viewport of [phone, { width: 768, height: 1024 }, desktop]) {
  test(`${viewport.width} × ${viewport.height}: one filled quote button on screen at a time`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    for (const path of ['/', '/about-us', '/areas-of-service/concord-kitchen-remodeling', '/faq']) {
      await openStarted(page, path)
      await scrollPositions(page, async (y) => {
        // The header's and the bar's quote fill as the page's own leaves the screen: at most one,
        // and one once the page has settled where the page offers none.
        await expect
          .poll(() => filledQuotes(page), { message: `${path} at ${y} px` })
          .toBeLessThanOrEqual(1)
      })
    }
  })
}
