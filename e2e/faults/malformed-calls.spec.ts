/**
 * Server-function calls a scanner or a broken client makes: no id, an id this build does not
 * serve, a body that is not Seroval JSON, a GET with a form body type. Each gets a 4xx; the log
 * gets one line for the lot (at most one a minute, counting the rest), never a stack trace per
 * call, which let anyone fill the disk and bury real errors (issue 23).
 */
import { startProductionServer } from '#test/faults/production-server.ts'
import { serverFnIdsByMethod } from '#test/support/http-fuzz.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

test('a flood of malformed server-function calls: each refused with a 4xx, a line or two in the log, no stack', async () => {
  test.setTimeout(60_000)
  const data = clean.add(temporaryDataDir('malformed-calls'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      // SERVER_ENTRY: another build to compare with (the same test against an older server).
      ...(process.env.SERVER_ENTRY ? { entry: process.env.SERVER_ENTRY } : {}),
    }),
    (s) => s.stop(),
  )
  const publicDir = process.env.SERVER_ENTRY
    ? `${process.env.SERVER_ENTRY.replace(/server\/index\.mjs$/, '')}public`
    : undefined
  const {
    POST: [contact = ''],
  } = await serverFnIdsByMethod(server.url, publicDir)
  const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }
  const before = server.output().length

  const calls: [string, RequestInit][] = [
    ['/_serverFn/', { method: 'POST', headers: sameOrigin, body: '{}' }],
    [`/_serverFn/${'f'.repeat(64)}`, { method: 'POST', headers: sameOrigin, body: '{}' }],
    [
      `/_serverFn/${contact}`,
      {
        method: 'POST',
        headers: { ...sameOrigin, 'content-type': 'application/json' },
        body: '{"name": "not seroval',
      },
    ],
    [
      `/_serverFn/${contact}`,
      {
        method: 'POST',
        headers: { ...sameOrigin, 'content-type': 'multipart/form-data; boundary=x' },
        body: 'not a multipart body',
      },
    ],
  ]
  const statuses: Record<string, number> = {}
  for (let round = 0; round < 50; round++) {
    await Promise.all(
      calls.map(async ([path, init]) => {
        const response = await fetch(`${server.url}${path}`, init)
        await response.body?.cancel()
        statuses[response.status] = (statuses[response.status] ?? 0) + 1
      }),
    )
  }
  expect(Object.keys(statuses).sort()).toEqual(['400', '404'])
  // The server still answers its own calls.
  expect((await fetch(`${server.url}/faq`)).status).toBe(200)
  // Start has logged by the time it answers, and the server writes its pipe in order: once its
  // answer to SIGTERM has arrived, so has everything it printed for the calls.
  server.signal('SIGTERM')
  const stopping = 'SIGTERM: answering the requests already sent'
  await server.waitForOutput(new RegExp(stopping))
  const log = server.output().slice(before, server.output().indexOf(stopping))
  const lines = log.split('\n').filter((line) => line.trim() !== '')
  test.info().annotations.push({
    type: 'log',
    description: `${calls.length * 50} malformed calls, ${lines.length} log lines`,
  })
  expect(log).not.toMatch(/^\s+at /m)
  expect(lines.length).toBeLessThanOrEqual(2)
  expect(lines[0]).toContain('"event":"server_fn.malformed_call"')
  // What the caller sent is never repeated.
  expect(log).not.toContain('not seroval')
})
