/**
 * Clients that hold connections open the way a load balancer or a CDN does, for tests of a
 * server's start and stop:
 * - `rawConnection`: one keep-alive connection written with node:net, so a test decides exactly
 *   what is sent and when (an HTTP client would pool, retry or reorder);
 * - `hammer`: a pool of keep-alive connections (node:http's Agent) sending requests with idle gaps
 *   between them, from before the server listens, recording how each request ended.
 */
import { Agent, request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { seededRandom } from './http-fuzz.ts'

export interface RawConnection {
  readonly socket: Socket
  readonly connected: Promise<void>
  /** How the connection ended: 'end' (the server closed it cleanly) or the error's code. */
  readonly ended: Promise<string>
  /** Everything the server sent, as text. */
  received(): string
  /** The status lines received so far, e.g. ['HTTP/1.1 200']. */
  answers(): string[]
  /** Writes a GET and resolves once the kernel has taken it. */
  send(path: string): Promise<void>
}

export function rawConnection(port: number, host = '127.0.0.1'): RawConnection {
  const socket = connect(port, host)
  let received = ''
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1')
  })
  const ended = new Promise<string>((resolve) => {
    socket.once('end', () => resolve('end'))
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('error', reject)
  })
  return {
    socket,
    connected,
    ended,
    received: () => received,
    answers: () => received.match(/HTTP\/1\.1 \d+/g) ?? [],
    send: (path) =>
      new Promise<void>((resolve, reject) =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
  }
}

export interface HammerOptions {
  origin: string
  paths: readonly string[]
  connections: number
  /** How long to go on once the first answer came. */
  durationMs: number
  /** Each connection waits between its requests for a random time up to this. */
  maxIdleMs: number
  /** Seeds those waits: connection i draws from `seed + i`, so a seed replays every pause. */
  seed: number
  /** Give up when nothing has answered after this long. */
  startTimeoutMs: number
}

export interface HammerReport {
  answered: number
  /** Answers by status. */
  statuses: Record<number, number>
  /** Requests sent on a connection that had served one before. */
  onReusedConnections: number
  /** Attempts refused before the server listened (expected: it listens once ready). */
  refusedBeforeListening: number
  /** Requests that failed after the server had answered once: resets, hang-ups, refusals. */
  failures: string[]
  /** The slowest answer once the server had answered once. */
  slowestMs: number
}

/** Sends requests over a pool of keep-alive connections and reports how each one ended. */
export async function hammer(options: HammerOptions): Promise<HammerReport> {
  const url = new URL(options.origin)
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const report: HammerReport = {
    answered: 0,
    statuses: {},
    onReusedConnections: 0,
    refusedBeforeListening: 0,
    failures: [],
    slowestMs: 0,
  }
  const started = performance.now()
  let firstAnswerAt: number | undefined

  const send = (path: string) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = httpRequest(
        { host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'gzip' } },
        (response) => {
          response.resume()
          response.once('end', () =>
            resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
          )
          response.once('error', reject)
        },
      )
      request.once('error', reject)
      request.end()
    })

  const connection = async (index: number) => {
    const random = seededRandom(options.seed + index)
    for (let turn = 0; ; turn++) {
      const now = performance.now()
      if (firstAnswerAt !== undefined && now - firstAnswerAt > options.durationMs) return
      if (firstAnswerAt === undefined && now - started > options.startTimeoutMs) {
        throw new Error(`nothing answered within ${options.startTimeoutMs} ms`)
      }
      const path = options.paths[(index + turn) % options.paths.length] as string
      const sentAt = performance.now()
      try {
        const { status, reused } = await send(path)
        firstAnswerAt ??= performance.now()
        report.answered += 1
        report.statuses[status] = (report.statuses[status] ?? 0) + 1
        if (reused) report.onReusedConnections += 1
        report.slowestMs = Math.max(report.slowestMs, performance.now() - sentAt)
        await new Promise((resolve) => setTimeout(resolve, random.next() * options.maxIdleMs))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
        if (firstAnswerAt === undefined && code === 'ECONNREFUSED') {
          report.refusedBeforeListening += 1
          await new Promise((resolve) => setTimeout(resolve, 20))
        } else {
          report.failures.push(`${path}: ${code}`)
        }
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)))
  } finally {
    agent.destroy()
  }
  return report
}

export interface SteadyRequest {
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface SteadyAnswer {
  client: number
  request: SteadyRequest
  /** performance.now() when the request was handed to the connection. */
  sentAt: number
  status: number
  /** The answer's Connection header ('' when it had none). */
  connection: string
  body: string
}

export interface SteadyTraffic {
  /** Resolves once every client has stopped: its connection was refused, or `end()` was called. */
  readonly done: Promise<SteadyReport>
  /** Answers so far. */
  answers(): readonly SteadyAnswer[]
  /** Stops every client after its request in flight. */
  end(): void
}

export interface SteadyReport {
  answers: SteadyAnswer[]
  /** Requests that were sent and got no answer: resets, hang-ups, time-outs. */
  failures: string[]
  /** Clients whose last attempt was refused (the server no longer listens). */
  refused: number
}

/**
 * Clients that keep sending, each on its own pooled keep-alive connection (node:http's Agent, one
 * socket), the next request as soon as the last answer is in, as a balancer's pool under steady
 * traffic. A client stops when a new connection is refused (the server has stopped listening:
 * nothing was sent, a balancer would retry elsewhere); any other error is a failed request.
 */
export function steadyTraffic(options: {
  origin: string
  clients: number
  /** The request a client sends on its turn. */
  next: (client: number, turn: number) => SteadyRequest
  /** A request without an answer after this long counts as failed. */
  answerTimeoutMs?: number
}): SteadyTraffic {
  const url = new URL(options.origin)
  const answers: SteadyAnswer[] = []
  const failures: string[] = []
  let refused = 0
  let ended = false

  const send = (agent: Agent, client: number, request: SteadyRequest) =>
    new Promise<SteadyAnswer>((resolve, reject) => {
      const sentAt = performance.now()
      const call = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: request.path,
          method: request.method ?? 'GET',
          headers: request.headers,
          agent,
          timeout: options.answerTimeoutMs ?? 30_000,
        },
        (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            body += chunk
          })
          response.once('end', () =>
            resolve({
              client,
              request,
              sentAt,
              status: response.statusCode ?? 0,
              connection: String(response.headers.connection ?? ''),
              body,
            }),
          )
          response.once('error', reject)
        },
      )
      call.once('timeout', () => call.destroy(new Error('no answer in time')))
      call.once('error', reject)
      call.end(request.body)
    })

  const run = async (client: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let turn = 0; !ended; turn++) {
        const request = options.next(client, turn)
        try {
          answers.push(await send(agent, client, request))
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
          if (code === 'ECONNREFUSED') {
            refused += 1
            return
          }
          failures.push(`client ${client}, ${request.method ?? 'GET'} ${request.path}: ${code}`)
          return
        }
      }
    } finally {
      agent.destroy()
    }
  }

  const done = Promise.all(Array.from({ length: options.clients }, (_, index) => run(index))).then(
    () => ({ answers, failures, refused }),
  )
  return {
    done,
    answers: () => answers,
    end: () => {
      ended = true
    },
  }
}
