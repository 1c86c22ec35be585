import { promisify } from 'node:util'
import { constants, crc32, deflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib'
import { acceptsGzip } from './compress-response.server'
import { createScriptNonce, scriptNonceLength } from './page-security.server'

const deflateRawAsync = promisify(deflateRaw)

/**
 * A page whose only per-request part is its script nonce, kept ready to answer with a fresh one:
 * the text around each nonce, and that text already gzip-compressed. Each answer is one gzip
 * member whose deflate stream is the precompressed pieces with the nonce spliced in between as
 * stored (uncompressed) blocks; only the CRC is computed per answer. Brotli has no such splice
 * point, so a client that takes gzip gets gzip (a few percent larger than brotli at quality 4, and
 * no compression work per request).
 */
export type NonceTemplate = {
  /** Uncompressed size of a body. */
  size: number
  /** Gzip-compressed size of a body. */
  gzipSize: number
  body: (nonce: string, encoding: 'gzip' | 'identity') => Uint8Array<ArrayBuffer>
}

/**
 * Output in chunks of 2 KiB, which Node takes from its shared pool of 8 KiB slabs: a page's 60
 * pieces each compress to well under that, and the default 16 KiB took a buffer of malloc's heap
 * for each of them (the pieces are copied into one buffer at the end, `compact`).
 */
const level = { level: 9, memLevel: 9, chunkSize: 2048 } satisfies ZlibOptions

/**
 * Each piece's compressor options. Its dictionary is the text before it (32 KiB window), with every
 * nonce blanked out with NUL bytes: a back-reference may then only copy text that is the same in
 * every answer (an HTML page never contains NUL, checked below), while positions still line up
 * because every nonce is `scriptNonceLength` characters. One buffer for the page, each dictionary a
 * view of it (a page of 60 pieces used to build 60 copies of its beginning, 2 MB for each copy kept).
 */
function compressOptions(pieces: Buffer[], useDictionary: boolean): ZlibOptions[] {
  const blank = Buffer.alloc(scriptNonceLength)
  const text = useDictionary
    ? Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [blank, piece])))
    : undefined
  let start = 0
  return pieces.map((piece, i) => {
    const dictionary =
      text && i > 0 ? text.subarray(Math.max(0, start - 32 * 1024), start) : undefined
    start += piece.length + scriptNonceLength
    return {
      ...level,
      ...(dictionary ? { dictionary } : {}),
      // Every piece but the last ends on a byte boundary with no final block, so more may follow.
      finishFlush: i === pieces.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }
  })
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** A stored deflate block (not the last) holding `data`; starts on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0 // BFINAL 0, BTYPE 00 (stored), padding to the byte boundary
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

/**
 * The buffers copied into one allocation of their total size. zlib's output and `Buffer.from` of
 * a short text are views of larger allocations (zlib's output chunks, Node's shared 8 KiB pool): a
 * kept view keeps all of it, so a page of 50 pieces held megabytes that nobody counted.
 */
function compact(buffers: Buffer[]): Buffer[] {
  const whole = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0))
  let offset = 0
  return buffers.map((buffer) => {
    const start = offset
    offset += buffer.copy(whole, start)
    return whole.subarray(start, offset)
  })
}

function assemble(textPieces: Buffer[], compressedPieces: Buffer[]): NonceTemplate {
  const pieces = compact(textPieces)
  const compressed = compact(compressedPieces)
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0)
  const bodySize = size + (pieces.length - 1) * scriptNonceLength
  const gzipSize =
    gzipHeader.length +
    compressed.reduce((sum, piece) => sum + piece.length, 0) +
    (pieces.length - 1) * (5 + scriptNonceLength) +
    8
  return {
    size: bodySize,
    gzipSize,
    body(nonce, encoding) {
      const nonceBytes = Buffer.from(nonce, 'latin1')
      if (nonceBytes.length !== scriptNonceLength || !/^[A-Za-z0-9_-]+$/.test(nonce)) {
        throw new Error(`a nonce of ${scriptNonceLength} base64url characters was expected`)
      }
      if (encoding === 'identity') {
        const out = Buffer.allocUnsafe(bodySize)
        let offset = 0
        pieces.forEach((piece, i) => {
          if (i > 0) offset += nonceBytes.copy(out, offset)
          offset += piece.copy(out, offset)
        })
        return out
      }
      const out = Buffer.allocUnsafe(gzipSize)
      let offset = gzipHeader.copy(out, 0)
      let crc = 0
      const nonceBlock = storedBlock(nonceBytes)
      compressed.forEach((piece, i) => {
        if (i > 0) {
          offset += nonceBlock.copy(out, offset)
          crc = crc32(nonceBytes, crc)
        }
        offset += piece.copy(out, offset)
        crc = crc32(pieces[i] as Buffer, crc)
      })
      offset = out.writeUInt32LE(crc >>> 0, offset)
      out.writeUInt32LE(bodySize >>> 0, offset)
      return out
    },
  }
}

/** The page split at every occurrence of `nonce` (the one it was rendered with, or a placeholder). */
function piecesOf(html: string, nonce: string): { pieces: Buffer[]; dictionary: boolean } {
  return {
    pieces: html.split(nonce).map((piece) => Buffer.from(piece)),
    dictionary: !html.includes('\0'),
  }
}

/** For pages known at start (prerendered): compressed now, on this thread. */
export function nonceTemplateSync(html: string, nonce: string): NonceTemplate {
  const { pieces, dictionary } = piecesOf(html, nonce)
  const options = compressOptions(pieces, dictionary)
  const compressed = pieces.map((piece, i) => deflateRawSync(piece, options[i]))
  return assemble(pieces, compressed)
}

/** For pages rendered on request: compressed on libuv's threads, off the event loop. */
export async function nonceTemplate(html: string, nonce: string): Promise<NonceTemplate> {
  const { pieces, dictionary } = piecesOf(html, nonce)
  const options = compressOptions(pieces, dictionary)
  const compressed = await Promise.all(pieces.map((piece, i) => deflateRawAsync(piece, options[i])))
  return assemble(pieces, compressed)
}

/**
 * A response from a template with a fresh nonce in its body and its policy: gzip when the client
 * takes it; otherwise plain, for compressResponse to encode (brotli) or not.
 */
export function answerWithFreshNonce(
  request: Request,
  page: {
    template: NonceTemplate
    status: number
    headers: Record<string, string>
    policy: (nonce: string) => string
  },
): Response {
  const nonce = createScriptNonce()
  const headers: Record<string, string> = {
    ...page.headers,
    'content-security-policy': page.policy(nonce),
  }
  if (request.method === 'HEAD') return new Response(null, { status: page.status, headers })
  const gzip = acceptsGzip(request)
  if (gzip) {
    headers['content-encoding'] = 'gzip'
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  }
  const body = page.template.body(nonce, gzip ? 'gzip' : 'identity')
  headers['content-length'] = String(body.length)
  return new Response(body, { status: page.status, headers })
}
