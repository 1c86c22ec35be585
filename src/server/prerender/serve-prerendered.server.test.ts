import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type PrerenderManifest, prerenderPlaceholders } from '#src/lib/http/prerender-manifest.ts'
import { loadPrerenderedPages } from './serve-prerendered.server'

const { nonce, siteUrl, hcaptchaSiteKey } = prerenderPlaceholders
const faqTemplate = [
  '<!DOCTYPE html><html><head>',
  `<link rel="canonical" href="${siteUrl}/faq">`,
  `<script nonce="${nonce}">window.config={siteUrl:"${siteUrl}",key:"${hcaptchaSiteKey}"}</script>`,
  `</head><body><h1>FAQ</h1><script nonce="${nonce}" src="/assets/app.js"></script></body></html>`,
].join('')

const fontPreload = '</assets/face.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin'
const config = { siteUrl: 'https://www.maplehearth.example', hcaptchaSiteKey: 'site-key-1' }
const directories: string[] = []

function buildDirectory(builtInYear = 2026) {
  const directory = mkdtempSync(join(tmpdir(), 'prerendered-'))
  directories.push(directory)
  writeFileSync(join(directory, 'faq.html'), faqTemplate)
  const manifest: PrerenderManifest = {
    builtInYear,
    pages: {
      '/faq': {
        file: 'faq.html',
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'public, max-age=0, s-maxage=3600',
        link: fontPreload,
      },
    },
  }
  writeFileSync(join(directory, 'manifest.json'), JSON.stringify(manifest))
  return directory
}

afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true })
})

const get = (path: string, method = 'GET') =>
  new Request(`https://www.maplehearth.example${path}`, { method })

describe('loadPrerenderedPages', () => {
  it('fills in the site URL and the captcha key, and allows its inline scripts by hash', async () => {
    const serve = loadPrerenderedPages(buildDirectory(), config, () => 2026)
    const response = serve(get('/faq'))
    expect(response?.status).toBe(200)
    expect(response?.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response?.headers.get('x-prerendered')).toBe('1')
    expect(response?.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600')
    expect(response?.headers.get('link')).toBe(fontPreload)
    const html = faqTemplate
      .replaceAll(siteUrl, config.siteUrl)
      .replaceAll(hcaptchaSiteKey, config.hcaptchaSiteKey)
    expect(await response?.text()).toBe(html)
    const script = /<script nonce="[^"]+">([^<]+)/.exec(html)?.[1] ?? ''
    const hash = createHash('sha256').update(script).digest('base64')
    expect(response?.headers.get('content-security-policy')).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    )
  })

  it('answers the same bytes every time, gzip to a client that takes it', async () => {
    const serve = loadPrerenderedPages(buildDirectory(), config, () => 2026)
    const plain = await serve(get('/faq'))?.text()
    const gzip = serve(
      new Request('https://www.maplehearth.example/faq', {
        headers: { 'accept-encoding': 'gzip' },
      }),
    ) as Response
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(await gzip.arrayBuffer()).toString()).toBe(plain)
    expect(await serve(get('/faq'))?.text()).toBe(plain)
  })

  it('answers HEAD with the headers alone', async () => {
    const response = loadPrerenderedPages(buildDirectory(), config, () => 2026)(get('/faq', 'HEAD'))
    expect(response?.status).toBe(200)
    expect(response?.body).toBeNull()
  })

  it('leaves to the renderer other paths and any query string', () => {
    const serve = loadPrerenderedPages(buildDirectory(), config, () => 2026)
    expect(serve(get('/gallery'))).toBeUndefined()
    expect(serve(get('/faq/'))).toBeUndefined()
    expect(serve(get('/faq?utm_source=flyer'))).toBeUndefined()
  })

  it('renders on request once the year in the footer has changed', () => {
    const serve = loadPrerenderedPages(buildDirectory(2026), config, () => 2027)
    expect(serve(get('/faq'))).toBeUndefined()
  })

  it.each([
    [{ ...config, siteUrl: 'https://example.com/?a=1&b=2' }, /SITE_URL/],
    [{ ...config, siteUrl: 'https://example.com/"onload' }, /SITE_URL/],
    [{ ...config, hcaptchaSiteKey: 'key<script>' }, /HCAPTCHA_SITE_KEY/],
  ])(
    'does not use the pages when a value would need escaping, and says why: %j',
    (unsafe, reason) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const serve = loadPrerenderedPages(buildDirectory(), unsafe, () => 2026)
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(reason))
      warn.mockRestore()
      expect(serve(get('/faq'))).toBeUndefined()
    },
  )

  it('serves nothing when the build prerendered nothing (the dev server)', () => {
    const warn = vi.spyOn(console, 'warn')
    const serve = loadPrerenderedPages(join(tmpdir(), 'no-such-directory'), config)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
    expect(serve(get('/faq'))).toBeUndefined()
  })
})
