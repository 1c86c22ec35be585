/**
 * Starting and stopping behind pooled keep-alive connections, as a load balancer or a CDN holds
 * them (issue 15): from its very first answer the server has its database open, so no request
 * meets a blocked event loop; on SIGTERM it answers every request already written to its sockets,
 * read or not, and closes each connection cleanly. CI and TEST change nothing (srvx skips its own
 * graceful shutdown when they are set; the server does not rely on it).
 */
import { startProductionServer } from '../../test/faults/production-server'
import { hammer, rawConnection } from '../../test/support/keep-alive-clients'
import { expect, test } from '../fixtures'
import { cleanups, lockExists, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

test('a fresh start under pooled keep-alive load: no reset, no 503, every request answered', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('start-load'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({ dataDir: data.dir, waitUntilServing: false }),
    (s) => s.stop(),
  )
  const report = await hammer({
    origin: server.url,
    // A probe, a prerendered page, pages rendered with the gallery (the database), a photo.
    paths: ['/readyz', '/faq', '/gallery', '/services/kitchen-remodeling', '/favicon.svg'],
    connections: 8,
    durationMs: 12_000,
    // Around the 5 s keep-alive time-out Node would have had: idle connections are reused late.
    maxIdleMs: 6_000,
    startTimeoutMs: 90_000,
  })
  test.info().annotations.push({
    type: 'start under load',
    description: `${report.answered} answered (${report.onReusedConnections} on reused connections), ${report.refusedBeforeListening} refused before listening, slowest ${Math.round(report.slowestMs)} ms`,
  })
  expect(report.failures, server.output()).toEqual([])
  expect(Object.keys(report.statuses)).toEqual(['200'])
  expect(report.onReusedConnections).toBeGreaterThan(0)
  expect(server.output()).toContain('Embedded database: applied migrations')
})

const stopVariants: { name: string; env: Record<string, string> }[] = [
  { name: 'SIGTERM', env: {} },
  { name: 'SIGTERM with CI and TEST set', env: { CI: 'true', TEST: 'true' } },
]

for (const variant of stopVariants) {
  test(`${variant.name}: every request written before it is answered, then the connections close cleanly`, async () => {
    test.setTimeout(90_000)
    const data = clean.add(temporaryDataDir('stop-load'), (d) => d.remove())
    const server = clean.add(
      await startProductionServer({ dataDir: data.dir, env: variant.env }),
      (s) => s.stop(),
    )
    const pool = Array.from({ length: 20 }, () => rawConnection(server.port))
    clean.add(pool, (connections) => {
      for (const connection of connections) connection.socket.destroy()
    })
    await Promise.all(pool.map((connection) => connection.connected))
    // Each connection has served a request and is idle, as in a balancer's pool.
    await Promise.all(pool.map((connection) => connection.send('/healthz')))
    await expect
      .poll(() => pool.every((connection) => connection.answers().length === 1))
      .toBe(true)

    // Written to the sockets, then at once the signal: the server has read few of them, if any.
    // Half are pages rendered on request, still being rendered when the signal comes.
    await Promise.all(
      pool.map((connection, index) =>
        connection.send(index % 2 ? '/faq' : `/gallery?category=kitchen&request=${index}`),
      ),
    )
    server.signal('SIGTERM')

    const endings = await Promise.all(pool.map((connection) => connection.ended))
    expect(endings, server.output()).toEqual(pool.map(() => 'end'))
    // Answered whole (a page whose head had left before the signal keeps its connection open
    // until its last byte; the others say Connection: close), then ended with a FIN.
    expect(pool.map((connection) => connection.answers())).toEqual(
      pool.map(() => ['HTTP/1.1 200', 'HTTP/1.1 200']),
    )
    for (const connection of pool) expect(connection.received().trimEnd()).toMatch(/<\/html>|0$/)
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.output()).not.toContain('were still open after SERVER_SHUTDOWN_TIMEOUT')
    expect(lockExists(data.dir)).toBe(false)
  })
}
