/**
 * Two containers on one volume (issue 15): each server runs as pid 1 in a pid and host-name
 * namespace of its own (unshare), so pids tell nothing about who holds the embedded database's
 * lock. The lock names the holder's host and boot id: the second server refuses while the first
 * runs, and starts once the first has stopped.
 */
import { childrenOf, startProductionServer } from '#test/faults/production-server.ts'
import { requireRoot } from '#test/support/system-packages.ts'
import { expect, test } from '../fixtures'
import { cleanups, eventually, lockExists, temporaryDataDir } from './support'

const clean = cleanups()
test.beforeAll(() => requireRoot('e2e/faults/containers.spec.ts'))
test.afterEach(() => clean.run())

/** Runs the server as pid 1 of a fresh pid namespace, with its own host name. */
const container = (host: string) => [
  'unshare',
  '--pid',
  '--fork',
  '--uts',
  '--mount-proc',
  '--kill-child=SIGTERM',
  'sh',
  '-c',
  'hostname "$0" && exec "$@"',
  host,
]

test('a second container on the same data directory refuses while the first runs, then starts', async () => {
  test.setTimeout(120_000)
  const volume = clean.add(temporaryDataDir('volume'), (d) => d.remove())
  const first = clean.add(
    await startProductionServer({ dataDir: volume.dir, launcher: container('box-a') }),
    (s) => s.stop(),
  )
  expect((await fetch(`${first.url}/readyz`)).status).toBe(200)

  const second = await startProductionServer({
    dataDir: volume.dir,
    launcher: container('box-b'),
  }).then(
    () => 'started',
    (error: Error) => error.message,
  )
  expect(second).toContain('Another server is using the embedded database')
  expect(second).toContain('(pid 1 on box-a)')
  expect((await fetch(`${first.url}/gallery`)).status).toBe(200)

  // The container's pid 1, as its runtime signals it (unshare itself passes no signal on).
  const [init] = childrenOf(first.pid)
  process.kill(init as number, 'SIGTERM')
  await eventually(async () => expect(lockExists(volume.dir)).toBe(false), 30_000)
  const third = clean.add(
    await startProductionServer({ dataDir: volume.dir, launcher: container('box-b') }),
    (s) => s.stop(),
  )
  expect((await fetch(`${third.url}/readyz`)).status).toBe(200)
})
