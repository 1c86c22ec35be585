import type { Page } from '@playwright/test'
import type { ServicePageCopy } from '../src/content/schemas/service.schema'
import { type ServiceId, serviceIds } from '../src/content/services'
import { expect, gotoHydrated, test } from './fixtures'

/**
 * A service page's scripts carry its own copy at most, never another service's: each service's
 * copy is its own module, loaded with its page (issue 25). The page is still whole as the server
 * sends it, and a client navigation to another service loads that service's copy alone.
 */

/** Every catalog service's page copy, from its own module (services/<id>.content.ts). */
const copies = Object.fromEntries(
  await Promise.all(
    serviceIds.map(
      async (id) =>
        [
          id,
          (
            (await import(`../src/content/services/${id}.content.ts`)) as {
              default: ServicePageCopy
            }
          ).default,
        ] as const,
    ),
  ),
) as Record<ServiceId, ServicePageCopy>
const kitchen = copies['kitchen-remodeling']
const bathroom = copies['bathroom-remodeling']

/**
 * Words only each service's copy has: the start of its description. (The bundler may write a
 * string with other quotes or escapes; the opening words have neither.)
 */
const marker = (copy: { description: string[] }) => copy.description.join(' ').slice(0, 60)
const markers = Object.fromEntries(serviceIds.map((id) => [id, marker(copies[id])])) as Record<
  ServiceId,
  string
>

/** The text of every script file the page has fetched so far, by URL. */
function collectScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    const url = response.url()
    if (response.request().resourceType() === 'script' && /\/assets\/.+\.js$/.test(url)) {
      const text = response.text()
      // A script still arriving when the test ends is never read: its failed read is not an error.
      // Reading it (below) still fails as it did.
      text.catch(() => {})
      scripts.set(url, text)
    }
  })
  return async () =>
    new Map(await Promise.all([...scripts].map(async ([u, t]) => [u, await t] as const)))
}

/** The services whose copy the given script texts carry. */
const servicesIn = (texts: Iterable<string>) => {
  const all = [...texts].join('\n')
  return serviceIds.filter((id) => all.includes(markers[id]))
}

test('a service page is whole as the server sends it', async ({ request }) => {
  const html = await (await request.get('/services/kitchen-remodeling')).text()
  expect(html).toContain(kitchen.subtitle)
  expect(html).toContain(kitchen.features[0])
  expect(html).toContain(kitchen.faqs[0]?.question)
})

test("a service page's scripts carry no other service's copy", async ({ page }) => {
  const scripts = collectScripts(page)
  await gotoHydrated(page, '/services/kitchen-remodeling')
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen Remodeling' })).toBeVisible()
  expect(servicesIn((await scripts()).values())).toEqual([])
})

test('a client navigation to another service loads that service alone', async ({ page }) => {
  const scripts = collectScripts(page)
  await gotoHydrated(page, '/services/kitchen-remodeling')
  const before = new Set((await scripts()).keys())
  await page.evaluate(() => {
    ;(window as { sameDocument?: boolean }).sameDocument = true
  })
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Bathroom Remodeling', exact: true })
    .click()
  await expect(page).toHaveURL(/\/services\/bathroom-remodeling$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Bathroom Remodeling' })).toBeVisible()
  await expect(page.getByText(bathroom.subtitle)).toBeVisible()
  await expect(page.getByText(bathroom.faqs[0]?.question ?? '')).toBeVisible()
  // A client navigation: the document stayed, and the app fetched the new service's copy.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  const loaded = [...(await scripts())].filter(([url]) => !before.has(url)).map(([, t]) => t)
  expect(servicesIn(loaded)).toEqual(['bathroom-remodeling'])
})
