/**
 * Canary for src/server/compress-response.server.ts: a page rendered by Start's default stream
 * handler and served by Nitro's node-server reaches a client that takes gzip and brotli
 * uncompressed. When this test fails, Start or Nitro compresses rendered pages: check it flushes
 * as React writes, then delete our compression, then this canary.
 *
 * It builds a minimal project (Start's server entry, a router of one page, stand-ins for the
 * build's other entries) in a temporary folder, Nitro's build folder included, and runs it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { get, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const project = mkdtempSync(join(tmpdir(), 'start-nitro-compression-canary-'))
let server: ChildProcess | undefined
afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = once(server, 'exit')
    server.kill()
    await exited // it holds what its parent held, /tmp/e2e.lock included
  }
  rmSync(project, { recursive: true, force: true })
})

const files = {
  'entry-server.ts': "export { default } from '@tanstack/react-start/server-entry'\n",
  'router.ts': `
import { createElement as h } from 'react'
import { createRootRoute, createRoute, createRouter, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
const rootRoute = createRootRoute({
  component: () => h('html', null, h('head', null, h(HeadContent)), h('body', null, h(Outlet), h(Scripts))),
})
const page = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => h('p', null, 'A rendered page. '.repeat(200)),
})
export const getRouter = () => createRouter({ routeTree: rootRoute.addChildren([page]) })
`,
  'start.ts': 'export const startInstance = undefined\n',
  'manifest.ts': 'export const tsrStartManifest = () => ({ routes: {} })\n',
  'client.ts': 'export {}\n',
  'build.mjs': `
import { createBuilder } from 'vite'
import { nitro } from 'nitro/vite'
const here = (file) => process.cwd() + '/' + file
const builder = await createBuilder({
  root: process.cwd(),
  cacheDir: here('.vite'),
  configFile: false,
  logLevel: 'silent',
  resolve: {
    alias: {
      '#tanstack-router-entry': here('router.ts'),
      '#tanstack-start-entry': here('start.ts'),
      'tanstack-start-manifest:v': here('manifest.ts'),
    },
  },
  environments: { client: { build: { rollupOptions: { input: './client.ts' } } } },
  plugins: [nitro({ buildDir: here('.nitro') })],
})
await builder.buildApp()
`,
}

/** A production environment; without TEST, which silences srvx's startup line. */
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
delete env.TEST

/** Starts the built server on a free port; resolves with its URL, from its startup line. */
async function startServer() {
  server = spawn(process.execPath, ['.output/server/index.mjs'], {
    cwd: project,
    env: { ...env, HOST: '127.0.0.1', PORT: '0' },
  })
  let output = ''
  for await (const chunk of server.stdout ?? []) {
    output += chunk
    const url = /Listening on: (http:\/\/\S+)/.exec(output)?.[1]
    if (url) return url
  }
  throw new Error(`the server exited before listening: ${output}`)
}

describe("Start 1.169's stream handler on Nitro 3 beta's node-server (canary)", () => {
  it('answers a rendered page uncompressed to a client that takes gzip and brotli', async () => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text)
    mkdirSync(join(project, 'node_modules'))
    for (const pkg of ['nitro', 'vite', '@tanstack', 'react', 'react-dom']) {
      symlinkSync(join(process.cwd(), 'node_modules', pkg), join(project, 'node_modules', pkg))
    }
    const build = spawnSync(process.execPath, ['build.mjs'], {
      cwd: project,
      env,
      encoding: 'utf8',
    })
    expect(build.status, build.stderr).toBe(0)

    const request = get(await startServer(), {
      agent: false,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    const [response] = (await once(request, 'response')) as [IncomingMessage]
    let body = ''
    for await (const chunk of response) body += chunk
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(body).toContain('<p>A rendered page. A rendered page.')
  })
})
