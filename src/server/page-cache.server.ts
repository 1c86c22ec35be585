import { isbot } from 'isbot'
import { answerWithFreshNonce, type NonceTemplate, nonceTemplate } from './nonce-template.server'
import type { PageFreshness } from './page-freshness.server'
import { scriptNonceLength } from './page-security.server'

/**
 * Copies of server-rendered pages kept in this process for a few seconds, so a page asked for
 * again and again is rendered once per copy's life rather than per request.
 *
 * A CDN in front would do this (pages say `public, s-maxage`), but none is guaranteed, and no
 * shared cache can keep a page whose every copy needs its own script nonce: this one keeps the
 * text around the nonce and gives each answer a fresh one, in body and policy alike.
 *
 * Kept: GET of a page asked for a second time (200, text/html) whose Cache-Control says `public` and `s-maxage`, with no
 * Set-Cookie, no Vary beyond Accept-Encoding, and one nonce in its policy; for at most `maxTtlMs`
 * or s-maxage, whichever is shorter, and never past the freshness of the data it shows (the
 * gallery's TTL, so `gallery:import` still shows within it; a page with the gallery's error state
 * or a stale list is not kept). Crawlers get pages whole rather than streamed, so they have copies
 * of their own.
 *
 * Bounded by bytes: the copies (plain and gzip) together within `maxBytes`, and the addresses of
 * pages asked for once within `maxAskedForBytes`, least recently used out. The key is the path
 * and query alone (the page does not depend on the Host header, so a forged one makes no new key),
 * and the router sends a page asked for with query params no route reads to the address without
 * them (src/router.tsx), so a copy is one per page and view, not one per tracking tag.
 */
export type PageCacheOptions = {
  maxEntries?: number
  /** Bytes of the copies (plain and gzip) together. */
  maxBytes?: number
  /** Bytes of the addresses remembered as asked for once. */
  maxAskedForBytes?: number
  maxTtlMs?: number
  now?: () => number
}

type Entry = {
  template: NonceTemplate
  headers: Record<string, string>
  policy: (nonce: string) => string
  storedAt: number
  expiresAt: number
  bytes: number
}

export type PageCache = {
  /** The kept copy of this page with a fresh nonce, or undefined. */
  serve: (request: Request) => Response | undefined
  /**
   * The rendered page, streamed on as it comes; once it has ended, a copy is kept if the page
   * qualifies. `freshness` is the render's record (page-freshness.server.ts).
   */
  keep: (request: Request, response: Response, freshness: PageFreshness) => Response
  /** Copies kept. */
  readonly size: number
  /** Bytes held: the copies and the addresses remembered as asked for once. */
  readonly bytes: number
  /** Pages whose copy is being made (at most one per page at a time). */
  readonly preparing: number
  /** Resolves once the copies being prepared are kept (for tests). */
  settled: () => Promise<void>
}

/** The key of a request that a copy may answer, or undefined. */
function keyOf(request: Request): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  if (request.headers.has('authorization')) return undefined
  const url = new URL(request.url)
  if (url.pathname.startsWith('/_serverFn')) return undefined
  return `${isbot(request.headers.get('user-agent')) ? 'crawler' : 'browser'} ${url.pathname}${url.search}`
}

/** What a key costs in a Map: its UTF-16 text and the entry's own bookkeeping. */
const keyBytes = (key: string) => 2 * key.length + 64

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

const noncePattern = new RegExp(`'nonce-([A-Za-z0-9_-]{${scriptNonceLength}})'`, 'g')

/** The nonce the page was rendered with: its policy must name exactly one. */
function renderedNonce(response: Response): string | undefined {
  const policy = response.headers.get('content-security-policy') ?? ''
  const nonces = [...policy.matchAll(noncePattern)].map((match) => match[1])
  return nonces.length === 1 ? nonces[0] : undefined
}

/** Larger pages are not kept (ours are 30-60 kB). */
const maxPageBytes = 2 * 2 ** 20

const countOf = (text: string, part: string) => text.split(part).length - 1

/** Headers of a kept copy: the per-answer ones (policy, length, encoding, date) are set anew. */
function keptHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!['content-security-policy', 'content-length', 'content-encoding', 'date'].includes(name)) {
      headers[name] = value
    }
  })
  return headers
}

