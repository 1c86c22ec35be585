import { createHash } from 'node:crypto'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache, pageDataFreshUntil, sharedLifetime } from './page-cache.server'
import { createScriptNonce } from './page-security.server'

const galleryCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600'
const pageWith = (nonce: string) =>
  `<!DOCTYPE html><html><head><meta nonce="${nonce}"/><script nonce="${nonce}">$R=[]</script></head><body>${'<p>Oak kitchen</p>'.repeat(50)}<script nonce="${nonce}" src="/app.js"></script></body></html>`

const request = (path = '/gallery?category=kitchen', init: RequestInit = {}) =>
  new Request(`http://127.0.0.1:3000${path}`, init)

type Rendered = {
  status?: number
  headers?: Record<string, string>
  body?: (nonce: string) => string
  /** What the render's data sources reported (pageDataFreshUntil). */
  until?: number
}

function setup(options: Parameters<typeof createPageCache>[0] = {}) {
  let time = 1_000_000
  const cache = createPageCache({ now: () => time, ...options })
  /** What the server does on a miss: render, stream the answer on, keep a copy if it may. */
  async function render(req: Request, rendered: Rendered = {}) {
    const nonce = createScriptNonce()
    const response = new Response(
      req.method === 'HEAD' ? null : (rendered.body ?? pageWith)(nonce),
      {
        status: rendered.status ?? 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': galleryCacheControl,
          'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'`,
          ...rendered.headers,
        },
      },
    )
    const answer = await cache.render(req, async () => {
      // What the render's data sources report: the earliest counts, across awaits.
      if (rendered.until !== undefined) pageDataFreshUntil(rendered.until + 5_000)
      await new Promise((resolve) => setImmediate(resolve))
      if (rendered.until !== undefined) pageDataFreshUntil(rendered.until)
      return response
    })
    const text = await answer.text()
    await cache.settled()
    return { answer, text, nonce }
  }
  /** Renders the page twice: a page is kept once asked for a second time. */
  async function renderTwice(req: () => Request, rendered: Rendered = {}) {
    await render(req(), rendered)
    return render(req(), rendered)
  }
  /** Whether a copy is kept for `req` (a look counts as a use, as a visitor's hit does). */
  const kept = (req = request()) => cache.serve(req) !== undefined
  return { cache, render, renderTwice, kept, advance: (ms: number) => (time += ms) }
}

/** What a kept copy holds: its plain and its gzip bytes. */
async function keptBytes(cache: ReturnType<typeof createPageCache>, req: Request) {
  const gzip = new Request(req.url, { headers: { 'accept-encoding': 'gzip' } })
  const plain = await cache.serve(req)?.arrayBuffer()
  return (plain?.byteLength ?? 0) + ((await cache.serve(gzip)?.arrayBuffer())?.byteLength ?? 0)
}

const sha256 = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`

describe('createPageCache', () => {
  it('misses, keeps a page asked for twice, then answers with its bytes under a hash-based policy', async () => {
    const { cache, render, kept } = setup()
    expect(cache.serve(request())).toBeUndefined()
    const first = await render(request())
    expect(first.text).toBe(pageWith(first.nonce))
    expect(kept()).toBe(false)
    const second = await render(request())
    expect(second.text).toBe(pageWith(second.nonce))

    const hit = cache.serve(request()) as Response
    expect(hit.status).toBe(200)
    expect(hit.headers.get('x-page-cache')).toBe('hit')
    expect(hit.headers.get('cache-control')).toBe(galleryCacheControl)
    const policy = hit.headers.get('content-security-policy') ?? ''
    expect(policy).not.toContain('nonce-')
    expect(policy).not.toContain('strict-dynamic')
    expect(policy).toContain(`script-src 'self' ${sha256('$R=[]')};`)
    expect(await hit.text()).toBe(pageWith(second.nonce))
  })

  it("gives its copy the render's own lifetime, not the private one the visitor's answer then gets", async () => {
    const { cache } = setup()
    for (let asked = 0; asked < 2; asked++) {
      const nonce = createScriptNonce()
      const answer = await cache.render(request(), () => {
        const headers = {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': galleryCacheControl,
          'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        }
        return new Response(pageWith(nonce), { headers })
      })
      // What the response policy does on the way out, before the body has streamed.
      answer.headers.set('cache-control', 'private, max-age=0')
      await answer.text()
      await cache.settled()
    }
    expect(cache.serve(request())?.headers.get('cache-control')).toBe(galleryCacheControl)
  })

  it('lists no hash for a script rendered without the nonce (one injected into the page)', async () => {
    const { cache, renderTwice } = setup()
    await renderTwice(() => request(), {
      body: (nonce) => `${pageWith(nonce)}<script>alert(1)</script>`,
    })
    const policy = cache.serve(request())?.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(sha256('$R=[]'))
    expect(policy).not.toContain(sha256('alert(1)'))
  })

  it('answers gzip to a client that takes it, and HEAD with headers alone', async () => {
    const { cache, renderTwice } = setup()
    await renderTwice(() => request())
    const gzip = cache.serve(
      request('/gallery?category=kitchen', { headers: { 'accept-encoding': 'gzip, br' } }),
    )
    expect(gzip?.headers.get('content-encoding')).toBe('gzip')
    const body = gunzipSync(Buffer.from(await (gzip as Response).arrayBuffer())).toString()
    expect(body).toBe(await (cache.serve(request()) as Response).text())
    const head = cache.serve(request('/gallery?category=kitchen', { method: 'HEAD' }))
    expect(head?.status).toBe(200)
    expect(head?.body).toBeNull()
  })

  it('keeps a copy for s-maxage or its own limit, whichever is shorter', async () => {
    const { cache, renderTwice, advance } = setup({ maxTtlMs: 30_000 })
    await renderTwice(() => request())
    advance(29_999)
    expect(cache.serve(request())?.headers.get('age')).toBe('29')
    advance(2)
    expect(cache.serve(request())).toBeUndefined()

    await renderTwice(() => request('/faq?x=1'), {
      headers: { 'cache-control': 'public, s-maxage=5' },
    })
    advance(4_999)
    expect(cache.serve(request('/faq?x=1'))).toBeDefined()
    advance(2)
    expect(cache.serve(request('/faq?x=1'))).toBeUndefined()
  })

  it('never keeps a copy past the freshness of the data the page shows', async () => {
    const { cache, renderTwice, advance } = setup()
    await renderTwice(() => request(), { until: 1_000_000 + 10_000 })
    advance(9_999)
    expect(cache.serve(request())).toBeDefined()
    advance(2)
    expect(cache.serve(request())).toBeUndefined()
  })

  it('keeps nothing rendered with the error state or a stale list, nor counts a report outside a render', async () => {
    pageDataFreshUntil(undefined)
    const { renderTwice, kept } = setup()
    await renderTwice(() => request(), { until: Number.NEGATIVE_INFINITY })
    expect(kept()).toBe(false)
  })

  it.each<[string, () => Request, Rendered]>([
    ['a 404', () => request('/areas-of-service/nowhere'), { status: 404 }],
    ['a 500', () => request(), { status: 500 }],
    ['no-store', () => request(), { headers: { 'cache-control': 'no-store' } }],
    ['private', () => request(), { headers: { 'cache-control': 'private, s-maxage=60' } }],
    ['no s-maxage', () => request(), { headers: { 'cache-control': 'public, max-age=60' } }],
    ['a cookie set', () => request(), { headers: { 'set-cookie': 'session=1' } }],
    ['Vary: Cookie', () => request(), { headers: { vary: 'Cookie' } }],
    ['no nonce', () => request(), { headers: { 'content-security-policy': "script-src 'self'" } }],
    ['not HTML', () => request(), { headers: { 'content-type': 'application/json' } }],
    ['POST', () => request('/gallery', { method: 'POST', body: 'x' }), {}],
    ['HEAD', () => request('/gallery', { method: 'HEAD' }), {}],
    ['with credentials', () => request('/gallery', { headers: { authorization: 'Bearer x' } }), {}],
  ])('keeps nothing for %s', async (_, req, rendered) => {
    const { renderTwice, kept } = setup()
    await renderTwice(req, rendered)
    expect(kept(new Request(req().url))).toBe(false)
    expect(kept(req())).toBe(false)
  })

  it('keeps crawlers’ copies apart: they get whole pages, not streamed ones', async () => {
    const { cache, renderTwice } = setup()
    const crawler = () => request('/gallery', { headers: { 'user-agent': 'Googlebot/2.1' } })
    await renderTwice(crawler, { body: (nonce) => `crawler ${nonce}` })
    expect(cache.serve(request('/gallery'))).toBeUndefined()
    expect(await cache.serve(crawler())?.text()).toMatch(/^crawler /)
  })

  it('forgets the least recently used pages beyond its bytes', async () => {
    const { cache, renderTwice } = setup()
    await renderTwice(() => request('/a'))
    const onePage = await keptBytes(cache, request('/a'))
    const bounded = setup({ maxBytes: Math.floor(onePage * 2.5) })
    await bounded.renderTwice(() => request('/a'))
    await bounded.renderTwice(() => request('/b'))
    bounded.cache.serve(request('/a'))
    await bounded.renderTwice(() => request('/c'))
    expect(bounded.cache.serve(request('/a'))).toBeDefined()
    expect(bounded.cache.serve(request('/b'))).toBeUndefined()
    expect(bounded.cache.serve(request('/c'))).toBeDefined()
  })

  it('holds no more memory than the bytes it counts', async () => {
    setFlagsFromString('--expose-gc')
    const collectGarbage = runInNewContext('gc') as () => void
    const { cache, renderTwice } = setup()
    // A page with 40 inline scripts, as a gallery page has.
    const page = (nonce: string) =>
      `<!DOCTYPE html><html><head></head><body>${Array.from(
        { length: 40 },
        (_, i) => `<p>Project ${i}: oak and quartz</p><script nonce="${nonce}">$R[${i}]=1</script>`,
      ).join('')}</body></html>`
    collectGarbage()
    const before = process.memoryUsage().arrayBuffers
    for (let n = 0; n < 20; n++) await renderTwice(() => request(`/page-${n}`), { body: page })
    // zlib's streams free their buffers once closed, on a later turn of the event loop: the least
    // of a few readings is what stays.
    let held = Number.POSITIVE_INFINITY
    for (let reading = 0; reading < 10; reading++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      collectGarbage()
      held = Math.min(held, process.memoryUsage().arrayBuffers - before)
    }
    let keptBytesInAll = 0
    for (let n = 0; n < 20; n++) keptBytesInAll += await keptBytes(cache, request(`/page-${n}`))
    // Beside the copies: zlib's and Buffer's own pools, a few hundred kB at most.
    expect(held).toBeLessThan(keptBytesInAll * 2 + 256 * 1024)
  })

  it('makes one copy of a page at a time, however many renders of it end meanwhile', async () => {
    const { cache, render } = setup()
    await render(request())
    // Twenty visitors' renders of the same page, ended before the first copy is made.
    const answers = Array.from({ length: 20 }, () => {
      const nonce = createScriptNonce()
      return cache.render(
        request(),
        () =>
          new Response(pageWith(nonce), {
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': galleryCacheControl,
              'content-security-policy': `script-src 'nonce-${nonce}'`,
            },
          }),
      )
    })
    await Promise.all(answers.map(async (answer) => (await answer).text()))
    expect(cache.making).toBe(1)
    await cache.settled()
    expect(cache.making).toBe(0)
    expect(cache.serve(request())).toBeDefined()
  })

  it('keeps no copy of a render that failed while it streamed, and makes one next time', async () => {
    const { cache, render } = setup()
    await render(request())
    const nonce = createScriptNonce()
    const failing = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(pageWith(nonce).slice(0, 100)))
        controller.error(new Error('the client left'))
      },
    })
    const answer = await cache.render(
      request(),
      () =>
        new Response(failing, {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': galleryCacheControl,
            'content-security-policy': `script-src 'nonce-${nonce}'`,
          },
        }),
    )
    await expect(answer.text()).rejects.toThrow('the client left')
    await cache.settled()
    expect(cache.making).toBe(0)
    expect(cache.serve(request())).toBeUndefined()
    await render(request())
    await render(request())
    expect(cache.serve(request())).toBeDefined()
  })

  it('remembers the addresses asked for once within its bytes, the oldest forgotten first', async () => {
    const maxAskedForBytes = 64 * 1024
    const { cache, render } = setup({ maxAskedForBytes })
    const long = (n: number) => request(`/gallery?q=${String(n).padStart(2000, '0')}`)
    for (let n = 0; n < 100; n++) await render(long(n))
    // 100 addresses of 2 kB each asked for once: only the newest fit.
    await render(long(0))
    expect(cache.serve(long(0))).toBeUndefined()
    // About 15 fit in 64 kB: the newest ones.
    for (const n of [99, 90]) {
      await render(long(n))
      expect(cache.serve(long(n))).toBeDefined()
    }
  })

  it('keys a page by its path and query, whatever Host the request names', async () => {
    const { cache, renderTwice } = setup()
    await renderTwice(() => new Request('http://127.0.0.1:3000/gallery?category=kitchen'))
    for (const host of ['forged-1.example', 'forged-2.example:8080']) {
      const hit = cache.serve(new Request(`http://${host}/gallery?category=kitchen`))
      expect(hit?.headers.get('x-page-cache')).toBe('hit')
    }
    expect(cache.serve(new Request('http://127.0.0.1:3000/gallery?category=bathroom'))).toBe(
      undefined,
    )
  })
})

describe('sharedLifetime', () => {
  const page = (cacheControl: string) =>
    new Response('x', { headers: { 'content-type': 'text/html', 'cache-control': cacheControl } })
  it.each([
    ['public, max-age=0, s-maxage=300, stale-while-revalidate=3600', 300_000],
    ['public, s-maxage=3600', 3_600_000],
    ['public, s-maxage=0', undefined],
    ['public, no-cache, s-maxage=60', undefined],
    ['public', undefined],
    ['', undefined],
  ])('%j → %s ms', (cacheControl, expected) => {
    expect(sharedLifetime(page(cacheControl))).toBe(expected)
  })
})
