/**
 * Issue 37: the gallery in pages. A page of twelve projects at a time, each page a URL the server
 * renders; "show more" appends the next page and names it in the URL; the viewer steps through
 * the whole view, across pages, wrapping.
 */
import { readFileSync } from 'node:fs'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'

const manifest: { title: string }[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const pageSize = 12
const byTitle = manifest.map((entry) => entry.title).sort((a, b) => a.localeCompare(b, 'en-CA'))
const html = (title: string) => title.replaceAll('&', '&amp;')

const cards = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Projects' }).getByRole('listitem')
const pagination = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Gallery pages' })

test('the seeded gallery needs a second page', () => {
  expect(manifest.length).toBeGreaterThan(pageSize)
  expect(manifest.length).toBeLessThanOrEqual(pageSize * 2)
})

test('a shared ?page=2 is rendered by the server: that page alone, with links back', async ({
  request,
  baseURL,
}) => {
  const second = await (await request.get('/gallery?sort=alphabetical&page=2')).text()
  for (const title of byTitle.slice(pageSize)) expect(second).toContain(html(title))
  for (const title of byTitle.slice(0, pageSize)) expect(second).not.toContain(`>${html(title)}<`)
  expect(second).toMatch(/aria-current="page" aria-label="Page 2"/)
  expect(second).toContain('href="/gallery?sort=alphabetical"')
  // Each page of the whole gallery is a page of its own for a search engine; a filtered view
  // points at the main URL.
  const own = await (await request.get('/gallery?page=2')).text()
  expect(own).toContain(`<link rel="canonical" href="${baseURL}/gallery?page=2"`)
  expect(own).toMatch(/<title>Project Gallery, Page 2:/)
  expect(second).toContain(`<link rel="canonical" href="${baseURL}/gallery"`)
  // Page 1 and page 2 together hold every project: each is reachable by links.
  const first = await (await request.get('/gallery?sort=alphabetical')).text()
  for (const title of byTitle.slice(0, pageSize)) expect(first).toContain(html(title))
  expect(first).toContain('href="/gallery?sort=alphabetical&amp;page=2"')
})

/**
 * A browser without JavaScript sees what the server had ready when the page's shell went out (the
 * rest streams in for scripts to place): each view is asked for once first, as a visitor's first
 * view of it may show the placeholders.
 */
const warm = async (request: import('@playwright/test').APIRequestContext, paths: string[]) => {
  for (const path of paths) await request.get(path)
}

test('page links work without JavaScript', async ({ browser, baseURL, request }) => {
  await warm(request, ['/gallery?sort=alphabetical', '/gallery?sort=alphabetical&page=2'])
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/gallery?sort=alphabetical')
  await expect(cards(page)).toHaveCount(pageSize)
  await pagination(page).getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/\/gallery\?sort=alphabetical&page=2$/)
  await expect(cards(page).getByRole('heading')).toHaveText(byTitle.slice(pageSize))
  await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // "Show more" is a plain link to the next page, too.
  await pagination(page).getByRole('link', { name: 'Previous page' }).click()
  await page.getByRole('link', { name: 'Show More Projects' }).click()
  await expect(page).toHaveURL(/page=2$/)
  await context.close()
})

