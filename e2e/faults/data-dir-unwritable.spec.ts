/**
 * A data directory that takes no writes (issue 36, item 5): read-only from the start, or a disk
 * that fills up while the server runs. /readyz turns not ready and names the folder and the
 * reason; the log says so once, in one line with the path, without a stack trace; and the server
 * is ready again once the folder takes writes. Each server runs in a mount namespace of its own
 * (unshare) where DATA_DIR is a read-only bind mount or a small tmpfs; the test reaches into that
 * namespace through nsenter and /proc/<pid>/root.
 */
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { type ServerProcess, startProductionServer } from '#test/faults/production-server.ts'
import { requireRoot } from '#test/support/system-packages.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.beforeAll(() => requireRoot('e2e/faults/data-dir-unwritable.spec.ts'))
test.afterEach(() => clean.run())

/** Runs the server with `directory` mounted by `mount` (a shell line, `$0` the directory). */
const inMountNamespace = (mount: string, directory: string) => [
  'unshare',
  '--mount',
  'sh',
  '-c',
  `mkdir -p "$0" && ${mount} && exec "$@"`,
  directory,
]

async function readiness(url: string) {
  const answer = await fetch(`${url}/readyz`)
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

/** The server's JSON log lines of one event. */
const logLines = (output: string, event: string) =>
  output.split('\n').filter((line) => line.includes(`"event":"${event}"`))

/** A line of a stack trace, as Node prints an error logged whole. */
const stackLine = /^\s+at .+\(.+:\d+:\d+\)$/m

/**
 * Ready (200) again, the folder no longer named. Its contact checks (hCaptcha out of reach here)
 * may make it `degraded`: they are not this spec's.
 */
const servedAgain = (server: ServerProcess) => async () => {
  const { status, body } = await readiness(server.url)
  return status === 200 && body.mode === 'embedded' && body.dataDir === undefined
}

/** What an unwritable data folder gives: /readyz's 503 naming it, and one log line, no stack. */
const notReadyBody = (dataDir: string, problem: string) => ({
  status: 503,
  body: {
    status: 'unavailable',
    mode: 'embedded',
    dataDir: { path: dataDir, unwritable: problem },
  },
})

async function expectNamedOnce(server: ServerProcess, dataDir: string, problem: string) {
  for (let i = 0; i < 5; i++)
    expect(await readiness(server.url)).toEqual(notReadyBody(dataDir, problem))
  const unwritable = logLines(server.output(), 'data_dir.unwritable')
  expect(unwritable, server.output()).toHaveLength(1)
  expect(JSON.parse(unwritable[0] ?? '{}')).toMatchObject({
    level: 'error',
    path: dataDir,
    problem,
  })
  expect(server.output()).not.toMatch(stackLine)
}

test('a read-only data folder: not ready, named once with the path and EROFS, ready once it takes writes', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('data-dir-read-only'), (d) => d.remove())
  const dataDir = join(data.dir, 'data')
  await mkdir(dataDir, { recursive: true })
  const server = clean.add(
    await startProductionServer({
      dataDir,
      launcher: inMountNamespace(
        'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"',
        dataDir,
      ),
    }),
    (s) => s.stop(),
  )

  // It listens (a load balancer must hear why), and says why it is not ready.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  await expectNamedOnce(server, dataDir, 'EROFS: read-only file system')

  // The operator remounts it writable: the server opens its database and is ready, unrestarted.
  execFileSync('nsenter', [
    '--target',
    String(server.pid),
    '--mount',
    'mount',
    '-o',
    'remount,bind,rw',
    dataDir,
  ])
  await expect.poll(servedAgain(server), { timeout: 60_000, intervals: [1_000] }).toBe(true)
  expect(logLines(server.output(), 'data_dir.writable')).toHaveLength(1)
  expect(logLines(server.output(), 'data_dir.unwritable')).toHaveLength(1)
})

test('a data folder that fills up: not ready while full, named once with the path and ENOSPC, ready once space is freed', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('data-dir-full'), (d) => d.remove())
  const dataDir = join(data.dir, 'data')
  await mkdir(dataDir, { recursive: true })
  // The embedded database takes about 40 MB: room for it, and little more.
  const server = clean.add(
    await startProductionServer({
      dataDir,
      launcher: inMountNamespace('mount -t tmpfs -o size=96m tmpfs "$0"', dataDir),
    }),
    (s) => s.stop(),
  )
  await expect.poll(async () => (await readiness(server.url)).status, { timeout: 30_000 }).toBe(200)

  // The folder as the server sees it, inside its mount namespace.
  const filler = join(`/proc/${server.pid}/root`, dataDir, 'filler')
  clean.add(filler, (path) => rmSync(path, { force: true }))
  execFileSync('sh', ['-c', 'cat /dev/zero > "$0" 2>/dev/null || true', filler])

  // Within the probe's 5 s: asked sooner, the answer of the last probe stands.
  await expect
    .poll(async () => (await readiness(server.url)).status, { timeout: 20_000, intervals: [1_000] })
    .toBe(503)
  await expectNamedOnce(server, dataDir, 'ENOSPC: no space left on device')

  rmSync(filler)
  await expect.poll(servedAgain(server), { timeout: 20_000, intervals: [1_000] }).toBe(true)
  expect(logLines(server.output(), 'data_dir.writable')).toHaveLength(1)
})
