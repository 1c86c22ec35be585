/**
 * Query params no route reads (tracking tags, junk, a hand-edited URL) cost nothing (issue 23):
 * a page asked for with them is sent to the page without them, so they never reach its links,
 * its size or the server's copies of rendered pages (src/server/page-cache.server.ts).
 */
import { baseURL } from '../playwright.config'
import { expect, test } from './fixtures'

const browserHeaders = { accept: 'text/html', 'accept-encoding': 'identity' }
const tag = (size: number) => 'x'.repeat(size)

const get = (path: string, redirect: RequestRedirect = 'follow') =>
  fetch(`${baseURL}${path}`, { headers: browserHeaders, redirect })

test('a page asked for with unknown (and huge) query params answers as the page without them', async () => {
  const pages = [
    '/gallery?category=kitchen',
    '/gallery',
    '/services/kitchen-remodeling',
    '/faq',
    '/service-areas?view=by-service',
  ]
  for (const page of pages) {
    const junk = `utm_content=${tag(15_000)}&fbclid=${tag(300)}`
    const asked = `${page}${page.includes('?') ? '&' : '?'}${junk}`
    const redirect = await get(asked, 'manual')
    expect(redirect.status, asked.slice(0, 60)).toBeGreaterThanOrEqual(300)
    expect(redirect.status).toBeLessThan(400)
    expect(redirect.headers.get('location')).toBe(page)
    expect((await redirect.arrayBuffer()).byteLength).toBeLessThan(1000)

    // A view asked for the first time streams its list after a placeholder while the database
    // answers; asked once before, both answers compared here render from the same kept answer.
    await (await get(page)).arrayBuffer()
    const clean = await (await get(page)).text()
    const followed = await get(asked)
    const html = await followed.text()
    expect(followed.status).toBe(200)
    expect(new URL(followed.url).search).toBe(new URL(page, baseURL).search)
    expect(html).not.toContain('utm_content')
    expect(html).not.toContain('fbclid')
    // The same page: only the nonce and the gallery's freshness differ between two answers.
    expect(Math.abs(html.length - clean.length)).toBeLessThan(clean.length * 0.02)
  }
})

test('addresses that differ only in unknown params share one kept copy of the page', async () => {
  const page = '/gallery?category=carpentry&sort=location'
  const answers: (string | null)[] = []
  // Each with a tag of its own. A page is kept once asked for twice, and its copy is ready a moment
  // after the second answer has ended; kept per address, no answer would ever come from a copy.
  await expect
    .poll(
      async () => {
        const response = await get(`${page}&utm_campaign=spring-${crypto.randomUUID()}`)
        await response.arrayBuffer()
        answers.push(response.headers.get('x-page-cache'))
        return answers
      },
      { intervals: [0, 50, 100, 250] },
    )
    .toContain('hit')
})

test('links on a page opened with unknown params leave them out, before and after a click', async ({
  page,
}) => {
  await page.goto(`/gallery?category=kitchen&utm_source=newsletter&ref=${tag(2000)}`)
  await expect(page).toHaveURL(`${baseURL}/gallery?category=kitchen`)
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(hrefs.length).toBeGreaterThan(20)
  expect(hrefs.filter((href) => /utm_source|ref=/.test(href))).toEqual([])
  await page
    .getByRole('navigation', { name: 'Project categories' })
    .getByRole('link', { name: 'Bathroom Remodel' })
    .click()
  await expect(page).toHaveURL(`${baseURL}/gallery?category=bathroom`)
})