test('show more appends the next page, names it in the URL, and moves focus to its first project', async ({
  page,
}) => {
  await gotoHydrated(page, '/gallery?sort=alphabetical')
  await expect(cards(page)).toHaveCount(pageSize)
  await page.getByRole('link', { name: 'Show More Projects' }).click()
  await expect(page).toHaveURL(/\/gallery\?sort=alphabetical&page=2$/)
  await expect(cards(page).getByRole('heading')).toHaveText(byTitle)
  await expect(cards(page).nth(pageSize).getByRole('link')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Show More Projects' })).toHaveCount(0)
  await expect(page.getByText(`${manifest.length} projects shown`)).toBeAttached()
  await expectNoAxeViolations(page)

  // The same URL, loaded afresh, is page 2 alone.
  await gotoHydrated(page, '/gallery?sort=alphabetical&page=2')
  await expect(cards(page).getByRole('heading')).toHaveText(byTitle.slice(pageSize))
})

test('a project on page 2 opens in the viewer, which steps through the whole view and wraps', async ({
  page,
}) => {
  await gotoHydrated(page, '/gallery?sort=alphabetical&page=2')
  const dialog = page.getByRole('dialog')
  const heading = dialog.getByRole('heading', { level: 2 })
  await cards(page).last().getByRole('link').click()
  await expect(heading).toHaveText(byTitle.at(-1) as string)
  await expect(page).toHaveURL(/page=2&project=|project=.*page=2/)
  // The last project's next is the first of the view, on page 1.
  await dialog.getByRole('link', { name: /^Next project/ }).click()
  await expect(heading).toHaveText(byTitle[0] as string)
  // Back across the pages' boundary, a step at a time, to page 1's last project.
  for (let index = byTitle.length - 1; index >= pageSize - 1; index--) {
    await page.keyboard.press('ArrowLeft')
    await expect(heading).toHaveText(byTitle[index] as string)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cards(page).getByRole('heading')).toHaveText(byTitle.slice(pageSize))
})

test('a shared project of page 1, opened on page 2, renders with its neighbours before JavaScript', async ({
  browser,
  baseURL,
  request,
}) => {
  const first = await (await request.get('/gallery?sort=alphabetical')).text()
  const id = [...first.matchAll(/id="project-card-([^"]+)"/g)].map((m) => m[1])[0] as string
  const shared = `/gallery?sort=alphabetical&page=2&project=${encodeURIComponent(id)}`
  await warm(request, [shared])
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto(shared)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(byTitle[0] as string)
  await expect(dialog.getByRole('link', { name: /^Previous project/ })).toHaveAccessibleName(
    `Previous project: ${byTitle.at(-1)}`,
  )
  await expect(dialog.getByRole('link', { name: /^Next project/ })).toHaveAccessibleName(
    `Next project: ${byTitle[1]}`,
  )
  await context.close()
})

test('a bad page degrades: junk and 0 are the first page, past the end the last', async ({
  page,
  request,
}) => {
  for (const bad of ['0', '-1', 'abc', '1.5', '']) {
    const response = await page.goto(`/gallery?page=${bad}`)
    expect(response?.status(), bad).toBe(200)
    await expect(page).toHaveURL(/\/gallery$/)
    await expect(cards(page)).toHaveCount(pageSize)
  }
  const past = await request.get('/gallery?page=99')
  expect(past.status()).toBe(200)
  expect(past.url()).toMatch(/\/gallery\?page=2$/)
  const body = await past.text()
  expect(body).toMatch(/aria-current="page" aria-label="Page 2"/)
  expect(body).toContain(`${manifest.length - pageSize} of ${manifest.length} projects shown`)
})

/** Where the server sends an address, without following it, and how long a CDN may keep that. */
const redirectOf = async (baseURL: string | undefined, path: string) => {
  const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' })
  await response.body?.cancel()
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control') ?? '',
  }
}
const sameSearch = (location: string | null, expected: string) =>
  expect([...new URL(location ?? '', 'http://x').searchParams].sort()).toEqual(
    [...new URL(expected, 'http://x').searchParams].sort(),
  )

