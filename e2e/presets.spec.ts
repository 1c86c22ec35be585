/**
 * The builds beside the default node-server one (issue 15), each serving Supabase's data (the
 * PostgREST stand-in over the schema, as in the production-path tests):
 * - node-cluster (`npm run build:cluster`): a primary and its workers; it has no embedded
 *   database and says so; a worker that dies is replaced; SIGTERM to the primary loses nothing.
 * - Netlify (`npm run build:netlify`): the server function and the static files in Netlify's own
 *   local emulator (test/support/netlify-emulator.ts), prerendered pages included.
 */
import { spawn } from 'node:child_process'
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { galleryRow } from '../test/faults/gallery-rows'
import {
  childrenOf,
  freePort,
  type ServerProcess,
  startProductionServer,
} from '../test/faults/production-server'
import { rawConnection } from '../test/support/keep-alive-clients'
import { startPostgrestStandIn } from '../test/support/postgrest-stand-in'
import { openPgliteSchemaDatabase, setGalleryRows } from '../test/support/supabase-schema'
import { cleanups, eventually, getPage, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'

const clean = cleanups()
test.afterEach(() => clean.run())

/**
 * A copy of a build's folder somewhere else, as a deployment has it: run in place, a build could
 * load packages from this project's node_modules that it does not ship.
 */
function deployed(build: string) {
  const copy = clean.add(temporaryDataDir('deployed'), (d) => d.remove())
  cpSync(build, copy.dir, { recursive: true })
  return join(copy.dir, 'server/index.mjs')
}

/** A Supabase project's gateway with one gallery project, and the site's variables for it. */
async function supabase() {
  const schema = clean.add(await openPgliteSchemaDatabase(), (d) => d.close())
  await setGalleryRows(schema.database, [galleryRow('oak', { title: 'Oak Galley Kitchen' })])
  const gateway = clean.add(await startPostgrestStandIn({ database: schema.database }), (s) =>
    s.close(),
  )
  return {
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    SUPABASE_SECRET_KEY: gateway.secretKey,
  }
}

const workersOf = (server: ServerProcess) => childrenOf(server.pid)

test('node-cluster in Supabase mode: workers serve, a dead one is replaced, SIGTERM loses nothing', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('cluster'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      entry: deployed('.output-cluster'),
      dataDir: data.dir,
      env: { ...(await supabase()), NITRO_CLUSTER_WORKERS: '2' },
    }),
    (s) => s.stop(),
  )
  await eventually(async () => expect(workersOf(server)).toHaveLength(2))
  const gallery = await getPage(server.url, '/gallery')
  expect(gallery.status).toBe(200)
  expect(gallery.html).toContain('Oak Galley Kitchen')
  const faq = await fetch(`${server.url}/faq`)
  expect(faq.headers.get('x-prerendered')).toBe('1')
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

  const [victim] = workersOf(server)
  process.kill(victim as number, 'SIGKILL')
  await server.waitForOutput(/A worker exited \(SIGKILL\); starting another/)
  await eventually(async () => {
    expect(workersOf(server)).toHaveLength(2)
    expect(workersOf(server)).not.toContain(victim)
  }, 30_000)
  expect((await getPage(server.url, '/gallery')).status).toBe(200)

  const pool = Array.from({ length: 12 }, () => rawConnection(server.port))
  clean.add(pool, (connections) => {
    for (const connection of connections) connection.socket.destroy()
  })
  await Promise.all(pool.map((connection) => connection.connected))
  await Promise.all(
    pool.map((connection, index) => connection.send(`/gallery?category=kitchen&q=request${index}`)),
  )
  server.signal('SIGTERM')
  expect(await Promise.all(pool.map((connection) => connection.ended))).toEqual(
    pool.map(() => 'end'),
  )
  expect(pool.map((connection) => connection.answers())).toEqual(pool.map(() => ['HTTP/1.1 200']))
  const outcome = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000)),
  ])
  expect(outcome, server.output()).toEqual({ code: 0, signal: null })
})

test('node-cluster has no embedded database: without Supabase it refuses to start and says why', async () => {
  const data = clean.add(temporaryDataDir('cluster-embedded'), (d) => d.remove())
  const child = spawn('node_modules/.bin/node', [deployed('.output-cluster')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(await freePort()),
      NITRO_CLUSTER_WORKERS: '1',
      DATA_DIR: data.dir,
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code, output).toBe(1)
  expect(output).toContain('This build has no embedded database')
})

test('the Netlify build in Netlify’s emulator: the function renders, prerendered pages and static files come with their headers', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('netlify'), (d) => d.remove())
  const site = clean.add(
    await startProductionServer({
      entry: 'test/support/netlify-emulator.ts',
      dataDir: data.dir,
      env: await supabase(),
    }),
    (s) => s.stop(),
  )
  const gallery = await fetch(`${site.url}/gallery`)
  expect(gallery.status).toBe(200)
  expect(gallery.headers.get('x-netlify-emulator')).toBe('function')
  expect(await gallery.text()).toContain('Oak Galley Kitchen')

  const home = await fetch(`${site.url}/`)
  expect(home.headers.get('x-netlify-emulator')).toBe('function')
  expect(home.headers.get('x-prerendered')).toBe('1')
  const html = await home.text()
  // Finished bytes: the page's inline scripts are allowed by their hashes (decision 028).
  expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)

  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  const asset = await fetch(`${site.url}${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('x-netlify-emulator')).toBe('static')
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(asset.headers.get('x-content-type-options')).toBe('nosniff')

  const missing = await fetch(`${site.url}/assets/missing-Ab12Cd34.js`)
  expect(missing.status).toBe(404)
  expect(missing.headers.get('cache-control')).toBe('no-store')

  const readiness = await (await fetch(`${site.url}/readyz`)).json()
  expect(readiness).toMatchObject({
    mode: 'supabase',
    // The stand-in has no Storage: no render URL has been seen to work.
    images: 'variants',
  })
  // Nor a contact function: once the contact path is checked, it is degraded (decision 025).
  expect(readiness.status).toBe(readiness.contact.checkedAt === null ? 'ready' : 'degraded')
})
