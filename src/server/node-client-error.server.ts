/**
 * Node's own answer to a request it cannot parse (bad bytes in a header, an oversized head, a
 * head that never ends): it never reaches the app, so neither the route rules nor the response
 * policy give it the security headers. Node writes it only through its default 'clientError'
 * handling; with this listener in place the server writes it itself, the same status Node would
 * give, with the static security headers, `no-store`, and a short text.
 */
import type { Socket } from 'node:net'
import { staticSecurityHeaders } from './security-headers.server'

/** The status Node gives each parser error (lib/_http_server.js, socketOnError). */
const statusFor = (code: string | undefined): [number, string] => {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request Header Fields Too Large']
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Payload Too Large']
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout']
    default:
      return [400, 'Bad Request']
  }
}

/**
 * The whole answer, as bytes for the socket. A HEAD request gets the same head and no body: a
 * client reads none after a HEAD's answer, so those bytes would reach it as a broken next answer.
 */
export function clientErrorAnswer(code: string | undefined, method?: string): string {
  const [status, reason] = statusFor(code)
  const body = `${reason}.\n`
  const headers = {
    ...staticSecurityHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${method === 'HEAD' ? '' : body}`
}

/** The method of the request Node could not parse, when its bytes begin with one. */
const methodOf = (error: NodeJS.ErrnoException & { rawPacket?: Buffer }) =>
  /^([A-Z]+) /.exec(error.rawPacket?.subarray(0, 16).toString('latin1') ?? '')?.[1]

/** The answer Node has attached to the socket and not finished yet (Node's own bookkeeping). */
type HttpSocket = Socket & { _httpMessage?: { headersSent: boolean } | null }

/**
 * For `server.on('clientError', …)`. Like Node's default (lib/_http_server.js, socketOnError):
 * nothing is written to a socket that can no longer take it or whose current answer has begun
 * (the error may come mid-way through a pipelined one); a keep-alive connection whose earlier
 * answers are done gets its 400. The connection is closed.
 */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket,
): void {
  const answerInProgress = (socket as HttpSocket)._httpMessage?.headersSent === true
  if (error.code !== 'ECONNRESET' && socket.writable && !answerInProgress) {
    socket.end(clientErrorAnswer(error.code, methodOf(error)))
    // A socket the client does not close after the answer is not kept.
    socket.setTimeout(5_000, () => socket.destroy())
    return
  }
  socket.destroy(error)
}