test('a page past the end or a project no longer shown is no page of its own: it is sent to what the gallery shows', async ({
  request,
  baseURL,
}) => {
  const first = await (await request.get('/gallery?sort=alphabetical')).text()
  const id = /id="project-card-([^"]+)"/.exec(first)?.[1] as string
  const kitchens = (await (await request.get('/gallery?category=kitchen')).text()).match(
    /id="project-card-/g,
  )
  expect(kitchens?.length ?? 0, 'the kitchens fit on one page').toBeLessThanOrEqual(pageSize)
  const cases: [asked: string, sentTo: string][] = [
    ['/gallery?page=1000000000', '/gallery?page=2'],
    ['/gallery?category=kitchen&page=3', '/gallery?category=kitchen'],
    ['/gallery?project=a-project-since-removed', '/gallery'],
    [`/gallery?project=${'x'.repeat(200)}`, '/gallery'],
    ['/gallery?sort=alphabetical&page=2&project=gone&image=3', '/gallery?sort=alphabetical&page=2'],
    [
      `/gallery?sort=alphabetical&page=7&project=${encodeURIComponent(id)}&image=2`,
      `/gallery?sort=alphabetical&page=2&project=${encodeURIComponent(id)}&image=2`,
    ],
  ]
  for (const [asked, sentTo] of cases) {
    const answer = await redirectOf(baseURL, asked)
    expect(answer.status, asked).toBe(307)
    expect(new URL(answer.location ?? '', baseURL).pathname, asked).toBe('/gallery')
    sameSearch(answer.location, sentTo)
    // What the gallery shows changes: kept no longer than its list, like the page itself.
    expect(answer.cacheControl, asked).toMatch(
      /^(no-store|public, max-age=0, s-maxage=([1-9]\d?|[12]\d\d|300), stale-while-revalidate=3600)$/,
    )
  }
  // Where it lands is a page of its own: indexable, its canonical itself.
  const landed = await request.get('/gallery?page=1000000000')
  expect(landed.status()).toBe(200)
  const html = await landed.text()
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/gallery?page=2"`)
  expect(html).not.toMatch(/<meta name="robots"/)
  expect(landed.headers()['x-robots-tag']).toBeUndefined()
  // A project still shown, and a page that exists, answer as themselves.
  for (const path of [`/gallery?project=${encodeURIComponent(id)}`, '/gallery?page=2']) {
    const answer = await request.get(path, { maxRedirects: 0 })
    expect(answer.status(), path).toBe(200)
    expect(await answer.text()).toContain(`<link rel="canonical" href="${baseURL}${path}"`)
  }
})

test('a visitor with a shared link to a removed project lands on the gallery', async ({ page }) => {
  await gotoHydrated(page, '/gallery?category=bathroom&project=since-removed')
  await expect(page).toHaveURL(/\/gallery\?category=bathroom$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(cards(page).first()).toBeVisible()
})

test('service and location pages take no gallery params: they send them away', async ({
  baseURL,
}) => {
  for (const path of [
    '/services/kitchen-remodeling',
    '/kitchen-remodeling',
    '/areas-of-service/concord-kitchen-remodeling',
  ]) {
    const answer = await redirectOf(baseURL, `${path}?page=1000000000&project=gone`)
    expect(answer.status, path).toBe(307)
    expect(answer.location, path).toBe(path)
  }
})

test('a new filter starts at the first page', async ({ page }) => {
  await gotoHydrated(page, '/gallery?page=2')
  await page
    .getByRole('navigation', { name: 'Project categories' })
    .getByRole('link', { name: 'Kitchen Renovation' })
    .click()
  await expect(page).toHaveURL(/\/gallery\?category=kitchen$/)
  await page.getByLabel('Sort by').selectOption('newest')
  await expect(page).toHaveURL(/category=kitchen&sort=newest$/)
})

test('the gallery ends with the closing call to action', async ({ page }) => {
  await gotoHydrated(page, '/gallery')
  const cta = page.getByRole('region', { name: 'Ready to Start Your Project?' })
  await expect(cta.getByRole('link', { name: 'Get Your Free Quote' })).toHaveAttribute(
    'href',
    '/contact-us',
  )
  await expect(cta.locator('a[href^="tel:"]')).toHaveCount(1)
})

test('the sitemap lists every project of the gallery', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const projects = [...xml.matchAll(/<loc>[^<]*\/gallery\?project=([^<]+)<\/loc>/g)]
  expect(projects).toHaveLength(manifest.length)
  const first = await (await request.get('/gallery?sort=alphabetical')).text()
  const id = /id="project-card-([^"]+)"/.exec(first)?.[1] as string
  expect(xml).toContain(`${baseURL}/gallery?project=${encodeURIComponent(id)}</loc>`)
})
