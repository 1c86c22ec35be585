import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressResponse } from './compress-response.server'

const page = '<!DOCTYPE html><html><body>'.concat('<p>Kitchens and bathrooms.</p>'.repeat(200))

const request = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://localhost/faq', { method, headers })

const html = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

/** The encoding a page is sent in to a client that sends this Accept-Encoding. */
const preferredEncoding = (acceptEncoding: string | null) =>
  compressResponse(
    request(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }),
    html(page),
  ).headers.get('content-encoding') ?? undefined

describe('the encoding chosen', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP;q=1.0', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })

  it('is undefined without the header', () => {
    expect(preferredEncoding(null)).toBeUndefined()
  })
})

describe('compressResponse', () => {
  it('compresses a page with brotli when the client accepts it, and says so', async () => {
    const response = compressResponse(
      request({ 'accept-encoding': 'gzip, br' }),
      html(page, { 'content-length': String(page.length) }),
    )
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    const body = await bytesOf(response)
    expect(body.length).toBeLessThan(page.length / 10)
    expect(brotliDecompressSync(body).toString()).toBe(page)
  })

  it('falls back to gzip and keeps status and headers', async () => {
    const original = html(page, { 'cache-control': 'public, max-age=0' })
    const response = compressResponse(
      request({ 'accept-encoding': 'gzip' }),
      new Response(original.body, { status: 404, headers: original.headers }),
    )
    expect(response.status).toBe(404)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0')
    expect(gunzipSync(await bytesOf(response)).toString()).toBe(page)
  })

  it.each([
    [
      'br',
      (bytes: Buffer) =>
        brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
    ],
    ['gzip', (bytes: Buffer) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })],
  ] as const)(
    '%s sends each streamed chunk on at once: a slow part never holds back the shell',
    async (encoding, decompressSoFar) => {
      let sendRest = () => {}
      const rest = new Promise<void>((resolve) => {
        sendRest = resolve
      })
      const encoder = new TextEncoder()
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('<header>shell</header>'))
          await rest
          controller.enqueue(encoder.encode('<section>data</section>'))
          controller.close()
        },
      })
      const response = compressResponse(request({ 'accept-encoding': encoding }), html(stream))
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const received: Buffer[] = []
      const soFar = () => decompressSoFar(Buffer.concat(received)).toString()
      // Read until the shell decompresses, while the rest is still held back by the renderer.
      const shellArrives = (async () => {
        while (soFar() !== '<header>shell</header>') {
          const next = await reader.read()
          if (next.done) return false
          received.push(Buffer.from(next.value))
        }
        return true
      })()
      const giveUp = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000))
      expect(await Promise.race([shellArrives, giveUp]), 'the shell arrives alone').toBe(true)
      sendRest()
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        received.push(Buffer.from(next.value))
      }
      expect(soFar()).toBe('<header>shell</header><section>data</section>')
    },
  )

  it('leaves alone what it must not compress', async () => {
    const accepts = { 'accept-encoding': 'br, gzip' }
    const script = new Response('x', { headers: { 'content-type': 'text/javascript' } })
    expect(compressResponse(request(accepts), script)).toBe(script)
    const encoded = html(page, { 'content-encoding': 'gzip' })
    expect(compressResponse(request(accepts), encoded)).toBe(encoded)
    const head = html(page)
    expect(compressResponse(request(accepts, 'HEAD'), head)).toBe(head)
    const empty = html(null)
    expect(compressResponse(request(accepts), empty)).toBe(empty)
  })

  it('sends the page as it is when nothing is accepted, still varying by encoding', async () => {
    const response = compressResponse(request(), html(page))
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(page)
  })
})
