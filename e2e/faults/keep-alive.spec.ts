/**
 * Starting and stopping behind pooled keep-alive connections, as a load balancer or a CDN holds
 * them (issue 15): from its very first answer the server has its database open, so no request
 * meets a blocked event loop; on SIGTERM it answers every request already written to its sockets,
 * read or not, and closes each connection cleanly. CI and TEST change nothing (srvx skips its own
 * graceful shutdown when they are set; the server does not rely on it). Clients that go on sending
 * through the stop, as a balancer does until it notices, meet no reset either (issue 23).
 */
import { passingTokenNumber, startCaptchaStandIn } from '#test/contact/captcha-stand-in.ts'
import { startProductionServer } from '#test/faults/production-server.ts'
import { serovalJson, serverFnIdsByMethod } from '#test/support/http-fuzz.ts'
import {
  hammer,
  rawConnection,
  type SteadyRequest,
  steadyTraffic,
} from '#test/support/keep-alive-clients.ts'
import { expect, test } from '../fixtures'
import { cleanups, inbox, lockExists, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

/** Seeds the load's idle gaps; E2E_SEED=<seed> replays them. */
const seed = Number(process.env.E2E_SEED ?? 39)

test(`a fresh start under pooled keep-alive load: no reset, no 503, every request answered (seed ${seed})`, async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('start-load'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      waitUntilServing: false,
      freshDatabase: true,
    }),
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
    seed,
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
        connection.send(index % 2 ? '/faq' : `/gallery?category=kitchen&q=request${index}`),
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

test('SIGTERM under steady traffic: no reset, no failed request, every later answer says Connection: close, each message stored once', async () => {
  test.setTimeout(120_000)
  const captcha = clean.add(await startCaptchaStandIn(), (c) => c.close())
  const data = clean.add(temporaryDataDir('stop-steady'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      // SERVER_ENTRY: another build to compare with (the same test against an older server).
      ...(process.env.SERVER_ENTRY ? { entry: process.env.SERVER_ENTRY } : {}),
      env: { HCAPTCHA_VERIFY_URL: captcha.url, TRUST_PROXY: 'true' },
    }),
    (s) => s.stop(),
  )
  const publicDir = process.env.SERVER_ENTRY
    ? `${process.env.SERVER_ENTRY.replace(/server\/index\.mjs$/, '')}public`
    : undefined
  const {
    POST: [contact = ''],
  } = await serverFnIdsByMethod(server.url, publicDir)
  let posts = 0
  const contactPost = (): SteadyRequest => {
    posts += 1
    return {
      path: `/_serverFn/${contact}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tsr-serverfn': 'true',
        'sec-fetch-site': 'same-origin',
        // Each message from its own address: the rate limit is not what this test is about.
        'x-forwarded-for': `198.51.100.${posts % 250}`,
      },
      body: serovalJson({
        data: {
          name: 'Steady Sender',
          email: 'steady@example.com',
          phone: '905 555 0190',
          message: `Steady message number ${posts}.`,
          captchaToken: passingTokenNumber(10_000 + posts),
        },
      }),
    }
  }
  // Pages rendered on request (the gallery holds the event loop), prerendered ones, a probe, a
  // file, and now and then a contact message.
  const paths = ['/gallery?category=kitchen', '/faq', '/healthz', '/favicon.svg', '/services']
  const traffic = steadyTraffic({
    origin: server.url,
    clients: 20,
    next: (client, turn) =>
      (client + turn) % 11 === 0
        ? contactPost()
        : { path: paths[(client + turn) % paths.length] ?? '/' },
  })
  // Enough traffic, messages among it, before the stop: on a slow machine the turns come slowly.
  await expect
    .poll(
      () =>
        traffic.answers().length > 300 &&
        traffic.answers().filter((answer) => answer.request.method === 'POST').length > 3,
      { timeout: 60_000 },
    )
    .toBe(true)

  server.signal('SIGTERM')
  // From the moment the server says it is stopping, every answer must tell the client to close.
  await server.waitForOutput(/SIGTERM: answering the requests already sent/)
  const stopSeenAt = performance.now()
  const report = await traffic.done
  const exit = await server.exited

  const afterStop = report.answers.filter((answer) => answer.sentAt > stopSeenAt)
  const stored = (await inbox(data.dir)).messages.map((message) => message.message)
  const answeredPosts = report.answers.filter((answer) => answer.request.method === 'POST')
  test.info().annotations.push({
    type: 'stop under steady traffic',
    description: `${report.answers.length} answers, ${afterStop.length} sent after the stop began, ${answeredPosts.length} messages answered, ${report.refused} clients refused at the end, ${report.failures.length} failed`,
  })
  expect(report.failures, server.output()).toEqual([])
  expect(report.refused).toBe(20)
  expect(afterStop.length).toBeGreaterThan(20)
  for (const answer of afterStop) {
    expect(answer.connection, `${answer.request.method ?? 'GET'} ${answer.request.path}`).toBe(
      'close',
    )
  }
  expect(report.answers.filter((answer) => answer.status !== 200)).toEqual([])
  expect(exit).toEqual({ code: 0, signal: null })
  // Every message that was answered is stored, once; none that was not answered.
  expect(answeredPosts.length).toBeGreaterThan(3)
  expect(stored.toSorted()).toEqual(
    answeredPosts
      .map(
        (answer) =>
          (JSON.stringify(answer.request.body).match(/Steady message number \d+\./) ?? [''])[0],
      )
      .toSorted(),
  )
  expect(server.output()).not.toContain('were still open after SERVER_SHUTDOWN_TIMEOUT')
})
