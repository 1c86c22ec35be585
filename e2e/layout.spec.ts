import type { Locator, Page } from '@playwright/test'
import { locationIds } from '../src/content/locations'
import { processStages } from '../src/content/process'
import { quoteLabels } from '../src/content/quote-labels'
import { locationServiceIds, servicesPageOrder } from '../src/content/services'
import { expect, test } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * Where things stand on the page, measured: the header's call and quote, the /services grid, the
 * service page's overview, the map's button, the home page's labels and the area pages' own
 * town (issue 51). Positions are read from the laid-out page (bounding boxes), never from pixels.
 */

type Box = { x: number; y: number; width: number; height: number }

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box, `${locator} is laid out`).not.toBeNull()
  return box ?? { x: 0, y: 0, width: 0, height: 0 }
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** How many lines an element's text takes: its text's boxes, grouped by their top. */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const tops = [...range.getClientRects()]
      .filter((rect) => rect.width > 0)
      .map((rect) => Math.round(rect.top))
    return new Set(tops.map((top) => tops.find((other) => Math.abs(other - top) <= 4))).size
  })

/** Every row of a grid's cards spans the grid, edge to edge: no card left alone on a short row. */
async function expectFullRows(grid: Locator, cells: Locator) {
  const gridBox = await boxOf(grid)
  const boxes = await Promise.all((await cells.all()).map(boxOf))
  const rows = new Map<number, Box[]>()
  for (const box of boxes) {
    const top = Math.round(box.y)
    rows.set(top, [...(rows.get(top) ?? []), box])
  }
  for (const [top, row] of rows) {
    const right = Math.max(...row.map((box) => box.x + box.width))
    expect(right, `the row at ${top} ends at the grid's edge`).toBeGreaterThanOrEqual(
      gridBox.x + gridBox.width - 2,
    )
    const left = Math.min(...row.map((box) => box.x))
    expect(left).toBeLessThanOrEqual(gridBox.x + 2)
  }
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')

test.describe('the header offers a quote beside the phone', () => {
  for (const viewport of layoutViewports.filter(({ width }) => width === 768 || width === 1440)) {
    test(`at ${viewport.width}: both visible, side by side on one line`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/about-us')
      const header = page.getByRole('banner')
      const phone = header.getByRole('link', { name: /^Call / })
      const quote = header.getByRole('link', { name: quoteLabels.short, exact: true })
      await expect(phone).toBeVisible()
      await expect(quote).toBeVisible()
      await expect(quote).toHaveAttribute('href', '/contact-us')
      const [phoneBox, quoteBox] = [await boxOf(phone), await boxOf(quote)]
      expect(overlaps(phoneBox, quoteBox), 'the call and the quote overlap').toBe(false)
      expect(quoteBox.x, 'the quote follows the phone').toBeGreaterThan(phoneBox.x)
      const centre = (box: Box) => box.y + box.height / 2
      expect(Math.abs(centre(phoneBox) - centre(quoteBox)), 'on one line').toBeLessThanOrEqual(2)
      expect(await textLines(quote)).toBe(1)
      expect(await textLines(phone)).toBe(1)
      expect(quoteBox.x + quoteBox.width).toBeLessThanOrEqual(viewport.width)
    })
  }

  test('both are links in the first HTML, before any script', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 768, height: 1024 },
    })
    const page = await context.newPage()
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: quoteLabels.short, exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
    await context.close()
  })

  // Laptops too: at 1280-1319 px the quote once left the screen, and from 1320 px the header ran
  // past the page's content edge.
  const laptops = [1280, 1300, 1440, 1920].map((width) => ({ width, height: 900 }))
  for (const viewport of [...layoutViewports.filter(({ width }) => width <= 1024), ...laptops]) {
    test(`at ${viewport.width}: nothing in the header overlaps or leaves the screen`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await hydrated(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      const header = page.getByRole('banner')
      const controls = await header.locator('a:visible, button:visible').all()
      const boxes = await Promise.all(controls.map(boxOf))
      // The content edge of the header's row, the same container every page's content sits in.
      const contentRight = await header.locator(':scope > div').evaluate((row) => {
        const style = getComputedStyle(row)
        return row.getBoundingClientRect().right - Number.parseFloat(style.paddingRight)
      })
      for (const [index, box] of boxes.entries()) {
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
        expect(box.x + box.width, 'within the content edge').toBeLessThanOrEqual(contentRight + 1)
        for (const other of boxes.slice(index + 1))
          expect(overlaps(box, other), `${await controls[index]?.textContent()}`).toBe(false)
      }
      // Below the medium breakpoint the phone's bar at the bottom keeps the call and the quote.
      if (viewport.width < 768) {
        const bar = page.getByRole('navigation', { name: 'Call or ask for a quote' })
        await expect(bar.getByRole('link', { name: quoteLabels.short })).toBeVisible()
        await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible()
        await expect(header.getByRole('link', { name: quoteLabels.short })).toBeHidden()
      }
    })
  }
})

