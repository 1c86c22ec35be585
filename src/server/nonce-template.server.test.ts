import { gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerWithFreshNonce, nonceTemplate, nonceTemplateSync } from './nonce-template.server'
import { createScriptNonce } from './page-security.server'

const rendered = 'RenderedNonceAbcdefgh012'
const page = [
  `<!DOCTYPE html><html><head><meta charSet="utf-8" nonce="${rendered}"/>`,
  `<script nonce="${rendered}">self.$R=[]</script></head><body>`,
  '<p>Kitchens, bathrooms — and carpentry.</p>'.repeat(300),
  `<script nonce="${rendered}" src="/assets/app.js"></script><script nonce="${rendered}">x()</script></body></html>`,
].join('')

describe('nonceTemplate', () => {
  it('answers the page with the nonce replaced, plain and gzip', async () => {
    const template = await nonceTemplate(page, rendered)
    const nonce = createScriptNonce()
    const expected = page.replaceAll(rendered, nonce)
    expect(Buffer.from(template.body(nonce, 'identity')).toString()).toBe(expected)
    const gzip = template.body(nonce, 'gzip')
    expect(gunzipSync(gzip).toString()).toBe(expected)
    expect(gzip.length).toBe(template.gzipSize)
    expect(template.size).toBe(Buffer.byteLength(expected))
    // Compressed once with the text before each piece as its dictionary: close to one stream's size.
    expect(gzip.length).toBeLessThan(Buffer.byteLength(expected) / 10)
  })

  it('gives the same bytes whether compressed on this thread or on the pool', async () => {
    const nonce = createScriptNonce()
    expect(nonceTemplateSync(page, rendered).body(nonce, 'gzip')).toEqual(
      (await nonceTemplate(page, rendered)).body(nonce, 'gzip'),
    )
  })

  it('splices any page and any nonce into a valid gzip stream', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 300 })
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (pieces) => {
        const template = nonceTemplateSync(pieces.join(rendered), rendered)
        const nonce = createScriptNonce()
        const expected = pieces.join(nonce)
        expect(gunzipSync(template.body(nonce, 'gzip')).toString()).toBe(expected)
        expect(Buffer.from(template.body(nonce, 'identity')).toString()).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })

  it('splices a long page: pieces beyond the 32 KiB window, and pieces that compress past one output chunk', async () => {
    const noise = (seed: number, length: number) => {
      let state = seed
      return Array.from({ length }, () => {
        state = (state * 1103515245 + 12345) % 2 ** 31
        return 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[state % 64]
      }).join('')
    }
    const pieces = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? noise(i + 1, 3_000 + 40 * i)
        : '<li class="d_flex">Kitchen cabinets</li>'.repeat(40),
    )
    const long = pieces.join(rendered)
    const nonce = createScriptNonce()
    const expected = pieces.join(nonce)
    expect(Buffer.byteLength(expected)).toBeGreaterThan(100 * 1024)
    const template = await nonceTemplate(long, rendered)
    const gzip = template.body(nonce, 'gzip')
    expect(gunzipSync(gzip).toString()).toBe(expected)
    expect(gzip.length).toBe(template.gzipSize)
    expect(nonceTemplateSync(long, rendered).body(nonce, 'gzip')).toEqual(gzip)
    expect(gzip.length).toBeLessThan(Buffer.byteLength(expected) / 2)
  })

  it('refuses a nonce that would break the splice', () => {
    const template = nonceTemplateSync(page, rendered)
    expect(() => template.body('short', 'gzip')).toThrow(/24 base64url/)
    expect(() => template.body('a/b+cdefghijklmnopqrstuv', 'identity')).toThrow(/base64url/)
  })
})

describe('answerWithFreshNonce', () => {
  const answer = (headers: Record<string, string>, method = 'GET') =>
    answerWithFreshNonce(new Request('http://localhost/faq', { method, headers }), {
      template: nonceTemplateSync(page, rendered),
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public' },
      policy: (nonce) => `script-src 'nonce-${nonce}'`,
    })
  const policyNonce = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''

  it('puts one fresh nonce in the policy and the body, gzip when accepted', async () => {
    const first = answer({ 'accept-encoding': 'gzip, deflate, br' })
    const second = answer({ 'accept-encoding': 'gzip, deflate, br' })
    expect(policyNonce(first)).not.toBe(policyNonce(second))
    expect(first.headers.get('content-encoding')).toBe('gzip')
    expect(first.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await first.arrayBuffer())
    expect(first.headers.get('content-length')).toBe(String(bytes.length))
    expect(gunzipSync(bytes).toString()).toBe(page.replaceAll(rendered, policyNonce(first)))
  })

  it('answers plain text to a client that takes no gzip, and no body to HEAD', async () => {
    const plain = answer({ 'accept-encoding': 'br' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page.replaceAll(rendered, policyNonce(plain)))
    const head = answer({}, 'HEAD')
    expect(head.body).toBeNull()
    expect(policyNonce(head)).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })
})
