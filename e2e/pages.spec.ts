import type { Page } from '@playwright/test'
import { company } from '../app.config'
import { faqs } from '../src/content/faq.content'
import { locationIds, locationServiceIds } from '../src/content/locations'
import { locationServices } from '../src/content/locations.content'
import { servicesPageOrder } from '../src/content/services'
import { homeTestimonials } from '../src/content/testimonials.content'
import { siteMapGroups } from '../src/features/navigation/site-map'
import { expect, expectNoAxeViolations, gotoHydrated, test, withHeadingFont } from './fixtures'
import { layoutViewports } from './support/viewports'

const allPages = siteMapGroups().flatMap((group) => group.entries.map((entry) => entry.path))
const isLocationPage = (path: string) => path.startsWith('/areas-of-service/')

/** Texts each page must hold in its first HTML, before any script runs. */
const keyTexts: Record<string, string[]> = {
  '/': [
    'Transforming Homes Since 1998',
    'Get Your Free Quote',
    'Why Choose Us',
    'Full-Service Remodeling',
    'Experience &amp; Skill',
    'Satisfaction Guarantee',
    'Competitive Pricing',
    'Licensed &amp; Insured',
    'Quality Relationships',
    'Our Services',
    'View All Services',
    'Value of Home Renovations',
    '90%',
    '80%',
    '40%',
    'What Our Clients Say',
    'Review Us On Google',
    'Ready to Transform Your Space?',
  ],
  '/about-us': [
    'Our Story &amp; Philosophy',
    'Why Remodel?',
    'Key Benefits of Remodeling',
    'We&#x27;ve Got It Covered',
    'Design &amp; Planning',
    'Material Selection',
    'Professional Construction',
    'Final Inspection',
    'Contact Us Today',
  ],
  '/services': ['Our Remodeling Services', 'Request a Consultation'],
  '/services/kitchen-remodeling': [
    'Kitchen Remodeling',
    'Key Features',
    'Benefits',
    'Our Process',
    '4–8 weeks',
  ],
  '/faq': ['Frequently Asked Questions', faqs[0]?.question ?? ''],
  '/service-areas': ['By Location', 'By Service', 'Load interactive map'],
  '/privacy-policy': ['Privacy Policy', 'May 8, 2025'],
  '/sitemap': ['Sitemap', 'Kitchen Remodeling in Midtown Toronto'],
  '/areas-of-service/midtown-toronto-kitchen-remodeling': ['Kitchen Remodeling in Midtown Toronto'],
}

test('the services page lists its services in the catalog order', async ({ request }) => {
  const page = await (await request.get('/services')).text()
  const html = page.slice(page.indexOf('<main'), page.indexOf('</main>'))
  const hrefs = [...html.matchAll(/href="\/services\/([a-z-]+)"/g)].map((m) => m[1])
  expect([...new Set(hrefs)]).toEqual([...servicesPageOrder])
})

test('every location page answers 200, midtown-toronto included', async ({ request }) => {
  for (const location of locationIds) {
    for (const service of locationServiceIds) {
      const response = await request.get(`/areas-of-service/${location}-${service}`)
      expect(response.status(), `${location}-${service}`).toBe(200)
    }
  }
})

test('an invalid location path is a 404 with the format hint and three links', async ({ page }) => {
  for (const path of [
    '/areas-of-service/paris-kitchen-remodeling',
    '/areas-of-service/concord-roofing',
    '/areas-of-service/midtown',
  ]) {
    const response = await gotoHydrated(page, path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found')
    await expect(page.getByRole('main')).toContainText(
      '/areas-of-service/concord-kitchen-remodeling',
    )
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'View Service Areas' })).toHaveAttribute(
      'href',
      '/service-areas',
    )
    await expect(main.getByRole('link', { name: 'All Services' })).toHaveAttribute(
      'href',
      '/services',
    )
    await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  }
})

test('an unknown service is a 404 that links to all services', async ({ page }) => {
  const response = await gotoHydrated(page, '/services/roofing')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle(/Service Not Found/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found')
  await expect(
    page.getByRole('main').getByRole('link', { name: 'View All Services' }),
  ).toHaveAttribute('href', '/services')
})

test('top-level service routes render the service with a canonical link to /services/<id>', async ({
  request,
}) => {
  for (const id of servicesPageOrder) {
    const response = await request.get(`/${id}`)
    expect(response.status(), id).toBe(200)
    const html = await response.text()
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/services/${id}"`))
  }
})

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })
  test('the hero stands still', async ({ page }) => {
    await gotoHydrated(page, '/')
    // The scroll, then two rendered frames: a moving hero would have moved in the first.
    await page.evaluate(async () => {
      const scrolled = new Promise((resolve) => addEventListener('scroll', resolve, { once: true }))
      window.scrollTo(0, 300)
      await scrolled
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
    })
    expect(await page.evaluate(() => window.scrollY)).toBe(300)
    await expect(page.locator('[data-parallax]')).toHaveCSS(
      'transform',
      'matrix(1.15, 0, 0, 1.15, 0, 0)',
    )
  })
})

