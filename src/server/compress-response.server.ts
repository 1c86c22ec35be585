// Workaround: neither Start 1.169.5 nor Nitro's node-server compresses rendered pages (https://github.com/nitrojs/nitro/issues/1007; no TanStack/router issue found, searched 2026-11-25); remove once either compresses streamed HTML, flushing as React writes.
import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

/** Documents the server renders; scripts and styles ship precompressed (vite.config.ts). */
const compressibleType = /^(text\/html|text\/plain|application\/xml)\b/

type Encoding = 'br' | 'gzip'

/** The encodings among `offered` that the client accepts (`q=0` refuses one), in that order. */
function acceptedEncodings<E extends string>(acceptEncoding: string | null, offered: readonly E[]) {
  if (!acceptEncoding) return []
  const accepted = new Map<string, number>()
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const quality = (name: E) => accepted.get(name) ?? accepted.get('*') ?? 0
  return offered.filter((name) => quality(name) > 0)
}

/** The best encoding the client accepts, brotli first. */
export const preferredEncoding = (acceptEncoding: string | null): Encoding | undefined =>
  acceptedEncodings(acceptEncoding, ['br', 'gzip'] as const)[0]

/** Whether the client takes gzip (what precompressed pages are kept in). */
export const acceptsGzip = (request: Request) =>
  acceptedEncodings(request.headers.get('accept-encoding'), ['gzip'] as const).length > 0

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

function flushingCompressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
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
