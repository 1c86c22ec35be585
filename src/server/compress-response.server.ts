// Workaround: neither Start 1.169.5 nor Nitro's node-server compresses rendered pages (https://github.com/nitrojs/nitro/issues/1007; none filed for Start; reproduction: test/canaries/start-nitro-compression.canary.test.ts); remove once that canary fails and their compression flushes as React writes.
import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

/** Documents the server renders; scripts and styles ship precompressed (vite.config.ts). */
const compressibleType = /^(text\/html|text\/plain|application\/xml)\b/

export function accepts(request: Request, encoding: string) {
  const entries = (request.headers.get('accept-encoding') ?? '').toLowerCase().split(',')
  const quality = new Map(
    entries.map((entry) => {
      const [name = '', q] = entry.split(/;\s*q=/).map((part) => part.trim())
      return [name, q === undefined ? 1 : Number(q)] as const
    }),
  )
  return (quality.get(encoding) ?? quality.get('*') ?? 0) > 0
}

/** Compresses a rendered page as it streams, brotli (quality 4: smaller than gzip, no slower) first. */
export function compressResponse(request: Request, response: Response): Response {
  if (response.body === null || request.method === 'HEAD') return response
  if (response.headers.has('content-encoding')) return response
  if (!compressibleType.test(response.headers.get('content-type') ?? '')) return response
  const { status, statusText, body } = response
  const headers = new Headers(response.headers)
  // Plain too: a shared cache must not hand a compressed twin to this client, or back.
  headers.append('vary', 'Accept-Encoding')
  const init = { status, statusText, headers }
  const encoding = (['br', 'gzip'] as const).find((name) => accepts(request, name))
  if (encoding === undefined) return new Response(body, init)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  return new Response(body.pipeThrough(flushingCompressor(encoding)), init)
}

/** Flushes once per event-loop turn: once per write of React's, `/` is 10-28% bigger (decision 010). */
function flushingCompressor(encoding: 'br' | 'gzip'): ReadableWritablePair<Uint8Array, Uint8Array> {
  // A 256 KiB window holds any page whole at a quarter of the default's memory: under load, freed
  // windows otherwise pile up in malloc's arenas.
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