export function createPageCache({
  maxEntries = 500,
  maxBytes = 32 * 2 ** 20,
  maxAskedForBytes = 2 ** 20,
  maxTtlMs = 30_000,
  now = Date.now,
}: PageCacheOptions = {}): PageCache {
  // Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<string, Entry>()
  let bytes = 0
  /** Pages rendered once and not kept: until when a second request gets one kept. */
  const askedFor = new Map<string, number>()
  let askedForBytes = 0
  const forgetAskedFor = (key: string) => {
    if (askedFor.delete(key)) askedForBytes -= keyBytes(key)
  }
  const rememberAskedFor = (key: string, until: number) => {
    forgetAskedFor(key)
    if (keyBytes(key) > maxAskedForBytes) return
    while (askedFor.size >= maxEntries * 4 || askedForBytes + keyBytes(key) > maxAskedForBytes) {
      const oldest = askedFor.keys().next().value
      if (oldest === undefined) break
      forgetAskedFor(oldest)
    }
    askedFor.set(key, until)
    askedForBytes += keyBytes(key)
  }
  const pending = new Set<Promise<void>>()
  /**
   * Pages whose copy is being made, and since when. While one is, concurrent renders of the page
   * make none: under load every other render made its own (a level-9 compressor per nonce, some
   * 50 a page; 19,600 of them in 20 s of bench/memory.ts, 280 MB of zlib's memory at the peak),
   * and what they freed stayed in malloc's heap. An abandoned one (the client gone mid-stream)
   * counts until `maxTtlMs` has passed.
   */
  const preparing = new Map<string, number>()
  const isPreparing = (key: string, at: number) => {
    const since = preparing.get(key)
    return since !== undefined && since + maxTtlMs > at
  }

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  const store = (key: string, entry: Entry) => {
    remove(key)
    if (entry.bytes > maxBytes) return
    while (entries.size >= maxEntries || bytes + entry.bytes > maxBytes) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      remove(oldest)
    }
    entries.set(key, entry)
    bytes += entry.bytes
  }

  return {
    get size() {
      return entries.size
    },

    get bytes() {
      return bytes + askedForBytes
    },

    get preparing() {
      return preparing.size
    },

    async settled() {
      await Promise.all(pending)
    },

    serve(request) {
      const key = keyOf(request)
      const entry = key === undefined ? undefined : entries.get(key)
      if (key === undefined || entry === undefined) return undefined
      const at = now()
      if (at >= entry.expiresAt) {
        remove(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return answerWithFreshNonce(request, {
        template: entry.template,
        status: 200,
        headers: {
          ...entry.headers,
          age: String(Math.floor((at - entry.storedAt) / 1000)),
          'x-page-cache': 'hit',
        },
        policy: entry.policy,
      })
    },

    keep(request, response, freshness) {
      const key = keyOf(request)
      const lifetime = sharedLifetime(response)
      const nonce = renderedNonce(response)
      if (request.method !== 'GET' || key === undefined || lifetime === undefined) return response
      if (nonce === undefined || response.body === null) return response
      const storedAt = now()
      if (isPreparing(key, storedAt)) return response
      // Keeping a copy costs about a render's worth of compression (on libuv's threads): only for
      // pages asked for twice within a copy's life, not for every one-off URL (searches, typos).
      const seenUntil = askedFor.get(key)
      forgetAskedFor(key)
      if (seenUntil === undefined || seenUntil <= storedAt) {
        rememberAskedFor(key, storedAt + maxTtlMs)
        return response
      }
      // Bounded like the copies: abandoned ones are forgotten first.
      if (preparing.size >= maxEntries) {
        for (const [other, since] of preparing) {
          if (since + maxTtlMs <= storedAt) preparing.delete(other)
        }
        if (preparing.size >= maxEntries) return response
      }
      preparing.set(key, storedAt)
      const done = () => {
        if (preparing.get(key) === storedAt) preparing.delete(key)
      }
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
          if (chunks === undefined) return done()
          const expiresAt = Math.min(storedAt + Math.min(lifetime, maxTtlMs), freshness.until)
          if (expiresAt <= now()) return done()
          const html = Buffer.concat(chunks).toString('utf8')
          // Every place the nonce went must hold it verbatim, or a copy would keep an old one.
          const prefix = nonce.slice(0, scriptNonceLength / 2)
          if (countOf(html, prefix) !== countOf(html, nonce)) return done()
          const policy = response.headers.get('content-security-policy') ?? ''
          const [before = '', after = ''] = policy.split(nonce)
          const headers = keptHeaders(response)
          const making = nonceTemplate(html, nonce)
            .then(
              (template) =>
                store(key, {
                  template,
                  headers,
                  policy: (fresh) => before + fresh + after,
                  storedAt,
                  expiresAt,
                  bytes: template.size + template.gzipSize + keyBytes(key),
                }),
              (error: unknown) => console.error('A rendered page could not be kept:', error),
            )
            .finally(done)
          pending.add(making)
          void making.finally(() => pending.delete(making))
        },
      }
      const copy = new TransformStream(copying)
      return new Response(response.body.pipeThrough(copy), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    },
  }
}
