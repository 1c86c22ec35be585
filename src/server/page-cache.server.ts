import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { answerFinished, type FinishedPage, finishedHeaders } from './finished-page.server'
import type { PageFreshness } from './page-freshness.server'

/**
 * Copies of server-rendered pages kept in this process for a few seconds as finished bytes
 * (finished-page.server.ts), so a page asked for again and again is rendered once per copy's life.
 * A CDN in front would do this (pages say `public, s-maxage`), but none is guaranteed.
 *
 * Kept: a GET asked for a second time within a copy's life whose answer a shared cache could keep
 * (`sharedLifetime`), rendered under a nonce; for at most `maxTtlMs` or its s-maxage, and never past
 * the freshness of the data it shows (page-freshness.server.ts). Crawlers get whole pages, not
 * streamed ones: copies of their own. The key is path and query, never the Host header; the router
 * sends unknown query params to the address without them (src/router.tsx), so tracking tags share
 * one copy. Bounded by bytes, least recently used out.
 */
export type PageCacheOptions = {
  /** Bytes of the copies (plain and gzip) together. */
  maxBytes?: number
  /** Bytes of the addresses remembered as asked for once. */
  maxAskedForBytes?: number
  maxTtlMs?: number
  now?: () => number
}

const gzipAsync = promisify(gzip)

/**
 * The bytes in an allocation of their own: zlib's output and small buffers are views of larger
 * ones (zlib's 16 KiB chunks, Node's shared 8 KiB pool), which a kept view would keep whole.
 */
const ownCopy = (bytes: Uint8Array) => Buffer.from(new Uint8Array(bytes).buffer)

/** Larger pages are not kept (ours are 30-60 kB). */
const maxPageBytes = 2 * 2 ** 20

/** The key of a request that a copy may answer, or undefined. */
function keyOf(request: Request): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  if (request.headers.has('authorization')) return undefined
  const url = new URL(request.url)
  if (url.pathname.startsWith('/_serverFn')) return undefined
  return `${isbot(request.headers.get('user-agent')) ? 'crawler' : 'browser'} ${url.pathname}${url.search}`
}

/** How long a shared cache may keep this response (ms), or undefined when it may not. */
export function sharedLifetime(response: Response): number | undefined {
  const headers = response.headers
  if (response.status !== 200) return undefined
  if (!/^text\/html\b/.test(headers.get('content-type') ?? '')) return undefined
  if (headers.has('set-cookie') || headers.has('content-encoding')) return undefined
  const vary = (headers.get('vary') ?? '').toLowerCase().split(',')
  if (vary.some((name) => name.trim() !== '' && name.trim() !== 'accept-encoding')) return undefined
  const directives = new Map(
    (headers.get('cache-control') ?? '').split(',').map((directive) => {
      const [name = '', value] = directive.trim().toLowerCase().split('=')
      return [name, value] as const
    }),
  )
  if (!directives.has('public')) return undefined
  if (['no-store', 'no-cache', 'private'].some((name) => directives.has(name))) return undefined
  const seconds = Number(directives.get('s-maxage'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined
}

export function createPageCache({
  maxBytes = 32 * 2 ** 20,
  maxAskedForBytes = 2 ** 20,
  maxTtlMs = 30_000,
  now = Date.now,
}: PageCacheOptions = {}) {
  const clock = { perf: { now }, ttlResolution: 0 }
  const copies = new LRUCache<string, { page: FinishedPage; storedAt: number }>({
    ...clock,
    maxSize: maxBytes,
    sizeCalculation: ({ page }, key) => page.plain.length + page.gzip.length + 2 * key.length,
  })
  // Keeping a copy costs a compression: only for pages asked for twice within a copy's life, not
  // for every one-off URL (searches, typos).
  const askedFor = new LRUCache<string, true>({
    ...clock,
    ttl: maxTtlMs,
    maxSize: maxAskedForBytes,
    sizeCalculation: (_, key) => 2 * key.length + 64,
  })
  // One copy of a page made at a time: under load every render made its own, and what their
  // compressors freed piled up in malloc's heap. An abandoned one (the client gone) counts until
  // `maxTtlMs` has passed.
  const preparing = new LRUCache<string, number>({ ...clock, ttl: maxTtlMs, max: 500 })
  const pending = new Set<Promise<void>>()

  return {
    get size() {
      return copies.size
    },
    /** Bytes held: the copies and the addresses remembered as asked for once. */
    get bytes() {
      return copies.calculatedSize + askedFor.calculatedSize
    },
    /** Pages whose copy is being made. */
    get preparing() {
      return preparing.size
    },
    /** Resolves once the copies being prepared are kept (for tests). */
    async settled() {
      await Promise.all(pending)
    },

    /** The kept copy of this page, or undefined. */
    serve(request: Request): Response | undefined {
      const key = keyOf(request)
      const copy = key === undefined ? undefined : copies.get(key)
      if (copy === undefined) return undefined
      const age = String(Math.floor((now() - copy.storedAt) / 1000))
      return answerFinished(request, copy.page, { age, 'x-page-cache': 'hit' })
    },

    /** The rendered page, streamed on as it comes; once it has ended, a copy is kept if it may. */
    keep(request: Request, response: Response, freshness: PageFreshness): Response {
      const key = keyOf(request)
      const lifetime = sharedLifetime(response)
      const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(
        response.headers.get('content-security-policy') ?? '',
      )?.[1]
      if (request.method !== 'GET' || key === undefined || lifetime === undefined) return response
      if (nonce === undefined || response.body === null || preparing.has(key)) return response
      const seen = askedFor.has(key)
      askedFor.delete(key)
      if (!seen) {
        askedFor.set(key, true)
        return response
      }
      const storedAt = now()
      preparing.set(key, storedAt)
      const done = () => {
        if (preparing.get(key) === storedAt) preparing.delete(key)
      }
      const expiresAt = Math.min(storedAt + Math.min(lifetime, maxTtlMs), freshness.until)
      let chunks: Uint8Array[] | undefined = []
      let length = 0
      // `cancel` (the client gone mid-stream) is in the Streams standard and Node, not yet in
      // TypeScript's types.
      const copying: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
        transform(chunk, controller) {
          length += chunk.length
          if (length > maxPageBytes) chunks = undefined
          chunks?.push(chunk)
          controller.enqueue(chunk)
        },
        cancel: done,
        flush() {
          if (chunks === undefined || expiresAt <= now()) return done()
          const plain = Buffer.concat(chunks)
          const { pathname } = new URL(request.url)
          const headers = finishedHeaders(plain.toString(), nonce, pathname, response.headers)
          const making = gzipAsync(plain, { level: 9 })
            .then(
              (gzipped) => {
                const page = { headers, plain: ownCopy(plain), gzip: ownCopy(gzipped) }
                const ttl = expiresAt - now()
                if (ttl > 0) copies.set(key, { page, storedAt }, { ttl })
              },
              (error: unknown) => console.error('A rendered page could not be kept:', error),
            )
            .finally(done)
          pending.add(making)
          void making.finally(() => pending.delete(making))
        },
      }
      return new Response(response.body.pipeThrough(new TransformStream(copying)), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    },
  }
}
