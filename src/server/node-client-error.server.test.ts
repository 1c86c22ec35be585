/**
 * A request Node cannot parse, sent as raw bytes: the answer Node's parser gives it carries the
 * security headers (src/server/node-client-error.server.ts).
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { staticSecurityHeaders } from '#src/lib/http/security-headers.ts'
import { rawConnection } from '#test/support/keep-alive-clients.ts'
import { answerClientError } from './node-client-error.server'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function listen() {
  const server = createServer({ maxHeaderSize: 1024 }, (_request, response) => response.end('ok'))
  server.on('clientError', answerClientError)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Writes raw bytes on a new connection; everything the server answered before closing it. */
async function sendRaw(port: number, bytes: string) {
  const connection = rawConnection(port)
  await connection.connected
  connection.socket.write(bytes)
  const ending = await connection.ended
  return { ending, text: connection.received() }
}

const headerOf = (text: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(text.split('\r\n\r\n')[0] ?? '')?.[1]

describe('answerClientError', () => {
  it('answers bad bytes in a header with 400 and the security headers, then closes', async () => {
    const port = await listen()
    const { ending, text } = await sendRaw(
      port,
      'GET / HTTP/1.1\r\nHost: site\r\nX-Bad\u0001Name: y\r\n\r\n',
    )
    expect(ending).toBe('end')
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      expect(headerOf(text, name), name).toBe(value)
    }
    expect(headerOf(text, 'cache-control')).toBe('no-store')
    expect(headerOf(text, 'connection')).toBe('close')
    expect(headerOf(text, 'strict-transport-security')).toBeUndefined()
    expect(text.endsWith('\r\n\r\nBad Request.\n')).toBe(true)
  })

  it('answers a HEAD request it cannot parse with the head alone, which a client reads whole', async () => {
    const port = await listen()
    const { ending, text } = await sendRaw(port, 'HEAD /\u00e9 HTTP/1.1\r\nHost: site\r\n\r\n')
    expect(ending).toBe('end')
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(headerOf(text, 'x-content-type-options')).toBe('nosniff')
    expect(text.endsWith('\r\n\r\n')).toBe(true)
    // Node's own client fails on bytes after a HEAD answer that says Connection: close.
    const answer = await new Promise<number | string>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, method: 'HEAD', path: '/\u00e9' })
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => setImmediate(() => resolve(response.statusCode ?? 0)))
      })
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      request.end()
    })
    expect(answer).toBe(400)
  })

  it('gives an oversized head Node’s 431, with the same headers', async () => {
    const port = await listen()
    const { text } = await sendRaw(
      port,
      `GET / HTTP/1.1\r\nHost: site\r\nX-Long: ${'a'.repeat(4096)}\r\n\r\n`,
    )
    expect(text).toMatch(/^HTTP\/1\.1 431 /)
    expect(headerOf(text, 'x-content-type-options')).toBe('nosniff')
  })

  it('answers bad bytes on a keep-alive connection whose earlier answer is done', async () => {
    const port = await listen()
    const connection = rawConnection(port)
    await connection.connected
    await connection.send('/')
    await expect.poll(() => connection.answers()).toEqual(['HTTP/1.1 200'])
    connection.socket.write('GET /\u00ff/ HTTP/1.1\r\nHost: site\r\n\r\n', 'latin1')
    expect(await connection.ended).toBe('end')
    expect(connection.answers()).toEqual(['HTTP/1.1 200', 'HTTP/1.1 400'])
    expect(connection.received()).toMatch(/x-content-type-options: nosniff/i)
  })

  it('writes nothing into an answer already under way (a request pipelined behind it)', async () => {
    const port = await listen()
    const { text } = await sendRaw(
      port,
      'GET / HTTP/1.1\r\nHost: site\r\n\r\nGET / HTTP/1.1\r\nHost: site\r\nX-Bad\u0001Name: y\r\n\r\n',
    )
    expect(text.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200'])
  })
})
