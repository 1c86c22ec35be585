/**
 * A stop that loses no request, for a Node HTTP server behind pooled keep-alive connections (a
 * load balancer, a CDN, a browser).
 *
 * Node's `server.close()` stops accepting and at once destroys every connection without a request
 * in progress. A request a client has fully written but the server has not read yet lies in the
 * socket's buffer, so its connection counts as idle: it is reset and the request is lost; so is a
 * connection still in the listen queue. Here the server accepts what is queued, then stops
 * accepting, lets the event loop read what has arrived, answers every request with
 * `Connection: close`, and only then ends the connections that stayed idle (FIN, not RST).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { setImmediate as nextTurn } from 'node:timers/promises'

export interface GracefulStopOptions {
  /** After this long every connection still open is cut. */
  timeoutMs: number
  /**
   * After the stop, the server goes on accepting until this long has passed without a new
   * connection (at most ten times as long), so none waiting in the listen queue is reset; then
   * it closes the listener, reads what has arrived and ends the idle connections.
   */
  settleMs?: number
}

export interface GracefulStop {
  /** Whether a stop has begun. */
  readonly stopping: boolean
  /**
   * Stops accepting, answers every request already sent, then closes each connection once its
   * last answer has gone. Resolves when every connection is closed; `cut` counts those the
   * time-out closed instead.
   */
  stop(): Promise<{ cut: number }>
  /** Cuts every connection now (a second stop signal). */
  cutAll(): void
}

export function gracefulStop(server: Server, options: GracefulStopOptions): GracefulStop {
  const { timeoutMs, settleMs = 100 } = options
  /** Every open connection, with the answers it still owes. */
  const connections = new Map<Socket, Set<ServerResponse>>()
  let stopping = false
  let stopped: Promise<{ cut: number }> | undefined

  const endIfIdle = (socket: Socket) => {
    if (connections.get(socket)?.size === 0 && !socket.destroyed) socket.end()
  }

  // TLS servers hand the request's socket over in 'secureConnection'.
  const connectionEvent = 'setSecureContext' in server ? 'secureConnection' : 'connection'
  let accepted = 0
  let quietSince = 0
  server.on(connectionEvent, (socket: Socket) => {
    accepted += 1
    quietSince = performance.now()
    connections.set(socket, new Set())
    socket.once('close', () => connections.delete(socket))
  })

  // Before the app's own listener, so its answer can still be told to close the connection.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    const owed = connections.get(socket)
    if (!owed) return
    owed.add(response)
    if (stopping) response.setHeader('connection', 'close')
    response.once('close', () => {
      owed.delete(response)
      // An answer that had left before the stop kept its connection open: end it now.
      if (stopping) endIfIdle(socket)
    })
  })

  return {
    get stopping() {
      return stopping
    },
    cutAll() {
      for (const socket of connections.keys()) socket.destroy()
    },
    stop() {
      stopped ??= (async () => {
        stopping = true
        for (const owed of connections.values()) {
          for (const response of owed) {
            if (!response.headersSent) response.setHeader('connection', 'close')
          }
        }
        let timer: ReturnType<typeof setTimeout> | undefined
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs)
        })
        // Connections waiting in the listen queue are accepted first: closing the listener would
        // reset them. Nothing says when that queue is empty, and Node accepts about one per turn
        // of the event loop (none while a render holds the loop): go on until three turns in a
        // row and settleMs have passed without a new connection, for a third of the time-out at
        // most.
        const drainEnds = performance.now() + timeoutMs / 3
        quietSince = performance.now()
        let quietTurns = 0
        while (
          (quietTurns < 3 || performance.now() - quietSince < settleMs) &&
          performance.now() < drainEnds
        ) {
          const before = accepted
          await nextTurn()
          quietTurns = accepted === before ? quietTurns + 1 : 0
          await new Promise((resolve) => setTimeout(resolve, Math.max(1, settleMs / 20)))
        }
        // net.Server's close stops accepting and leaves the open connections alone (the
        // http.Server override would destroy the idle ones); its callback runs once they are all
        // closed.
        const allClosed = new Promise<void>((resolve) => {
          NetServer.prototype.close.call(server, () => resolve())
        })
        // Requests that have arrived on the connections are read before idle ones are ended.
        await nextTurn()
        for (const socket of connections.keys()) endIfIdle(socket)

        const outcome = await Promise.race([allClosed, timedOut])
        clearTimeout(timer)
        if (outcome !== 'timeout') return { cut: 0 }
        const cut = connections.size
        for (const socket of connections.keys()) socket.destroy()
        await allClosed
        return { cut }
      })()
      return stopped
    },
  }
}