test('every quote link is labelled with a fixed label or the one short label', async ({ page }) => {
  const allowed: string[] = [quoteLabels.full, quoteLabels.services, quoteLabels.short]
  const seen = new Set<string>()
  for (const path of [
    '/',
    '/about-us',
    '/services',
    '/services/kitchen-remodeling',
    '/service-areas',
    '/areas-of-service/concord-kitchen-remodeling',
    '/gallery',
    '/faq',
  ]) {
    await page.goto(path)
    const labels = await page
      .locator(
        'header a[href^="/contact-us"], main a[href^="/contact-us"], nav a[href^="/contact-us"]',
      )
      .evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''))
    for (const label of labels.filter((text) => text !== 'Contact Us')) {
      expect(allowed, `${path}: "${label}"`).toContain(label)
      seen.add(label)
    }
  }
  expect([...seen].sort()).toEqual([...allowed].sort())
})

test.describe('/services', () => {
  for (const viewport of layoutViewports) {
    test(`at ${viewport.width}: every row of cards is full, the laser art first`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto('/services')
      const grid = page.locator('main ul:has(> li > article)')
      const cells = grid.locator('> li')
      await expect(cells).toHaveCount(servicesPageOrder.length)
      await expect(cells.first().getByRole('heading')).toHaveText('Laser Cutting Art')
      await expectFullRows(grid, cells)
    })
  }
})

test.describe("the home page's service cards", () => {
  for (const viewport of layoutViewports) {
    test(`at ${viewport.width}: no card alone on a row`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      const grid = page.locator('main ul:has(> li > article)')
      const cells = grid.locator('> li')
      await expect(cells).toHaveCount(3)
      await expectFullRows(grid, cells)
    })
  }
})

test.describe('a service page', () => {
  for (const viewport of layoutViewports.filter(({ width }) => width >= 1024)) {
    test(`at ${viewport.width}: no empty block beside the intro`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/services/kitchen-remodeling')
      const section = page.locator('section[aria-labelledby="service-overview-heading"]')
      const heading = await boxOf(section.locator('#service-overview-heading'))
      // The paragraphs' box (their container: a paragraph broken across columns measures one part).
      const text = await boxOf(section.locator('div:has(> div > p)').first())
      const textRight = text.x + text.width
      const features = await boxOf(section.locator('section[aria-labelledby="features-heading"]'))
      const benefits = await boxOf(section.locator('section[aria-labelledby="benefits-heading"]'))
      // The text spans the row the panels span, and the panels sit side by side below it.
      expect(textRight).toBeGreaterThanOrEqual(benefits.x + benefits.width - 24)
      expect(heading.x).toBeLessThanOrEqual(features.x + 1)
      const textBottom = text.y + text.height
      expect(features.y - textBottom).toBeGreaterThanOrEqual(0)
      expect(features.y - textBottom).toBeLessThanOrEqual(64)
      expect(Math.abs(features.y - benefits.y)).toBeLessThanOrEqual(1)
      expect(Math.abs(features.height - benefits.height)).toBeLessThanOrEqual(1)
    })
  }

  test('names the same five stages as every other', async ({ page }) => {
    await page.goto('/services/bathroom-remodeling')
    const process = page.locator('section[aria-labelledby="process-heading"]')
    await expect(process.getByRole('heading', { level: 3 })).toHaveText(
      processStages.map((stage, index) => `Step ${index + 1}: ${stage}`),
    )
  })
})

test.describe("the map's button is clear of the drawing", () => {
  for (const path of ['/service-areas', '/contact-us']) {
    test(`${path} at 360`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto(path)
      const map = page.getByRole('img', { name: /^Drawn map of the Greater Toronto Area/ })
      const button = page.getByRole('button', { name: 'Load interactive map' })
      await button.scrollIntoViewIfNeeded()
      const buttonBox = await boxOf(button)
      const marks = await map.locator('g, text').all()
      expect(marks.length).toBeGreaterThanOrEqual(5)
      for (const mark of marks)
        expect(overlaps(buttonBox, await boxOf(mark)), `${await mark.textContent()}`).toBe(false)
      await button.click()
      await expect(page.locator('iframe[title]')).toBeAttached()
    })
  }
})

test.describe('the home page', () => {
  test('at 768 the laser art button keeps its label on one line', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 })
    await page.goto('/')
    const link = page.getByRole('link', { name: 'Explore Laser Cutting Art' })
    expect(await textLines(link)).toBe(1)
  })

  for (const viewport of layoutViewports.filter(({ width }) => width >= 768)) {
    test(`at ${viewport.width} the trust strip's titles stand level, row by row`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      const titles = page.locator('section[aria-label] li strong')
      await expect(titles).toHaveCount(4)
      const boxes = await Promise.all((await titles.all()).map(boxOf))
      const items = await Promise.all(
        (await page.locator('section[aria-label] li:has(strong)').all()).map(boxOf),
      )
      for (const [index, box] of boxes.entries()) {
        const sameRow = boxes.filter((_, other) => items[other]?.y === items[index]?.y)
        for (const other of sameRow) expect(Math.abs(other.y - box.y)).toBeLessThanOrEqual(1)
      }
    })
  }
})

