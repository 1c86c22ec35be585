import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { baseURL } from '../playwright.config'
import { prerenderedPaths } from '../scripts/lib/prerendered-paths'
import { type PrerenderManifest, prerenderPlaceholders } from '../src/lib/http/prerender-manifest'
import { galleryDataCacheControl, pageCacheControl } from '../src/lib/seo/cache-control'
import { hcaptchaTestKeys } from '../src/server/env-schema.server'
import { expect, test } from './fixtures'

/** `npm run build` prerenders into the server's directory; the build can exit 0 with pages missing. */
const directory = '.output/server/prerendered'
const manifest = JSON.parse(
  readFileSync(join(directory, 'manifest.json'), 'utf8'),
) as PrerenderManifest
const fileOf = (path: string) =>
  readFileSync(join(directory, manifest.pages[path]?.file ?? ''), 'utf8')

test('the build prerendered every page whose content ships with it, each a whole page', () => {
  expect(Object.keys(manifest.pages).sort()).toEqual([...prerenderedPaths].sort())
  expect(manifest.builtInYear).toBe(new Date().getFullYear())
  for (const path of prerenderedPaths) {
    const html = fileOf(path)
    expect(html, path).toMatch(/^<!DOCTYPE html>/i)
    expect(html.trimEnd(), path).toMatch(/<\/html>$/)
    expect(html, path).toMatch(/<title>[^<]{10,}<\/title>/)
    expect(html, path).toMatch(/<h1[^>]*>[^<]+/)
    expect(html, path).toContain(
      `<link rel="canonical" href="${prerenderPlaceholders.siteUrl}${path === '/' ? '/' : path}"`,
    )
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length, path).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${prerenderPlaceholders.nonce}"`)
    expect(html, path).not.toContain('127.0.0.1')
    expect(html, path).not.toMatch(/Something went wrong|Page Not Found/)
  }
})

test('the server answers a prerendered page from its file with this server’s settings, the same bytes every time', async ({
  request,
}) => {
  for (const path of prerenderedPaths) {
    const expected = fileOf(path)
      .replaceAll(prerenderPlaceholders.siteUrl, baseURL)
      .replaceAll(prerenderPlaceholders.hcaptchaSiteKey, hcaptchaTestKeys.siteKey)
    const policies = new Set<string>()
    for (let i = 0; i < 2; i++) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['x-prerendered'], `${path} comes from its file`).toBe('1')
      expect(response.headers()['cache-control'], path).toBe(pageCacheControl.static)
      expect(response.headers().link, `${path} asks for the heading face`).toMatch(
        /rel=preload; as=font/,
      )
      policies.add(response.headers()['content-security-policy'] ?? '')
      expect(await response.text(), path).toBe(expected)
    }
    expect([...policies][0], path).toMatch(/script-src 'self' 'sha256-/)
    expect(policies.size, `${path} has one policy for every copy`).toBe(1)
  }
})

test('every public page is either prerendered or shows gallery data with the gallery cache policy', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  )
  expect(paths.length).toBeGreaterThan(40)
  const prerendered: readonly string[] = prerenderedPaths
  for (const path of paths) {
    // A render (its nonce) is for no shared cache; the copy kept once a page is asked for twice is.
    const cacheControl = async () => {
      const headers = (await request.get(path)).headers()
      const rendered = /'nonce-/.test(headers['content-security-policy'] ?? '')
      if (rendered)
        expect(headers['cache-control'], path).toMatch(/^(private, max-age=0|no-store)$/)
      return headers['cache-control']
    }
    if (prerendered.includes(path)) expect(await cacheControl(), path).toBe(pageCacheControl.static)
    else await expect.poll(cacheControl, { message: path }).toMatch(galleryDataCacheControl)
  }
})

test('a prerendered page with a query string (a shared link with tracking) works: sent to the page without it', async ({
  page,
}) => {
  // No route reads utm_source: the router redirects to the page without it (e2e/query-params.spec.ts).
  const response = await page.goto('/faq?utm_source=flyer')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/faq$/)
  expect(response?.headers()['x-prerendered']).toBe('1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a prerendered page hydrates and navigates on the client', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.locator('a[href="/faq"]').first().click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/question/i)
  expect(documents, 'no full page load').toEqual([])
})
