import { proof } from '../app.config'
import { homeTestimonials, testimonialsFrom } from '../src/content/testimonials.content'
import { siteMapGroups } from '../src/features/navigation/site-map'
import { expect, test } from './fixtures'

const allPages = siteMapGroups().flatMap((group) => group.entries.map((entry) => entry.path))

test('every rating on every page is a link to the review profile, marked Sample while it is one', async ({
  page,
}) => {
  test.slow()
  const profile = proof.reviewProfile
  const ratingsSeen: string[] = []
  for (const path of allPages) {
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    // Each text that states an aggregate rating ("4.9 out of 5", "4.9 from 86 reviews"), with the
    // link it sits in and whether a Sample mark stands in the same item.
    const ratings = await page.evaluate(() => {
      const found: { text: string; href: string | null; marked: boolean }[] = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        if (!/\b\d\.\d (?:out of 5|from \d+)/.test(text)) continue
        const element = node.parentElement
        found.push({
          text,
          href: element?.closest('a')?.getAttribute('href') ?? null,
          marked: Boolean(element?.closest('li')?.querySelector('[data-sample-mark]')),
        })
      }
      return found
    })
    for (const rating of ratings) {
      expect(rating.href, `${path}: "${rating.text}"`).toBe(profile?.url)
      expect(rating.marked, `${path}: "${rating.text}" marked Sample`).toBe(profile?.sample)
      ratingsSeen.push(path)
    }
  }
  // Without a review profile the site states no rating at all.
  if (profile) expect(ratingsSeen).toContain('/')
  else expect(ratingsSeen).toEqual([])
})

test('the licence, WSIB and insurance stand beside the closing call to action and on the contact page', async ({
  page,
}) => {
  // Whatever the owner filled in: the template's samples (marked) or their own numbers (unmarked).
  const registrations = proof.registrations
  for (const path of ['/', '/services', '/about-us', '/contact-us']) {
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    const line = page.getByRole('list', { name: 'Licence and registrations' })
    if (!registrations) {
      await expect(line, `${path}: no registrations, no line`).toHaveCount(0)
      continue
    }
    if (registrations.licence) {
      await expect(line, path).toContainText(`licence ${registrations.licence.number}`)
    }
    if (registrations.wsibNumber) {
      await expect(line, path).toContainText(`WSIB ${registrations.wsibNumber}`)
    }
    if (registrations.insurance) {
      const { liabilityCover, insurer } = registrations.insurance
      await expect(line, path).toContainText(`${liabilityCover} liability cover with ${insurer}`)
    }
    await expect(line.locator('[data-sample-mark]'), path).toHaveCount(registrations.sample ? 1 : 0)
  }
  if (!registrations) return
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  // Beside the quote button: in the same closing band.
  const band = page.locator('section[aria-labelledby="closing-heading"]')
  await expect(band.getByRole('link', { name: 'Get Your Free Quote' })).toBeVisible()
  await expect(band.getByRole('list', { name: 'Licence and registrations' })).toBeVisible()
})

test('a testimonial is dated by its month and year, never a raw date, wherever it shows', async ({
  page,
}) => {
  const months =
    /^(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/
  for (const [path, testimonials] of [
    ['/', homeTestimonials],
    ['/areas-of-service/concord-kitchen-remodeling', testimonialsFrom('Concord')],
  ] as const) {
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    const dates = page.locator('figure figcaption time')
    const dated = testimonials.filter((testimonial) => testimonial.date)
    expect(dated.length, `${path}: the samples are dated`).toBeGreaterThan(0)
    await expect(dates, path).toHaveCount(dated.length)
    for (const [index, testimonial] of dated.entries()) {
      await expect(dates.nth(index), path).toHaveAttribute('datetime', testimonial.date ?? '')
      expect(await dates.nth(index).textContent(), path).toMatch(months)
    }
  }
})

test('on a narrow phone a membership badge wraps as a tidy box, its number whole', async ({
  page,
}) => {
  const memberships = proof.registrations?.memberships ?? []
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 })
    await page.goto('/about-us', { waitUntil: 'domcontentloaded' })
    const badges = page
      .getByRole('list', { name: 'Licence and registrations' })
      .getByRole('listitem')
      .filter({ hasText: /^Member, / })
    await expect(badges).toHaveCount(memberships.length)
    for (const badge of await badges.all()) {
      const shape = await badge.evaluate((element) => {
        const lineTops = (node: Node) => {
          const range = document.createRange()
          range.selectNodeContents(node)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        }
        const box = element.getBoundingClientRect()
        const number = element.querySelector('span')
        return {
          right: box.right,
          height: box.height,
          radius: Number.parseFloat(getComputedStyle(element).borderTopLeftRadius),
          lines: lineTops(element),
          numberLines: number ? lineTops(number) : 1,
        }
      })
      expect(shape.right, `inside the screen at ${width}`).toBeLessThanOrEqual(width)
      expect(shape.lines, `at ${width}`).toBeLessThanOrEqual(2)
      expect(shape.numberLines, `the number whole at ${width}`).toBe(1)
      // Two lines in a pill's full radius make a lozenge: a badge of two lines is a rounded box.
      if (shape.lines > 1) expect(shape.radius).toBeLessThanOrEqual(shape.height / 3)
    }
  }
})
