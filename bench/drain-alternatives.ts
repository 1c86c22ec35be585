/**
 * What a stop loses behind pooled keep-alive connections, for our drain (graceful-stop.server.ts)
 * against http-terminator and Node's own `server.close()` (docs/decisions/029-own-drain.md):
 * - pooled: 20 idle keep-alive connections each write a request, then at once the stop;
 * - steady: 20 clients that send again as soon as answered, stopped mid-stream.
 *
 *   ./node_modules/.bin/node bench/drain-alternatives.ts [--runs=3]
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHttpTerminator } from 'http-terminator'
import { rawConnection, steadyTraffic } from '#test/support/keep-alive-clients.ts'
import { gracefulStop } from '../src/server/graceful-stop.server.ts'

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3)
type Stop = (server: Server) => () => Promise<unknown>

const drains: Record<string, Stop> = {
  ours: (server) => gracefulStop(server, { timeoutMs: 10_000 }).stop,
  'http-terminator': (server) => {
    const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: 10_000 })
    return () => terminator.terminate()
  },
  'node close()': (server) => {
    let stopping = false
    server.prependListener('request', (_request, response) => {
      if (stopping) response.setHeader('connection', 'close')
    })
    return () => {
      stopping = true
      return new Promise((resolve) => server.close(resolve))
    }
  },
}

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}
async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as { port: number }).port }
}

async function pooled(drain: Stop) {
  const { server, port } = await listen((request, response) => response.end(request.url))
  const stop = drain(server)
  const pool = Array.from({ length: 20 }, () => rawConnection(port))
  await Promise.all(pool.map((connection) => connection.connected))
  await Promise.all(pool.map((connection) => connection.send('/warm')))
  await waitFor(() => pool.every((connection) => connection.answers().length === 1))
  await Promise.all(pool.map((connection) => connection.send('/last')))
  await stop()
  await Promise.all(pool.map((connection) => connection.ended))
  server.closeAllConnections()
  return pool.filter((connection) => connection.answers().length < 2).length
}

async function steady(drain: Stop) {
  const { server, port } = await listen((request, response) => {
    setTimeout(() => response.end(), request.url?.endsWith('0') ? 20 : 0)
  })
  const stop = drain(server)
  const traffic = steadyTraffic({
    origin: `http://127.0.0.1:${port}`,
    clients: 20,
    answerTimeoutMs: 15_000,
    next: (client, turn) => ({ path: `/${client}/${turn}` }),
  })
  await waitFor(() => traffic.answers().length >= 200)
  await stop()
  const report = await traffic.done
  server.closeAllConnections()
  return report.failures.length
}

for (const [name, drain] of Object.entries(drains)) {
  const lost: number[] = []
  const failed: number[] = []
  for (let run = 0; run < runs; run++) {
    lost.push(await pooled(drain))
    failed.push(await steady(drain))
  }
  console.info(
    `${name}: pooled, requests lost of 20: ${lost.join(', ')}; steady, clients reset of 20: ${failed.join(', ')}`,
  )
}