test('every internal link on every page leads to a page that answers 200', async ({ request }) => {
  // A few hundred server renders one after another: 30 s ran out at load 20 with every answer a 200.
  test.setTimeout(180_000)
  const seen = new Set<string>()
  const toVisit = [...allPages]
  const broken: string[] = []
  while (toVisit.length > 0) {
    const path = toVisit.pop() as string
    if (seen.has(path)) continue
    seen.add(path)
    const response = await request.get(path)
    if (response.status() !== 200) {
      broken.push(`${path} → ${response.status()}`)
      continue
    }
    const html = await response.text()
    for (const match of html.matchAll(/<a [^>]*href="(\/[^"#]*)/g)) {
      const href = (match[1] ?? '').replaceAll('&amp;', '&')
      if (!href.startsWith('/storage/') && !seen.has(href)) toVisit.push(href)
    }
  }
  expect(broken).toEqual([])
  expect(seen.size).toBeGreaterThanOrEqual(allPages.length)
})

test('every page has its own title and meta description', async ({ request }) => {
  const titles = new Map<string, string>()
  for (const path of allPages) {
    const html = await (await request.get(path)).text()
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1]
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1]
    expect(title, `${path} title`).toBeTruthy()
    expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(50)
    expect(titles.get(title ?? ''), `${path} shares its title`).toBeUndefined()
    titles.set(title ?? '', path)
  }
})

test('images reserve their size, and only the hero picture loads eagerly', async ({ request }) => {
  for (const path of [
    ...allPages.filter((p) => !isLocationPage(p)),
    '/areas-of-service/etobicoke-bathroom-remodeling',
  ]) {
    const html = await (await request.get(path)).text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    const images = [...main.matchAll(/<img\b[^>]*>/g)].map((m) => m[0])
    for (const img of images) {
      expect(img, `${path}: ${img}`).toMatch(/\bwidth="\d+"/)
      expect(img, `${path}: ${img}`).toMatch(/\bheight="\d+"/)
    }
    const eager = images.filter((img) => !/loading="lazy"/.test(img))
    expect(eager.length, `${path} eager images: ${eager.join('\n')}`).toBeLessThanOrEqual(1)
    const firstSection = main.slice(0, main.indexOf('</section>'))
    for (const img of eager)
      expect(firstSection, `${path}: the eager image is the hero's`).toContain(img)
  }
})

/**
 * The pages visited in a browser: every page of the site map but the location pages, which share
 * one template and differ in their location, its home or business copy, and their service; so a
 * set that names every location with each kind of copy, and every service, stands for all 30 (each
 * of which answers 200 above, renders without JavaScript in seo.spec.ts and validates in
 * html-validity.spec.ts; a location's note on a service shows only where the pair is visited).
 * One of the top-level service paths: one route, which renders the /services/<id> page.
 */
const settingOf = (service: (typeof locationServiceIds)[number]) =>
  locationServices[service].setting
const locationPagesVisited = [
  ...Array.from(
    { length: Math.max(locationIds.length, locationServiceIds.length) },
    (_, index) =>
      `${locationIds[index % locationIds.length]}-${locationServiceIds[index % locationServiceIds.length]}`,
  ),
  ...locationIds.flatMap((location) =>
    [...new Set(locationServiceIds.map(settingOf))].map(
      (setting) =>
        `${location}-${locationServiceIds.find((service) => settingOf(service) === setting)}`,
    ),
  ),
].map((id) => `/areas-of-service/${id}`)
const visitedPages = [
  ...new Set([
    ...allPages.filter((path) => !isLocationPage(path)),
    ...locationPagesVisited,
    `/${servicesPageOrder[0]}`,
    ...Object.keys(keyTexts),
  ]),
]

/** What a page does once it is open, checked in the same visit at the desktop width. */
const interactions: Record<string, (page: Page) => Promise<void>> = {
  '/': homeHero,
  '/faq': faqAccordion,
  '/service-areas': serviceAreaViews,
}

/** The widths visitors bring (e2e/support/viewports.ts) other than the two checked in full. */
const overflowOnlyViewports = layoutViewports.filter(({ width }) => width !== 360 && width !== 1440)

/**
 * One visit per page, at 360 px and then at 1440 px: the page answers, holds its texts in the
 * first HTML, shows its heading and footer, has no axe violation and no horizontal overflow at
 * either width, no console error or Content-Security-Policy violation (the fixture), and does what
 * it does. Between the two, the window is resized through the other widths visitors bring (320 to
 * 1024 px), where the page must not overflow either: the pages with a layout of their own are also
 * loaded afresh at each of those widths in visual.spec.ts.
 */
