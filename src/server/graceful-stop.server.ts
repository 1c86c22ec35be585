// A stop that loses no request behind pooled keep-alive connections, even while clients go on
// sending. Why not http-terminator or Node's `server.close()`: docs/decisions/029-own-drain.md.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { setImmediate as afterPoll, setTimeout as sleep } from 'node:timers/promises'

type Connection = { owed: Set<ServerResponse>; idleSince: number; bytesRead: number }

/** Call once the app's request listener is attached, before the server accepts anyone. */
export function gracefulStop(
  server: Server,
  options: { timeoutMs: number; settleMs?: number; idleGraceMs?: number },
) {
  const { timeoutMs, settleMs = 100, idleGraceMs = Math.min(1_000, timeoutMs / 6) } = options
  const turnMs = Math.max(1, settleMs / 20)
  const connections = new Map<Socket, Connection>()
  let stopping = false
  let lastConnectedAt = 0
  // While the listener closes, requests wait here: an answer would send its client to reconnect.
  let held: (() => void)[] | undefined
  const markIdle = (socket: Socket, connection: Connection) => {
    connection.idleSince = performance.now()
    connection.bytesRead = socket.bytesRead
  }
  const cutAll = () => {
    for (const socket of connections.keys()) socket.destroy()
  }

  server.on('connection', (socket: Socket) => {
    lastConnectedAt = performance.now()
    const connection = { owed: new Set<ServerResponse>(), idleSince: 0, bytesRead: 0 }
    markIdle(socket, connection)
    connections.set(socket, connection)
    socket.once('close', () => connections.delete(socket))
  })
  const app = server.listeners('request') as ((q: IncomingMessage, r: ServerResponse) => void)[]
  server.removeAllListeners('request')
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // request.socket can be null by an answer's 'close' (an uncaught TypeError under e2e/fuzz.spec.ts).
    const socket = request.socket
    const connection = connections.get(socket)
    connection?.owed.add(response)
    response.once('close', () => {
      connection?.owed.delete(response)
      if (connection?.owed.size === 0) markIdle(socket, connection)
    })
    if (stopping) response.setHeader('connection', 'close')
    const handOver = () => {
      for (const listener of app) listener.call(server, request, response)
    }
    if (held) held.push(handOver)
    else handOver()
  })

  const waitUntil = async (done: (loopWasIdle: boolean) => boolean, untilMs: number) => {
    while (performance.now() < untilMs) {
      await sleep(turnMs)
      const from = performance.now()
      await afterPoll()
      if (done(performance.now() - from <= turnMs)) return
    }
  }

  const stop = async () => {
    stopping = true
    const startedAt = performance.now()
    for (const { owed } of connections.values()) {
      for (const response of owed)
        if (!response.headersSent) response.setHeader('connection', 'close')
    }
    // Keep accepting until the connections open at the stop owe nothing: each answer says close.
    const openAtStop = [...connections.values()]
    await waitUntil(
      () => performance.now() - startedAt >= settleMs && openAtStop.every((c) => c.owed.size === 0),
      startedAt + timeoutMs / 3,
    )
    // Closing the listener resets connections in its queue: wait until nobody has connected for
    // settleMs and the loop was idle.
    held = []
    let quietLooks = 0
    await waitUntil(
      (loopWasIdle) => {
        quietLooks = performance.now() - lastConnectedAt >= settleMs ? quietLooks + 1 : 0
        return loopWasIdle && quietLooks >= 3
      },
      performance.now() + timeoutMs / 6,
    )
    // net.Server's close leaves open connections alone; http.Server's would drop idle ones.
    const allClosed = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    )
    for (const handOver of held.splice(0)) handOver()
    held = undefined
    // End a connection that owed and read nothing for the grace, looked at only after an idle
    // poll phase: after a busy one, the kernel may hold a request unread.
    await waitUntil((loopWasIdle) => {
      for (const [socket, connection] of connections) {
        if (connection.owed.size > 0 || !loopWasIdle) continue
        if (socket.bytesRead !== connection.bytesRead) markIdle(socket, connection)
        else if (performance.now() - connection.idleSince >= idleGraceMs) socket.end()
      }
      return connections.size === 0
    }, startedAt + timeoutMs)
    const cut = connections.size
    cutAll()
    await allClosed
    return { cut }
  }

  let stopped: Promise<{ cut: number }> | undefined
  /** `stop` answers everything sent before and during the drain; `cut` counts the rest. */
  return { stop: () => (stopped ??= stop()), cutAll }
}
