import { describe, expect, it } from 'vitest'
import { withoutScriptPreloads } from './script-preloads.server'

const page = [
  '<!DOCTYPE html><html><head><title>Cuisine — Richmond Hill</title>',
  '<link rel="modulepreload" href="/assets/index-a1.js" fetchPriority="low" nonce="n"/>',
  '<link rel="preload" href="/assets/legacy-b2.js" as="script"/>',
  '<link rel="preload" href="/images/hero-768.avif" as="image" fetchpriority="high"/>',
  '<link rel="stylesheet" href="/assets/app.css"/>',
  '</head><body><p>Café, bathroom &amp; kitchen</p>',
  '<link rel="modulepreload" href="/assets/in-body.js"/>',
  '<script type="module" async src="/assets/index-a1.js"></script></body></html>',
].join('')

/** The page as a stream cut every `size` bytes, so tags and characters fall across chunks. */
function streamed(html: string, size: number, type = 'text/html; charset=utf-8') {
  const bytes = new TextEncoder().encode(html)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
      controller.close()
    },
  })
  return new Response(body, {
    status: 200,
    headers: { 'content-type': type, 'content-length': String(bytes.length) },
  })
}

describe('withoutScriptPreloads', () => {
  it.each([1, 7, 64, 100_000])(
    'drops script preloads from the head, cut every %i bytes',
    async (size) => {
      const response = withoutScriptPreloads(streamed(page, size))
      const html = await response.text()
      expect(html).not.toContain('/assets/index-a1.js" fetchPriority')
      expect(html).not.toContain('legacy-b2.js')
      expect(html).toContain('<link rel="preload" href="/images/hero-768.avif" as="image"')
      expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
      expect(html).toContain('<title>Cuisine — Richmond Hill</title>')
      expect(html).toContain('</head><body><p>Café, bathroom &amp; kitchen</p>')
      // Past the head nothing is touched, and the app's own script stays.
      expect(html).toContain('<link rel="modulepreload" href="/assets/in-body.js"/>')
      expect(html).toContain('<script type="module" async src="/assets/index-a1.js"></script>')
      expect(response.headers.get('content-length')).toBeNull()
      expect(response.status).toBe(200)
    },
  )

  it('leaves other answers as they are', async () => {
    const json = streamed('{"preload":"<link rel=\\"modulepreload\\">"}', 5, 'application/json')
    expect(withoutScriptPreloads(json)).toBe(json)
  })

  it('passes a page without a head end through whole', async () => {
    const html = '<p>No head here <link rel="stylesheet" href="/a.css"></p>'
    expect(await withoutScriptPreloads(streamed(html, 3)).text()).toBe(html)
  })
})
