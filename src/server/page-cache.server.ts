// Copies of rendered pages as finished bytes, as a CDN would keep them (none is guaranteed): a page
// asked for twice whose answer a shared cache may keep, never past the freshness of its data.
import { AsyncLocalStorage } from 'node:async_hooks'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { answerFinished, type FinishedPage, finishedPage } from './page-security.server'
import { processState } from './process-state.server'

const gzipAsync = promisify(gzip)
/** Larger pages are not kept (ours are 30-60 kB). */
const maxPageBytes = 2 * 2 ** 20

const renderFreshness = processState(
  'page-freshness',
  () => new AsyncLocalStorage<{ until: number }>(),
)

/** Called by a data source during a render: undefined when what it gave must not be kept. */
export function pageDataFreshUntil(until: number | undefined) {
  const freshness = renderFreshness.getStore()
  if (freshness) freshness.until = Math.min(freshness.until, until ?? Number.NEGATIVE_INFINITY)
}

/** Path and query, never the Host header; crawlers, who get whole pages, apart. */
function keyOf(request: Request): string | undefined {
  if (request.headers.has('authorization')) return undefined
  const url = new URL(request.url)
  return `${isbot(request.headers.get('user-agent')) ? 'crawler' : 'browser'} ${url.pathname}${url.search}`
}

export function sharedLifetime({ status, headers }: Response): number | undefined {
  if (status !== 200 || !/^text\/html\b/.test(headers.get('content-type') ?? '')) return
  if (headers.has('set-cookie') || headers.has('content-encoding')) return
  const vary = (headers.get('vary') ?? '').toLowerCase().split(',')
  if (vary.some((name) => !['', 'accept-encoding'].includes(name.trim()))) return
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase()
  if (!/\bpublic\b/.test(cacheControl) || /\b(no-store|no-cache|private)\b/.test(cacheControl))
    return
  const seconds = Number(/\bs-maxage=(\d+)/.exec(cacheControl)?.[1])
  return seconds > 0 ? seconds * 1000 : undefined
}

export function createPageCache({
  maxBytes = 32 * 2 ** 20, // the copies, plain and gzip together
  maxAskedForBytes = 2 ** 20, // the addresses remembered as asked for once
  maxTtlMs = 30_000,
  now = Date.now,
} = {}) {
  const clock = { perf: { now }, ttlResolution: 0 }
  const copies = new LRUCache<string, { page: FinishedPage; storedAt: number }>({
    ...clock,
    maxSize: maxBytes,
    sizeCalculation: ({ page }, key) => page.plain.length + page.gzip.length + 2 * key.length,
  })
  // A copy costs a compression: only for pages asked for twice (0), not every one-off URL. One
  // made at a time (when it began): under load every render made one, and what their compressors
  // freed piled up in malloc's heap. An abandoned one counts until `maxTtlMs`.
  const askedFor = new LRUCache<string, number>({
    ...clock,
    ttl: maxTtlMs,
    maxSize: maxAskedForBytes,
    sizeCalculation: (_, key) => 2 * key.length + 64,
  })
  const making = new Set<Promise<void>>()

  return {
    get making() {
      return making.size
    },
    settled: () => Promise.all(making),

    serve(request: Request): Response | undefined {
      const key = keyOf(request)
      const copy = key === undefined ? undefined : copies.get(key)
      if (copy === undefined) return undefined
      const age = String(Math.floor((now() - copy.storedAt) / 1000))
      return answerFinished(request, copy.page, { age, 'x-page-cache': 'hit' })
    },

    /** The page as rendered, streamed on as it comes; once it has ended, a copy is kept if it may. */
    async render(request: Request, render: () => Response | Promise<Response>) {
      const freshness = { until: Number.POSITIVE_INFINITY }
      const response = await renderFreshness.run(freshness, render)
      const key = keyOf(request)
      const lifetime = sharedLifetime(response)
      const policy = response.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(policy)?.[1]
      if (request.method !== 'GET' || key === undefined || lifetime === undefined) return response
      if (nonce === undefined || response.body === null) return response
      const asked = askedFor.get(key)
      if (asked === undefined) askedFor.set(key, 0)
      if (asked !== 0) return response
      const storedAt = now()
      askedFor.set(key, storedAt)
      // Read as the visitor's copy streams; a render that fails or is abandoned leaves none. The
      // headers as rendered: the response policy then makes the visitor's answer private.
      const rendered = response.clone()
      const headers = new Headers(response.headers)
      const copy = (async () => {
        const plain = Buffer.from(await rendered.arrayBuffer())
        const expiresAt = Math.min(storedAt + Math.min(lifetime, maxTtlMs), freshness.until)
        if (plain.length > maxPageBytes || expiresAt <= now()) return
        // In an allocation of its own: zlib's output is a view of a larger one.
        const gzip = Buffer.from(new Uint8Array(await gzipAsync(plain, { level: 9 })).buffer)
        const { pathname } = new URL(request.url)
        const page = finishedPage({ plain, gzip }, nonce, pathname, headers)
        const ttl = expiresAt - now()
        if (ttl > 0) copies.set(key, { page, storedAt }, { ttl })
      })()
        .catch(() => {})
        .finally(() => askedFor.get(key) === storedAt && askedFor.delete(key))
      making.add(copy)
      void copy.finally(() => making.delete(copy))
      return response
    },
  }
}
