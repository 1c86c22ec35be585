import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * An HTTP proxy on 127.0.0.1 in front of a real peer (the PostgREST stand-in, the captcha
 * verifier), which a test switches between healthy and broken at any moment. What the server
 * under test sees is a real network fault: a refused connection, a reset, an error status, an
 * answer that comes late, one that never comes, or headers whose body never ends.
 */
export type ProxyFault =
  /** Forward to the peer. */
  | { kind: 'pass' }
  /** Nothing listens: new connections are refused, open ones are dropped. */
  | { kind: 'refuse' }
  /** The connection is accepted, then dropped without an answer. */
  | { kind: 'reset' }
  /** Answer this status (and JSON body, or the body for the request's path) instead of the peer. */
  | { kind: 'status'; status: number; body?: unknown }
  /** Forward, but only after `ms` (a slow backend). */
  | { kind: 'delay'; ms: number }
  /** Never answer. */
  | { kind: 'hang' }
  /** Forward the peer's headers and the first bytes of its body, then never finish. */
  | { kind: 'stall-body' }

export interface FaultProxy {
  /** http://127.0.0.1:<port>, with the peer's path prefix left to the caller. */
  readonly url: string
  readonly port: number
  /**
   * Requests that reached the proxy (a refused connection never does), with the fault applied;
   * `stalled` once a stalled answer's headers and first bytes are written to the socket; `ended`
   * once its answer is over (sent whole, or cut by either side): a test can tell what a caller
   * did while an answer was still held.
   */
  readonly seen: {
    method: string
    path: string
    fault: ProxyFault['kind']
    stalled?: true
    ended?: true
  }[]
  /** Applies `fault` to requests whose path matches `path` (every request when absent). */
  set(fault: ProxyFault, options?: { path?: RegExp }): Promise<void>
  close(): Promise<void>
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const peer = new URL(target)
  let fault: ProxyFault = { kind: 'pass' }
  let faultPath: RegExp | undefined
  const sockets = new Set<Socket>()
  const held = new Set<ServerResponse>()
  const seen: FaultProxy['seen'] = []
  let closed = false

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    stall?: FaultProxy['seen'][number],
  ) => {
    const upstream = httpRequest(
      {
        host: peer.hostname,
        port: peer.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: peer.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        if (!stall) {
          answer.pipe(res)
          return
        }
        held.add(res)
        answer.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))), () => {
            stall.stalled = true
          })
          answer.destroy()
        })
      },
    )
    upstream.on('error', () => res.destroy())
    upstream.end(body)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://proxy').pathname
      const active: ProxyFault = !faultPath || faultPath.test(path) ? fault : { kind: 'pass' }
      const request: FaultProxy['seen'][number] = {
        method: req.method ?? 'GET',
        path,
        fault: active.kind,
      }
      seen.push(request)
      res.on('close', () => {
        request.ended = true
      })
      const body = Buffer.concat(chunks)
      switch (active.kind) {
        case 'pass':
        case 'refuse': // not listening: only a request already read gets here
          return forward(req, res, body)
        case 'reset':
          return req.socket.destroy()
        case 'status':
          res.writeHead(active.status, { 'content-type': 'application/json; charset=utf-8' })
          return res.end(
            JSON.stringify(
              (typeof active.body === 'function' ? active.body(path) : active.body) ?? {
                message: 'fault injected',
              },
            ),
          )
        case 'delay': {
          held.add(res)
          const timer = setTimeout(() => {
            held.delete(res)
            forward(req, res, body)
          }, active.ms)
          res.on('close', () => clearTimeout(timer))
          return
        }
        case 'hang':
          held.add(res)
          return
        case 'stall-body':
          return forward(req, res, body, request)
      }
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      dropConnections()
    })
  const dropHeld = () => {
    for (const res of held) res.destroy()
    held.clear()
  }
  const dropConnections = () => {
    dropHeld()
    for (const socket of sockets) socket.destroy()
  }

  await listen(0)
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    async set(next, options = {}) {
      if (closed) throw new Error('the fault proxy is closed')
      if (next.kind === 'refuse' && options.path) {
        throw new Error('a refused connection cannot depend on the path')
      }
      const wasRefusing = fault.kind === 'refuse'
      fault = next
      faultPath = options.path
      if (next.kind === 'refuse') {
        await stopListening()
      } else {
        // Answers held under the previous fault are dropped, as a restarting peer would.
        dropHeld()
        if (wasRefusing) await listen(port)
      }
    },
    async close() {
      closed = true
      await stopListening()
    },
  }
}
