/**
 * A client sending a body over the server-function limit reads the 413 rather than failing its
 * write, and a connection it leaves open after that is closed a short while later
 * (src/server/lingering-close.server.ts). Served by srvx's Node adapter, as in production, with
 * the body limit and the closing answer of src/server.ts.
 */
import { request as httpRequest, type Server } from 'node:http'
import { connect } from 'node:net'
import { serve } from 'srvx/node'
import { afterEach, describe, expect, it } from 'vitest'
import { lingerAfterRefusedBody } from './lingering-close.server'
import {
  closeAfterRefusedBody,
  limitServerFnBody,
  serverFnBodyLimit,
} from './server-fn-guard.server'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The refusal as Start gives it: the limiter's failed read becomes the answer's status. */
async function fetchHandler(request: Request) {
  const call = limitServerFnBody(request)
  try {
    await call.text()
    return new Response('read')
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500
    return closeAfterRefusedBody(new Response('Payload Too Large', { status }))
  }
}

async function listen(linger?: number) {
  const server = serve({ port: 0, hostname: '127.0.0.1', fetch: fetchHandler, silent: true })
  await server.ready()
  const httpServer = server.node?.server as Server
  cleanups.push(() => server.close(true))
  cleanups.push(lingerAfterRefusedBody(httpServer, linger))
  return { port: Number(new URL(server.url ?? '').port), httpServer }
}

/**
 * POSTs `size` bytes to a server function with Node's client, 64 KB a write. Once the connection
 * has closed: the status read, if any, and the error the client met, if any (EPIPE, ECONNRESET).
 */
function postBody(port: number, size: number) {
  return new Promise<{ status?: number; error?: string }>((resolve) => {
    const outcome: { status?: number; error?: string } = {}
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/_serverFn/call',
      headers: { 'content-type': 'application/json', 'content-length': size },
    })
    request.on('response', (response) => {
      outcome.status = response.statusCode
      response.resume()
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message
    })
    request.on('close', () => resolve(outcome))
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    const sendMore = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent))
        sent += part.length
        if (!request.write(part)) return void request.once('drain', sendMore)
      }
      request.end()
    }
    sendMore()
  })
}

describe('lingerAfterRefusedBody', () => {
  it('lets a client still sending a body over the limit send it all and read its 413', async () => {
    const { port } = await listen()
    const outcomes = []
    for (let attempt = 0; attempt < 4; attempt += 1) outcomes.push(await postBody(port, 16 << 20))
    expect(outcomes).toEqual(Array(4).fill({ status: 413 }))
  })

  it('closes the connection once the linger time has passed, if the client sends no more', async () => {
    const { port, httpServer } = await listen(300)
    const serverSideClosed = new Promise<number>((resolve) =>
      httpServer.once('connection', (serverSide) =>
        serverSide.once('close', () => resolve(performance.now())),
      ),
    )
    // A client that keeps its own side open after the server's FIN, and sends nothing more.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    cleanups.push(() => void socket.destroy())
    socket.on('error', () => {})
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
    })
    const answered = new Promise<number>((resolve) =>
      socket.once('end', () => resolve(performance.now())),
    )
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /_serverFn/call HTTP/1.1\r\nHost: site\r\nContent-Length: ${16 << 20}\r\n\r\n`,
    )
    socket.write(Buffer.alloc(serverFnBodyLimit + 1, 'a'))
    const answeredAt = await answered
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    const lingered = (await serverSideClosed) - answeredAt
    expect(lingered).toBeGreaterThanOrEqual(250)
    expect(lingered).toBeLessThan(2_000)
  })

  it('leaves answers other than a refused body as they are', async () => {
    const { port } = await listen(300)
    expect(await postBody(port, 1024)).toEqual({ status: 200 })
  })
})
