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
 * Compresses a rendered page as it streams: what the renderer sends within one turn of the event
 * loop is compressed and flushed together, so the shell reaches the browser before slow data
 * without a flush for each of React's small writes. Brotli at quality 4: smaller than gzip's
 * default level, and no slower.
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
    } catch {} // Immutable headers (a proxied answer): sent as they are.
    return response
  }
  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.append('vary', 'Accept-Encoding')
  const { status, statusText } = response
  return new Response(response.body.pipeThrough(flushingCompressor(encoding)), {
    status,
    statusText,
    headers,
  })
}

function flushingCompressor(encoding: 'br' | 'gzip'): ReadableWritablePair<Uint8Array, Uint8Array> {
  // A 256 KiB brotli window holds any page whole at a quarter of the default's memory: under
  // load, freed windows otherwise pile up in malloc's arenas.
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_OPERATION_FLUSH, Z_SYNC_FLUSH } =
    constants
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [BROTLI_PARAM_QUALITY]: 4, [BROTLI_PARAM_LGWIN]: 18 } })
      : createGzip()
  let pending: Uint8Array[] = []
  const compressPending = () => {
    if (pending.length === 0) return
    compressor.write(Buffer.concat(pending))
    pending = []
    compressor.flush(encoding === 'br' ? BROTLI_OPERATION_FLUSH : Z_SYNC_FLUSH)
  }
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      if (pending.push(chunk) === 1) setImmediate(compressPending)
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