for (const path of visitedPages) {
  test(path, async ({ page }) => {
    // The heading face whatever won the first paint: widths are measured in the face visitors see.
    await withHeadingFont(page)
    await page.setViewportSize({ width: 360, height: 900 })
    const response = await gotoHydrated(page, path)
    await test.step('it answers 200', async () => {
      expect(response?.status(), path).toBe(200)
    })
    const texts = keyTexts[path]
    if (texts) {
      await test.step('it is whole in the first HTML', async () => {
        const html = (await response?.text()) ?? ''
        for (const text of texts) expect(html, `${path} contains ${text}`).toContain(text)
      })
    }
    for (const width of [360, 1440]) {
      if (width !== 360) {
        await test.step('at 320 to 1024 px it has no horizontal overflow', async () => {
          for (const viewport of overflowOnlyViewports) {
            await page.setViewportSize(viewport)
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            )
            expect(
              overflow,
              `${path} overflows horizontally at ${viewport.width} px`,
            ).toBeLessThanOrEqual(0)
          }
        })
        await page.setViewportSize({ width, height: 900 })
      }
      await test.step(`at ${width} px it shows its heading and the footer's links`, async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
        ).toBeVisible()
      })
      await test.step(`at ${width} px it has no axe violations`, async () => {
        await expectNoAxeViolations(page)
      })
      await test.step(`at ${width} px it has no horizontal overflow`, async () => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${path} overflows horizontally at ${width} px`).toBeLessThanOrEqual(0)
      })
    }
    await interactions[path]?.(page)
  })
}

async function faqAccordion(page: Page) {
  await test.step('the FAQ accordion opens one question at a time and can close it', async () => {
    const questions = page.getByRole('main').locator('details')
    await expect(questions).toHaveCount(faqs.length)
    const question = (index: number) => questions.filter({ hasText: faqs[index]?.question ?? '' })
    const answer = (index: number) => page.getByText(faqs[index]?.answer ?? '')
    await expect(answer(0)).toBeHidden()
    await question(0).locator('summary').click()
    await expect(question(0)).toHaveAttribute('open')
    await expect(answer(0)).toBeVisible()
    await question(1).locator('summary').click()
    await expect(answer(1)).toBeVisible()
    await expect(question(0)).not.toHaveAttribute('open')
    await expect(answer(0)).toBeHidden()
    await question(1).locator('summary').click()
    await expect(answer(1)).toBeHidden()
    await expect(page.getByRole('main').locator('details[open]')).toHaveCount(0)
    // The keyboard opens a question too.
    await question(3).locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(answer(3)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact-us',
    )
  })
}

async function serviceAreaViews(page: Page) {
  await test.step('the lists switch between locations and services in place, by keyboard too', async () => {
    const views = page.getByRole('navigation', { name: 'Browse service areas' })
    const byLocation = views.getByRole('link', { name: 'By Location' })
    const byService = views.getByRole('link', { name: 'By Service' })
    await expect(byLocation).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('link', { name: 'Kitchen Remodeling in Concord' })).toHaveAttribute(
      'href',
      '/areas-of-service/concord-kitchen-remodeling',
    )
    await byService.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    await byService.click()
    await expect(page).toHaveURL(/\/service-areas\?view=by-service#areas-list-heading$/)
    await expect(byService).toHaveAttribute('aria-current', 'page')
    await expect(byLocation).not.toHaveAttribute('aria-current')
    await expect(
      page.getByRole('heading', { level: 3, name: 'Bathroom Remodeling', exact: true }),
    ).toBeVisible()
    // Switching views in the app keeps the page where it was.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    await byLocation.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/service-areas#areas-list-heading$/)
    await expect(page.getByRole('heading', { level: 3, name: 'Concord' })).toBeVisible()
  })
}

async function homeHero(page: Page) {
  await test.step('home: hero, parallax that never moves layout, and the review link', async () => {
    const hero = page.locator('section').first()
    const heroBox = await hero.boundingBox()
    expect(heroBox?.height).toBeGreaterThanOrEqual(900 * 0.9 - 1)
    const layer = page.locator('[data-parallax]')
    await expect(layer).toHaveCSS('transform', /matrix\(1\.15, 0, 0, 1\.15, 0, 0\)/)
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(layer).toHaveCSS('transform', /matrix\(1\.15, 0, 0, 1\.15, 0, 30\)/)
    const after = await hero.evaluate((el) => el.getBoundingClientRect().height)
    expect(after).toBeCloseTo(heroBox?.height ?? 0, 0)
    const review = page.getByRole('link', { name: /Google Review/ })
    await expect(review).toHaveAttribute('href', company.reviewUrl)
    await expect(review).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(
      homeTestimonials.length,
    )
  })
}
