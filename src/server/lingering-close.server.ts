// Workaround: Node's HTTP server closes a connection the moment its answer is written, with the
// rest of a refused body unread, so the kernel resets it (no lingering close in Node; nginx has
// `lingering_close`). Remove if Node drains before closing (lib/_http_server.js, resOnFinish).
/**
 * A refused body (413, `closeAfterRefusedBody`) is still arriving when its answer is written.
 * Node then destroys the socket with those bytes unread, the kernel answers them with a reset,
 * and a client still sending fails its write (EPIPE, ECONNRESET) before it reads the 413. Here,
 * as nginx does: the answer is sent, the write side closed (FIN), and what the client still sends
 * is read and dropped until it closes its side or `lingerMs` pass, whichever comes first.
 */
import { channel } from 'node:diagnostics_channel'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** Long enough for a client on a slow line to see its answer; short enough to hold nothing. */
export const lingerMs = 2_000

interface ResponseFinish {
  request: IncomingMessage
  response: ServerResponse
  socket: Socket
  server: Server
}

/** Node publishes each answer's end here just before it closes or reuses the connection. */
const responseFinish = channel('http.server.response.finish')

export function lingerAfterRefusedBody(server: Server, linger = lingerMs): () => void {
  const onFinish = (message: unknown) => {
    const { request, response, socket, server: origin } = message as ResponseFinish
    if (origin !== server || response.statusCode !== 413 || request.complete) return
    // Node calls this right after publishing when the answer closes the connection (as a refusal
    // does: `closeAfterRefusedBody`); the socket's own method is back once that moment has passed.
    socket.destroySoon = () => lingeringClose(socket, request, linger)
    queueMicrotask(() => {
      delete (socket as Partial<Pick<Socket, 'destroySoon'>>).destroySoon
    })
  }
  responseFinish.subscribe(onFinish)
  return () => responseFinish.unsubscribe(onFinish)
}

function lingeringClose(socket: Socket, request: IncomingMessage, linger: number) {
  const timer = setTimeout(() => socket.destroy(), linger)
  socket.once('close', () => clearTimeout(timer))
  socket.once('end', () => socket.destroy())
  // The server's sockets allow half-open connections: this sends the answer, then FIN, and reads on.
  socket.end()
  // Body bytes still go to the request through Node's parser: drop them, so reading never pauses.
  request.removeAllListeners('data')
  request.on('data', () => {})
  request.resume()
  socket.resume()
}
