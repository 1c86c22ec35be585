import type { Page } from '@playwright/test'
import bathroom from '../src/content/services/bathroom-remodeling.content'
import cabinet from '../src/content/services/cabinet-carpentry.content'
import commercial from '../src/content/services/commercial-remodeling.content'
import carpentry from '../src/content/services/custom-carpentry-and-woodworking.content'
import designBuild from '../src/content/services/design-build.content'
import generalContractor from '../src/content/services/general-contractor.content'
import homeDesign from '../src/content/services/home-design.content'
import kitchen from '../src/content/services/kitchen-remodeling.content'
import laser from '../src/content/services/laser-cutting-art.content'
import { expect, gotoHydrated, test } from './fixtures'

/**
 * A service page's scripts carry its own copy at most, never another service's: each service's
 * copy is its own module, loaded with its page (issue 25). The page is still whole as the server
 * sends it, and a client navigation to another service loads that service's copy alone.
 */

/**
 * Words only each service's copy has: the start of its description. (The bundler may write a
 * string with other quotes or escapes; the opening words have neither.)
 */
const marker = (copy: { description: string[] }) => copy.description.join(' ').slice(0, 60)
const markers = {
  'kitchen-remodeling': marker(kitchen),
  'bathroom-remodeling': marker(bathroom),
  'commercial-remodeling': marker(commercial),
  'design-build': marker(designBuild),
  'custom-carpentry-and-woodworking': marker(carpentry),
  'home-design': marker(homeDesign),
  'general-contractor': marker(generalContractor),
  'cabinet-carpentry': marker(cabinet),
  'laser-cutting-art': marker(laser),
}
type ServiceId = keyof typeof markers

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
  return (Object.keys(markers) as ServiceId[]).filter((id) => all.includes(markers[id]))
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
