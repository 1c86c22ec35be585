/**
 * A stop that loses no request, for a Node HTTP server behind pooled keep-alive connections (a
 * load balancer, a CDN, a browser), even while they go on sending.
 *
 * Node's `server.close()` stops accepting and at once destroys every connection without a request
 * in progress. A request a client has fully written but the server has not read yet lies in the
 * socket's buffer, so its connection counts as idle: it is reset and the request is lost; so is a
 * connection still in the listen queue when the listener closes.
 *
 * Here, from the stop on, every answer says `Connection: close`, so a client never sends on a
 * connection this server is about to end; a pooled client then opens a new connection for its
 * next request, and the server goes on accepting and answering those (each with
 * `Connection: close` again) while the drain lasts: until no connection open at the stop owes an
 * answer (at most a third of the time-out). Closing the listener would still reset a connection
 * that is being opened at that moment, and under steady traffic one always is. So before closing
 * it, the server holds back the requests that arrive (their answers would send their clients to
 * open new connections) until no new connection has come for a while: every client is then
 * waiting for an answer, none is connecting, and the listen queue is empty. It looks right after
 * the event loop's poll phase, where Node accepts what the kernel has queued, and a turn in which
 * the loop was busy does not count: a connection that came meanwhile may still be queued, and
 * closing the listener would reset it. It closes the listener, lets the held requests through,
 * and ends each connection once its last answer has gone (FIN, not RST). A client's next
 * connection is refused, which a balancer retries elsewhere.
 *
 * A connection without a request is ended only once it has been idle for a while: one just
 * opened, or just answered without `Connection: close`, is about to carry a request, which a busy
 * client may write well after the handshake; ending it first would hang up on that request.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { setImmediate as nextTurn } from 'node:timers/promises'

export interface GracefulStopOptions {
  /** After this long every connection still open is cut. */
  timeoutMs: number
  /**
   * How long without a new connection counts as "nobody is connecting": the listener closes only
   * then (or once a sixth of the time-out has gone by in this wait).
   */
  settleMs?: number
  /**
   * Once the listener is closed, how long a connection may sit without a request (since it was
   * opened, or since its last answer) before it is ended. Default 1 s, at most a sixth of the
   * time-out.
   */
  idleGraceMs?: number
}

export interface GracefulStop {
  /** Whether a stop has begun. */
  readonly stopping: boolean
  /**
   * Answers every request already sent and every one sent during the drain, each with
   * `Connection: close`, stops accepting, then closes each connection once its last answer has
   * gone. Resolves when every connection is closed; `cut` counts those the time-out closed
   * instead.
   */
  stop(): Promise<{ cut: number }>
  /** Cuts every connection now (a second stop signal). */
  cutAll(): void
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes charge of the server's connections. Call it once the app's request listener is attached
 * (`createServer(handler)`, srvx's `serve()`), before the server accepts anyone.
 */
export function gracefulStop(server: Server, options: GracefulStopOptions): GracefulStop {
  const { timeoutMs, settleMs = 100 } = options
  // Within the time-out, so a connection without a request is ended rather than cut.
  const idleGraceMs = Math.min(options.idleGraceMs ?? 1_000, timeoutMs / 6)
  /** The wait between two looks at the connections; a poll phase longer than this is busy. */
  const turnMs = Math.max(1, settleMs / 20)
  /** Every open connection, with the answers it still owes. */
  const connections = new Map<Socket, Set<ServerResponse>>()
  /** Since when each connection has owed nothing, and how many bytes it had read by then. */
  const idle = new Map<Socket, { since: number; bytesRead: number }>()
  /** Connections with a look at their idleness already scheduled. */
  const graceWaits = new WeakSet<Socket>()
  const markIdle = (socket: Socket) => {
    const mark = { since: performance.now(), bytesRead: socket.bytesRead }
    idle.set(socket, mark)
    return mark
  }
  /**
   * Resolves right after the event loop's next poll phase, where Node accepts the connections
   * the kernel has queued and reads what has arrived on the others, with how long the loop was
   * busy until then: what came meanwhile may not have been taken yet.
   */
  const afterPollPhase = async () => {
    const from = performance.now()
    await nextTurn()
    return performance.now() - from
  }
  let stopping = false
  let stopped: Promise<{ cut: number }> | undefined
  /** While the listener is being closed: requests waiting to be handed to the app. */
  let held: [IncomingMessage, ServerResponse][] | undefined

  /** Ends the connection once it has owed nothing, and read nothing, for idleGraceMs. */
  const endWhenIdle = (socket: Socket) => {
    if (connections.get(socket)?.size !== 0 || socket.destroyed || socket.writableEnded) return
    let mark = idle.get(socket)
    // Bytes of a request whose headers are not complete yet: it is on its way.
    if (mark === undefined || socket.bytesRead !== mark.bytesRead) mark = markIdle(socket)
    const idleFor = performance.now() - mark.since
    if (idleFor >= idleGraceMs) {
      socket.end()
      return
    }
    if (graceWaits.has(socket)) return
    graceWaits.add(socket)
    const lookAgain = () => {
      graceWaits.delete(socket)
      endWhenIdle(socket)
    }
    setTimeout(async () => {
      // Looked at after the poll phase, which reads a request the kernel already holds; after a
      // busy one, after one more.
      if ((await afterPollPhase()) > turnMs) await nextTurn()
      lookAgain()
    }, idleGraceMs - idleFor).unref()
  }

  // TLS servers hand the request's socket over in 'secureConnection'.
  const connectionEvent = 'setSecureContext' in server ? 'secureConnection' : 'connection'
  let accepted = 0
  let lastAcceptedAt = 0
  server.on(connectionEvent, (socket: Socket) => {
    accepted += 1
    lastAcceptedAt = performance.now()
    connections.set(socket, new Set())
    markIdle(socket)
    socket.once('close', () => {
      connections.delete(socket)
      idle.delete(socket)
    })
  })

  // The app's listeners are called from here, so a request can be held back while the listener
  // closes, and its answer told to close the connection before the app writes it.
  const appListeners = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  const handToApp: RequestListener = (request, response) => {
    for (const listener of appListeners) listener.call(server, request, response)
  }
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    const owed = connections.get(socket)
    if (owed) {
      owed.add(response)
      response.once('close', () => {
        owed.delete(response)
        // (A connection that closed with an answer owed is gone already.)
        if (owed.size === 0 && connections.has(socket)) markIdle(socket)
        // Once the listener is closed, a connection whose answer had left before the stop (and so
        // kept it open) ends after that answer. Before, its next request gets Connection: close.
        if (stopping && !server.listening) endWhenIdle(socket)
      })
    }
    if (stopping) response.setHeader('connection', 'close')
    if (held) held.push([request, response])
    else handToApp(request, response)
  })

