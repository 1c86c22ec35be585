import { readFileSync } from 'node:fs'
import { company } from '../app.config'
import { baseURL } from '../playwright.config'
import { locationIds, locationServiceIds } from '../src/content/locations'
import { servicesPageOrder } from '../src/content/services'
import { siteMapGroups } from '../src/features/navigation/site-map'
import { galleryDataCacheControl } from '../src/lib/seo/cache-control'
import { expect, test } from './fixtures'

const allPages = siteMapGroups().flatMap((group) => group.entries.map((entry) => entry.path))

type JsonLd = { '@type': string; [key: string]: unknown }

function headOf(html: string) {
  const attr = (pattern: RegExp) => html.match(pattern)?.[1]?.replaceAll('&amp;', '&')
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
    h1: attr(/<h1[^>]*>([^<]*)<\/h1>/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '{}') as JsonLd,
    ),
  }
}

const decode = (text: string) =>
  text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')

test('every page has a unique short title, a description of search length, canonical, Open Graph and Twitter tags', async ({
  request,
}) => {
  const titles = new Set<string>()
  for (const path of allPages) {
    const head = headOf(await (await request.get(path)).text())
    expect(head.title?.length, `${path}: ${head.title}`).toBeLessThanOrEqual(60)
    expect(titles.has(head.title ?? ''), `${path} title is unique`).toBe(false)
    titles.add(head.title ?? '')
    expect(head.description?.length ?? 0, `${path}: ${head.description}`).toBeGreaterThanOrEqual(70)
    expect(head.description?.length ?? 0, `${path}: ${head.description}`).toBeLessThanOrEqual(160)
    expect(head.canonical).toBe(new URL(path, `${baseURL}/`).toString())
    expect(head.ogUrl).toBe(head.canonical)
    expect(head.ogTitle).toBe(head.title)
    expect(head.ogImage).toBe(`${baseURL}/images/og-default.png`)
    expect(head.twitterCard).toBe('summary_large_image')
  }
})

test('the Open Graph image is a 1200 x 630 PNG', async ({ request }) => {
  const response = await request.get('/images/og-default.png')
  expect(response.status()).toBe(200)
  const png = await response.body()
  expect(png.readUInt32BE(16)).toBe(1200)
  expect(png.readUInt32BE(20)).toBe(630)
})

test('aliases and filtered gallery views point their canonical at the main URL', async ({
  request,
}) => {
  for (const id of servicesPageOrder) {
    expect(headOf(await (await request.get(`/${id}`)).text()).canonical).toBe(
      `${baseURL}/services/${id}`,
    )
  }
  const filtered = headOf(
    await (await request.get('/gallery?category=kitchen&sort=newest&q=oak')).text(),
  )
  expect(filtered.canonical).toBe(`${baseURL}/gallery`)
})

test("structured data matches each page's content", async ({ request }) => {
  for (const path of [...allPages, '/']) {
    const html = await (await request.get(path)).text()
    const head = headOf(html)
    const byType = (type: string) => head.jsonLd.filter((item) => item['@type'] === type)

    const [business] = byType('HomeAndConstructionBusiness')
    expect(business, `${path} has the business`).toMatchObject({
      name: company.name,
      telephone: company.phone.e164,
      foundingDate: '1998',
      address: { addressLocality: 'Richmond Hill', addressRegion: 'ON' },
      sameAs: [company.reviewUrl],
    })
    expect(html).toContain(`href="tel:${company.phone.e164}"`)

    const crumbs = byType('BreadcrumbList')[0] as
      | { itemListElement: { name: string; item: string }[] }
      | undefined
    if (path !== '/') {
      const last = crumbs?.itemListElement.at(-1)
      expect(last?.item, `${path} breadcrumb ends at the page`).toBe(head.canonical)
    }

    for (const faqPage of byType('FAQPage') as unknown as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[]
    }[]) {
      for (const question of faqPage.mainEntity) {
        expect(decode(html), `${path} shows "${question.name}"`).toContain(question.name)
        expect(decode(html)).toContain(question.acceptedAnswer.text)
      }
    }
    for (const service of byType('Service')) {
      expect(decode(head.h1 ?? ''), `${path} Service name is its heading`).toBe(service.name)
      expect(service.url).toBe(head.canonical)
    }
    if (path === '/faq' || path.startsWith('/services/')) expect(byType('FAQPage')).toHaveLength(1)
    if (path.startsWith('/services/') || path.startsWith('/areas-of-service/'))
      expect(byType('Service')).toHaveLength(1)
  }
})

test('sitemap.xml lists every public URL and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  expect(sitemap.headers()['cache-control']).toContain('max-age')
  const xml = await sitemap.text()
  const all = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  // Then each project of the gallery, at its own URL (gallery-pages.spec.ts).
  const projects = all.filter((loc) => loc?.startsWith(`${baseURL}/gallery?project=`))
  const locs = all.slice(0, all.length - projects.length)
  expect(locs).toEqual(allPages.map((path) => new URL(path, `${baseURL}/`).toString()))
  const manifest = JSON.parse(
    readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
  ) as unknown[]
  expect(projects).toHaveLength(manifest.length)
  // Every location with every service that has location pages.
  expect(locs.filter((loc) => loc?.includes('/areas-of-service/'))).toHaveLength(
    locationIds.length * locationServiceIds.length,
  )

  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toContain('text/plain')
  expect(robots.headers()['cache-control']).toContain('max-age')
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('every page shows its content and its links work', async ({ page }) => {
    test.setTimeout(120_000)
    for (const path of allPages) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
      ).toBeVisible()
    }
    await page.goto('/gallery')
    await page
      .getByRole('navigation', { name: 'Project categories' })
      .getByRole('link', { name: 'Bathroom Remodel' })
      .click()
    await expect(page).toHaveURL(/category=bathroom/)
    const manifest = JSON.parse(
      readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
    ) as { path: string }[]
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(
      manifest.filter((entry) => entry.path.startsWith('bathroom/')).length,
    )
    await page.getByLabel('Sort by').selectOption('alphabetical')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/sort=alphabetical/)
    await expect(page).toHaveURL(/category=bathroom/)
  })
})

test('pages tell a CDN how long it may keep them; gallery pages no longer than the gallery cache', async ({
  request,
}) => {
  for (const path of [
    '/gallery',
    '/gallery?category=kitchen',
    '/services/kitchen-remodeling',
    '/kitchen-remodeling',
    '/areas-of-service/concord-kitchen-remodeling',
  ]) {
    // A render (its nonce) is private; the copy the server keeps once a page is asked for twice
    // (its scripts allowed by hash) may be kept. Right after a reload of a list past its TTL a
    // page may say no-store.
    const answer = async () => {
      const headers = (await request.get(path)).headers()
      const rendered = /'nonce-/.test(headers['content-security-policy'] ?? '')
      const cacheControl = headers['cache-control'] ?? ''
      if (rendered) expect(cacheControl, path).toMatch(/^(private, max-age=0|no-store)$/)
      return cacheControl
    }
    let kept = ''
    await expect
      .poll(async () => (kept = await answer()), { message: path })
      .toMatch(galleryDataCacheControl)
    const sharedMaxAge = galleryDataCacheControl.exec(kept)?.[1]
    expect(Number(sharedMaxAge)).toBeLessThanOrEqual(300)
  }
  for (const path of ['/', '/faq', '/about-us', '/privacy-policy']) {
    expect((await request.get(path)).headers()['cache-control'], path).toMatch(
      /s-maxage=\d+, stale-while-revalidate=\d+/,
    )
  }
})