test.describe('an area page', () => {
  for (const viewport of layoutViewports.filter(({ width }) => [360, 768, 1440].includes(width))) {
    test(`at ${viewport.width} the "More about" arrow follows its text`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/areas-of-service/etobicoke-kitchen-remodeling')
      const link = page.getByRole('link', { name: /^More about our / })
      const [lastWord, arrow] = await link.evaluate((element) => {
        // The last line of the label's last words, and the arrow.
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        let text: Node | null = null
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.textContent?.trim()) text = node
        const range = document.createRange()
        if (text) range.selectNodeContents(text)
        const rects = [...range.getClientRects()]
        const last = rects[rects.length - 1]
        const box = element.querySelector('svg')?.getBoundingClientRect()
        return [
          { right: last?.right ?? 0, top: last?.top ?? 0, bottom: last?.bottom ?? 0 },
          { left: box?.left ?? 0, top: box?.top ?? 0, bottom: box?.bottom ?? 0 },
        ]
      })
      expect(
        arrow.left - lastWord.right,
        'space between the text and its arrow',
      ).toBeLessThanOrEqual(12)
      expect(arrow.left).toBeGreaterThanOrEqual(lastWord.right - 1)
      expect(arrow.top).toBeGreaterThanOrEqual(lastWord.top - 4)
      expect(arrow.bottom).toBeLessThanOrEqual(lastWord.bottom + 4)
    })
  }

  test("shows only its own town's clients and projects", async ({ page }) => {
    for (const [path, town] of [
      ['/areas-of-service/etobicoke-kitchen-remodeling', 'Etobicoke'],
      ['/areas-of-service/concord-kitchen-remodeling', 'Concord'],
      ['/areas-of-service/midtown-toronto-bathroom-remodeling', 'Midtown Toronto'],
    ] as const) {
      await page.goto(path)
      const testimonials = page.locator(
        'section[aria-labelledby="location-testimonials-heading"] figcaption > span:first-child',
      )
      expect(await testimonials.count(), path).toBeGreaterThanOrEqual(1)
      for (const author of await testimonials.allTextContents())
        expect(author, path).toMatch(new RegExp(`, ${town}$`))
      const projects = page.locator('section[aria-labelledby="recent-projects-heading"] li')
      await expect(projects.first().or(page.getByText('No project images available'))).toBeVisible()
      for (const project of await projects.all()) await expect(project, path).toContainText(town)
    }
  })

  test('at 1440 no empty block stands beside the intro, on every area page', async ({ page }) => {
    test.slow()
    await page.setViewportSize({ width: 1440, height: 900 })
    const gaps: number[] = []
    for (const location of locationIds) {
      for (const service of locationServiceIds) {
        const path = `/areas-of-service/${location}-${service}`
        await page.goto(path, { waitUntil: 'domcontentloaded' })
        // Where each column's content ends (the grid stretches the columns themselves).
        const [text, aside] = await page
          .locator('section[aria-labelledby="location-about-heading"] > div > div > *')
          .evaluateAll((columns) =>
            columns.map((column) => {
              const top = column.getBoundingClientRect().top
              const ends = [...column.children].map((child) => child.getBoundingClientRect().bottom)
              return { top, bottom: Math.max(...ends) }
            }),
          )
        expect(Math.abs((text?.top ?? 0) - (aside?.top ?? 1)), path).toBeLessThanOrEqual(1)
        gaps.push(Math.abs((text?.bottom ?? 0) - (aside?.bottom ?? 1e4)))
        expect(gaps.at(-1), `${path}: empty block beside the shorter column`).toBeLessThan(200)
      }
    }
    expect(gaps).toHaveLength(locationIds.length * locationServiceIds.length)
  })

  for (const viewport of layoutViewports.filter(({ width }) => [360, 768, 1440].includes(width))) {
    test(`at ${viewport.width} a short row of recent projects stands centred`, async ({ page }) => {
      await page.setViewportSize(viewport)
      // One project of its town (Midtown Toronto's kitchen).
      await page.goto('/areas-of-service/midtown-toronto-kitchen-remodeling')
      const section = page.locator('section[aria-labelledby="recent-projects-heading"]')
      const cards = section.getByRole('listitem')
      await expect(cards).toHaveCount(1)
      const list = await boxOf(section.getByRole('list'))
      const card = await boxOf(cards.first())
      const listMiddle = list.x + list.width / 2
      expect(Math.abs(card.x + card.width / 2 - listMiddle)).toBeLessThanOrEqual(1)
      // A card as wide as a column of the grid: a third from lg, half from sm, whole below.
      const columns = viewport.width >= 1024 ? 3 : viewport.width >= 640 ? 2 : 1
      expect(card.width).toBeLessThanOrEqual(list.width / columns + 1)
      expect(card.width).toBeGreaterThanOrEqual(list.width / columns - 24)
    })
  }
})
