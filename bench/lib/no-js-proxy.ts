/**
 * The no-JavaScript ceiling of a page: the same server-rendered HTML, from the same running
 * server, with every script and script preload removed. A small HTTP proxy on 127.0.0.1 in front
 * of the server: it forwards every request as it came (headers included, so the server answers
 * the browser as it would answer it directly), passes every answer through unchanged, except a
 * 200 HTML document to a GET, which it reads whole, rewrites (`stripScripts`) and sends in the
 * encoding the server chose (brotli at quality 4, gzip at level 9: what the server uses), with
 * its own Content-Length.
 */
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from 'node:zlib'

/** Decoders and encoders for the encodings the proxy rewrites; other encodings pass as they are. */
const codecs: Record<string, [decode: (body: Buffer) => Buffer, encode: (body: Buffer) => Buffer]> =
  {
    identity: [(body) => body, (body) => body],
    br: [
      brotliDecompressSync,
      (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    ],
    gzip: [gunzipSync, (body) => gzipSync(body, { level: 9, memLevel: 9 })],
    deflate: [inflateSync, deflateSync],
  }

/** Headers of one hop, which Node's server writes itself. */
const hopHeaders = ['connection', 'keep-alive', 'transfer-encoding']

/**
 * Removes, with regular expressions over the server's own markup (React writes attributes
 * double-quoted and escapes `</script` inside a script), every `<script>…</script>` element,
 * inline or external, except JSON-LD (`type="application/ld+json"`: data, never run), and every
 * `<link>` that preloads a script (`rel="modulepreload"`, or `rel="preload"` with `as="script"`).
 * `pendingBoundaries` counts React Suspense fallbacks still waiting for the script that swaps
 * in their streamed content (`<template id="B:…">`): without scripts such a page would keep its
 * fallback, so the ceiling would not be the same page.
 */
export function stripScripts(html: string): {
  html: string
  removed: number
  pendingBoundaries: number
} {
  let removed = 0
  const stripped = html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (element, attributes: string) => {
      if (/\stype\s*=\s*["']?application\/ld\+json["'\s>]/i.test(`${attributes}>`)) return element
      removed += 1
      return ''
    })
    .replace(/<link\b[^>]*>/gi, (element) => {
      const rel = /\srel\s*=\s*["']?([^"'\s>]+)/i.exec(element)?.[1]?.toLowerCase()
      const as = /\sas\s*=\s*["']?([^"'\s>]+)/i.exec(element)?.[1]?.toLowerCase()
      if (rel !== 'modulepreload' && !(rel === 'preload' && as === 'script')) return element
      removed += 1
      return ''
    })
  return {
    html: stripped,
    removed,
    pendingBoundaries: (stripped.match(/<template id="B:/g) ?? []).length,
  }
}

export interface NoJsProxy {
  origin: string
  /** Documents rewritten so far, elements removed from them, and fallbacks left pending. */
  stats: { documents: number; removed: number; pendingBoundaries: number }
  close: () => Promise<void>
}

const withoutHopHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopHeaders.includes(name)))

/** Starts the proxy on 127.0.0.1 (`port` 0: a free port) in front of `upstream`. */
export async function startNoJsProxy(upstream: string, port = 0): Promise<NoJsProxy> {
  const target = new URL(upstream)
  const stats = { documents: 0, removed: 0, pendingBoundaries: 0 }
  const server = createServer((request, response) => {
    const upstreamRequest = forward(
      {
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...withoutHopHeaders(request.headers), host: target.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 502
        const encoding = answer.headers['content-encoding'] ?? 'identity'
        const codec = codecs[encoding]
        const isDocument =
          request.method === 'GET' &&
          status === 200 &&
          (answer.headers['content-type'] ?? '').startsWith('text/html')
        if (!isDocument || !codec) {
          response.writeHead(status, withoutHopHeaders(answer.headers))
          answer.pipe(response)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const [decode, encode] = codec
          const result = stripScripts(decode(Buffer.concat(chunks)).toString('utf8'))
          stats.documents += 1
          stats.removed += result.removed
          stats.pendingBoundaries += result.pendingBoundaries
          const body = encode(Buffer.from(result.html, 'utf8'))
          response.writeHead(status, {
            ...withoutHopHeaders(answer.headers),
            'content-length': String(body.length),
          })
          response.end(body)
        })
        answer.on('error', () => response.destroy())
      },
    )
    upstreamRequest.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end()
      else response.destroy()
    })
    request.pipe(upstreamRequest)
  })
  server.listen(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port: listening } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${listening}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
