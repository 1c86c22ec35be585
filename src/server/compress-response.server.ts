// Workaround: neither Start 1.169.5 nor Nitro's node-server compresses rendered pages (https://github.com/nitrojs/nitro/issues/1007; no TanStack/router issue found, searched 2026-11-25); remove once either compresses streamed HTML, flushing as React writes.
import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

/** Documents the server renders; scripts and styles ship precompressed (vite.config.ts). */
const compressibleType = /^(text\/html|text\/plain|application\/xml)\b/

/** Whether the client takes `encoding`, by name or as `*`, with a quality above 0. */
function accepts(acceptEncoding: string | null, encoding: string) {
  const quality = new Map(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((entry) => {
        const [name = '', ...params] = entry.split(';').map((part) => part.trim())
        const q = params.find((param) => param.startsWith('q='))
        return [name, q === undefined ? 1 : Number(q.slice(2))] as const
      }),
  )
  return (quality.get(encoding) ?? quality.get('*') ?? 0) > 0
}

/** The best encoding the client accepts, brotli first. */
export const preferredEncoding = (acceptEncoding: string | null) =>
  (['br', 'gzip'] as const).find((encoding) => accepts(acceptEncoding, encoding))

/** Whether the client takes gzip (what finished pages are kept in). */
export const acceptsGzip = (request: Request) =>
  accepts(request.headers.get('accept-encoding'), 'gzip')

/**
 * Compresses a rendered page as it streams. What the renderer sends within one turn of the event
 * loop is compressed together and flushed through at once, so the shell still reaches the browser
 * before slow data (compression must never hold back a streamed page) without paying a flush for
 * each of React's small writes. Brotli at quality 4: smaller than gzip's default level, and no
 * slower.
 */
export function compressResponse(request: Request, response: Response): Response {
  if (response.body === null || request.method === 'HEAD') return response
  if (response.headers.has('content-encoding')) return response
  if (!compressibleType.test(response.headers.get('content-type') ?? '')) return response
  const encoding = preferredEncoding(request.headers.get('accept-encoding'))
  if (encoding === undefined) {
    // A shared cache must not hand this plain copy's compressed twin to the next client, or back.
    try {
      response.headers.append('vary', 'Accept-Encoding')
    } catch {
      // Immutable headers (a proxied answer): sent as they are.
    }
    return response
  }

  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.append('vary', 'Accept-Encoding')
  return new Response(response.body.pipeThrough(flushingCompressor(encoding)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

function flushingCompressor(encoding: 'br' | 'gzip'): ReadableWritablePair<Uint8Array, Uint8Array> {
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            // A 256 KiB window holds any page whole (they are 30-55 kB) at a quarter of the
            // default's memory: under load, freed windows otherwise pile up in malloc's arenas.
            [constants.BROTLI_PARAM_LGWIN]: 18,
          },
        })
      : createGzip()
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH
  let pending: Uint8Array[] = []
  let scheduled = false
  const compressPending = () => {
    scheduled = false
    if (pending.length === 0) return
    compressor.write(Buffer.concat(pending))
    pending = []
    compressor.flush(flushKind)
  }
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      pending.push(chunk)
      if (scheduled) return
      scheduled = true
      setImmediate(compressPending)
    },
    close() {
      compressPending()
      compressor.end()
    },
    abort(reason) {
      compressor.destroy(reason instanceof Error ? reason : new Error(String(reason)))
    },
  })
  return { readable: Readable.toWeb(compressor) as ReadableStream<Uint8Array>, writable }
}
