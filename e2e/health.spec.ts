/**
 * Probes for a load balancer: /healthz says the process answers, /readyz that it can serve
 * everything (embedded: its database is open). Neither may be cached.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startProductionServer } from '../test/faults/production-server'
import { cleanups, eventually, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'

const clean = cleanups()
test.afterAll(() => clean.run())

test('a started server is alive and ready, and says so uncached', async ({ request }) => {
  const alive = await request.get('/healthz')
  expect(alive.status()).toBe(200)
  expect(alive.headers()['cache-control']).toBe('no-store')
  expect(await alive.json()).toEqual({ status: 'ok' })

  const ready = await request.get('/readyz')
  expect(ready.status()).toBe(200)
  expect(ready.headers()['cache-control']).toBe('no-store')
  // The contact path's checks are named too (e2e/faults/contact-self-check.spec.ts).
  expect(await ready.json()).toEqual({
    status: 'ready',
    mode: 'embedded',
    contact: expect.any(Object),
  })
})

test('a server whose database cannot open is alive but not ready, until it opens', async () => {
  test.setTimeout(90_000)
  const data = clean.add(temporaryDataDir('health'), (d) => d.remove())
  const blocker = join(data.dir, 'pglite')
  writeFileSync(blocker, 'not a database\n')
  const server = clean.add(await startProductionServer({ dataDir: data.dir }), (s) => s.stop())
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  const starting = await fetch(`${server.url}/readyz`)
  expect(starting.status).toBe(503)
  expect(starting.headers.get('retry-after')).toBe('2')
  expect(starting.headers.get('cache-control')).toBe('no-store')

  expect(await starting.json()).toEqual({ status: 'unavailable', database: 'opening' })

  // The next visitor's gallery load tries the database again (10 s after the last failure).
  rmSync(blocker)
  await eventually(async () => {
    await (await fetch(`${server.url}/gallery`)).text()
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  }, 45_000)

  // A balancer probes every few seconds: the probes add nothing to the log.
  const logged = server.output()
  for (let probe = 0; probe < 20; probe++) {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  }
  expect(server.output()).toBe(logged)
})
