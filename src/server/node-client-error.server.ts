// Node's own answer to a request it cannot parse, with the security headers: it never reaches the
// app, and Node's default 'clientError' answer carries no header but Connection.
import type { Socket } from 'node:net'
import { staticSecurityHeaders } from '#src/lib/http/security-headers.ts'

/** The status Node gives each parser error (lib/_http_server.js, socketOnError); 400 for the rest. */
const statuses: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
}

/** For `server.on('clientError', …)`; like Node's default, it never writes into an answer under way. */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket & { _httpMessage?: { headersSent: boolean } | null },
): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    return void socket.destroy(error)
  }
  const status = statuses[error.code ?? ''] ?? '400 Bad Request'
  const body = `${status.slice(4)}.\n`
  const headers = {
    ...staticSecurityHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    connection: 'close',
  }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  // A client reads no body after a HEAD's answer: those bytes would reach it as a broken next one.
  const isHead = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD '
  socket.end(`HTTP/1.1 ${status}\r\n${head.join('')}\r\n${isHead ? '' : body}`)
  // A socket the client does not close after the answer is not kept.
  socket.setTimeout(5_000, () => socket.destroy())
}
