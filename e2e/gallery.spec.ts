import { readFileSync } from 'node:fs'
import {
  allowConsoleErrors,
  allowFailedResponses,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  test,
} from './fixtures'

type ManifestEntry = {
  path: string
  title: string
  featured: boolean
  createdAt: string
  location: string
}
const manifest: ManifestEntry[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const categoryOf = (entry: ManifestEntry) => entry.path.split('/')[0]
const kitchens = manifest.filter((entry) => categoryOf(entry) === 'kitchen')

/** The first page shows twelve; page links and "show more" lead to the rest (gallery-pages.spec.ts). */
const firstPage = Math.min(manifest.length, 12)

const cards = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Projects' }).getByRole('listitem')

test('the gallery shows every seeded project, server-rendered, on its pages', async ({
  request,
}) => {
  const html = [
    await (await request.get('/gallery')).text(),
    await (await request.get('/gallery?page=2')).text(),
  ].join('')
  for (const entry of manifest) expect(html).toContain(entry.title.replaceAll('&', '&amp;'))
})

test('category links and sort change the URL and the grid', async ({ page }) => {
  await gotoHydrated(page, '/gallery')
  await expect(cards(page)).toHaveCount(firstPage)
  await page
    .getByRole('navigation', { name: 'Project categories' })
    .getByRole('link', { name: 'Kitchen Renovation' })
    .click()
  await expect(page).toHaveURL(/\/gallery\?category=kitchen$/)
  await expect(cards(page)).toHaveCount(kitchens.length)

  await page.getByLabel('Sort by').selectOption('alphabetical')
  await expect(page).toHaveURL(
    /category=kitchen&sort=alphabetical|sort=alphabetical&category=kitchen/,
  )
  const titles = kitchens.map((k) => k.title).sort((a, b) => a.localeCompare(b, 'en-CA'))
  await expect(cards(page).getByRole('heading')).toHaveText(titles)

  await page
    .getByRole('navigation', { name: 'Project categories' })
    .getByRole('link', { name: 'All Projects' })
    .click()
  await expect(page).toHaveURL(/\/gallery\?sort=alphabetical$/)
})

test('search narrows the grid, and no match shows the empty message with a way back', async ({
  page,
}) => {
  await gotoHydrated(page, '/gallery')
  const first = kitchens[0] as ManifestEntry
  await page.getByLabel('Search projects').fill(first.title.toUpperCase())
  await expect(page).toHaveURL(
    new RegExp(`q=${encodeURIComponent(first.title.toUpperCase()).replaceAll('%20', '(\\+|%20)')}`),
  )
  await expect(cards(page).getByRole('heading')).toContainText([first.title])

  await page.getByLabel('Search projects').fill('zzzz-nothing')
  await expect(page.getByText('No projects found matching your current filters.')).toBeVisible()
  await page.getByRole('link', { name: 'View All Projects' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(cards(page)).toHaveCount(firstPage)
})

test('a shared URL renders that exact view, modal open, before JavaScript runs', async ({
  browser,
  request,
  baseURL,
}) => {
  const newest = [...kitchens].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const html = await (await request.get('/gallery')).text()
  const id = [...html.matchAll(/id="project-card-([^"]+)"/g)].map((m) => m[1])[0]
  expect(id).toBeTruthy()
  const shared = `/gallery?category=kitchen&sort=newest&project=${id}`
  // Its first render since the server started: the visitor without JavaScript is the first one.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto(shared)
  await expect(cards(page).getByRole('heading')).toHaveText(newest.map((k) => k.title))
  await expect(page.getByRole('dialog')).toBeVisible()
  await context.close()
})

test('unknown search values fall back to the defaults instead of failing', async ({ page }) => {
  const response = await gotoHydrated(page, '/gallery?category=roofs&sort=sideways&project=nope')
  expect(response?.status()).toBe(200)
  await expect(cards(page)).toHaveCount(firstPage)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the modal wraps both ways, follows the arrow keys, closes on Escape and restores focus', async ({
  page,
}) => {
  await gotoHydrated(page, '/gallery?category=kitchen&sort=alphabetical')
  const titles = kitchens.map((k) => k.title).sort((a, b) => a.localeCompare(b, 'en-CA'))
  const firstCard = cards(page).first().getByRole('link')
  await firstCard.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(titles[0] as string)
  await expect(page).toHaveURL(/project=/)
  await expect(dialog).toContainText('Kitchen Renovation')

  await dialog.getByRole('link', { name: /^Previous project/ }).click()
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(titles.at(-1) as string)
  await dialog.getByRole('link', { name: /^Next project/ }).click()
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(titles[0] as string)
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(titles[1] as string)
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(titles.at(-1) as string)

  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/project=/)
  await expect(cards(page).last().getByRole('link')).toBeFocused()
})

test('the close button clears the project and returns focus to its card', async ({ page }) => {
  await gotoHydrated(page, '/gallery')
  const card = cards(page).nth(1).getByRole('link')
  await card.click()
  await page.getByRole('link', { name: 'Close project' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(card).toBeFocused()
})

test('a broken image falls back to the placeholder', async ({ page }) => {
  // The photos and their smaller variants (gallery-variants/kitchen/…).
  await page.route('**/storage/v1/object/public/gallery*/kitchen/**', (route) =>
    route.fulfill({ status: 404 }),
  )
  page.removeAllListeners('response')
  await page.goto('/gallery?category=kitchen')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expect(cards(page).first().locator('img')).toHaveAttribute(
    'src',
    '/images/image-not-found.svg',
  )
})

test('a gallery that cannot be fetched during a visit keeps each page, with the toast and an inline error', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await gotoHydrated(page, '/faq')
  // From here on every server-function call fails, as with the site's API down mid-visit.
  await page.route(/\/_serverFn\//, (route) => route.fulfill({ status: 500, body: 'unavailable' }))
  allowFailedResponses(page, /\/_serverFn\//)
  allowConsoleErrors(page, /./)
  const toast = page.getByText('Failed to load gallery images. Please try again later.')

  await page.getByRole('contentinfo').getByRole('link', { name: 'Gallery' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Project Gallery' })).toBeVisible()
  // The query retries twice (1 s, then 2 s) before it gives up.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Error loading projects. Please try refreshing the page.' }),
  ).toBeVisible({ timeout: 15_000 })
  await expect(toast).toBeVisible()
  await expect(page.getByRole('searchbox')).toBeVisible()

  await page.getByRole('contentinfo').getByRole('link', { name: 'Bathroom Remodeling' }).click()
  await expect(page).toHaveURL(/\/services\/bathroom-remodeling$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bathroom')
  await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Unable to load gallery images. Please try again later.' }),
  ).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText("We couldn't load this page")).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('on a phone the cards stand one to a row with readable text, two from 640 px', async ({
  page,
}) => {
  for (const { width, columns } of [
    { width: 320, columns: 1 },
    { width: 360, columns: 1 },
    { width: 639, columns: 1 },
    { width: 640, columns: 2 },
  ]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/gallery')
    const cards = page.getByRole('list', { name: 'Projects' }).getByRole('listitem')
    const lefts = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().left)),
    )
    expect(new Set(lefts).size, `columns at ${width}`).toBe(columns)
    // The smallest text of a card's body: its place and its weeks and budget (the category above
    // the title is a label in capitals, at 12 px).
    const sizes = await cards.evaluateAll((items) =>
      items.flatMap((item) =>
        [...item.querySelectorAll('h3, p:not(:first-child)')].map((text) =>
          Number.parseFloat(getComputedStyle(text).fontSize),
        ),
      ),
    )
    expect(sizes.length).toBeGreaterThan(0)
    expect(Math.min(...sizes), `body text at ${width}`).toBeGreaterThanOrEqual(14)
    const labels = await cards.evaluateAll((items) =>
      items.map((item) => {
        const label = item.querySelector('p')
        return label ? Number.parseFloat(getComputedStyle(label).fontSize) : 0
      }),
    )
    expect(Math.min(...labels), `category label at ${width}`).toBeGreaterThanOrEqual(12)
  }
})