  /**
   * Asks `done()` every turnMs, right after a poll phase (`afterPollPhase`, whose busy time it
   * passes on), until it says yes, or until `untilMs` (a performance.now() time).
   */
  const waitUntil = async (done: (busyMs: number) => boolean, untilMs: number) => {
    while (performance.now() < untilMs) {
      await sleep(turnMs)
      if (done(await afterPollPhase())) return
    }
  }

  /**
   * True once three looks and settleMs have passed without a new connection, and the loop was not
   * busy before the last look (so nothing can be left in the listen queue).
   */
  const quietWatch = () => {
    let quietTurns = 0
    let seen = accepted
    return (busyMs: number) => {
      quietTurns = accepted === seen ? quietTurns + 1 : 0
      seen = accepted
      return busyMs <= turnMs && quietTurns >= 3 && performance.now() - lastAcceptedAt >= settleMs
    }
  }

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
        const startedAt = performance.now()
        for (const owed of connections.values()) {
          for (const response of owed) {
            if (!response.headersSent) response.setHeader('connection', 'close')
          }
        }
        let timer: ReturnType<typeof setTimeout> | undefined
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs)
        })

        // The drain: the connections open at the stop (and those still in the listen queue,
        // accepted within settleMs) are answered, each answer with Connection: close. New
        // connections are accepted and answered meanwhile.
        const openAtStop = [...connections.keys()]
        let turns = 0
        await waitUntil(
          () => {
            turns += 1
            if (turns < 3 || performance.now() - startedAt < settleMs) return false
            return openAtStop.every((socket) => (connections.get(socket)?.size ?? 0) === 0)
          },
          startedAt + timeoutMs / 3,
        )

        // Closing the listener: new requests are held back until nobody has connected for a
        // while, so no connection is being opened when it closes.
        held = []
        const listenerQuiet = quietWatch()
        await waitUntil(listenerQuiet, performance.now() + timeoutMs / 6)
        // net.Server's close stops accepting and leaves the open connections alone (the
        // http.Server override would destroy the idle ones); its callback runs once they are all
        // closed.
        const allClosed = new Promise<void>((resolve) => {
          NetServer.prototype.close.call(server, () => resolve())
        })
        const release = held
        held = undefined
        for (const [request, response] of release) handToApp(request, response)
        // Requests that have arrived on the connections are read before idle ones are ended.
        await nextTurn()
        for (const socket of connections.keys()) endWhenIdle(socket)

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
