/**
 * Canary (and the minimal reproduction for those not filed upstream) of three workarounds of
 * Start's request handler, run in a child process with stand-ins for the build's entries and a
 * router of one page, nothing of ours in between. When a check fails, Start fixed it: delete the
 * workaround its message names, then the check.
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** Runs in the child, from the repository (bare imports resolve there); prints one JSON line. */
const childSource = `
import { registerHooks } from 'node:module'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dir = mkdtempSync(join(tmpdir(), 'start-requests-canary-'))
process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
const stub = (name, source) => {
  writeFileSync(join(dir, name), source)
  return pathToFileURL(join(dir, name)).href
}
const router = import.meta.resolve('@tanstack/react-router')
const entries = {
  '#tanstack-router-entry': stub('router.mjs', \`import { createRootRoute, createRouter } from '\${router}'
export const getRouter = () => createRouter({ routeTree: createRootRoute() })\`),
  '#tanstack-start-entry': stub('start.mjs', 'export const startInstance = undefined'),
  'tanstack-start-manifest:v': stub('manifest.mjs', 'export const tsrStartManifest = () => ({ routes: {} })'),
}
registerHooks({
  resolve: (specifier, context, next) =>
    entries[specifier] ? { url: entries[specifier], shortCircuit: true } : next(specifier, context),
})
const { createStartHandler } = await import('@tanstack/start-server-core')
let rendering
const handler = createStartHandler(async ({ request }) => {
  if (new URL(request.url).pathname === '/slow') {
    await new Promise((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason))
      rendering()
    })
  }
  return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } })
})
console.error = () => {}

const deleted = await handler(new Request('http://site/', { method: 'DELETE' }))
const redirect = await handler(new Request('http://evil.example//gallery/'))
const controller = new AbortController()
const started = new Promise((resolve) => { rendering = resolve })
const slow = handler(new Request('http://site/slow', { signal: controller.signal }))
await started
controller.abort(new Error('aborted'))
const abort = await slow.then((r) => ({ status: r.status }), (e) => ({ thrown: e.message, status: e.status }))
process.stdout.write(JSON.stringify({
  deleteOnPage: deleted.status,
  doubleSlash: [redirect.status, redirect.headers.get('location')],
  abort,
}) + '\\n')
`

const run = () => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', childSource], {
    cwd: process.cwd(),
    encoding: 'utf8',
  })
  expect(child.status, child.stderr).toBe(0)
  return JSON.parse(child.stdout)
}

describe("Start 1.169's request handler without our workarounds (canary)", () => {
  const result = run()

  it('renders a page for a DELETE, 200 (refuseMethodOnPage)', () => {
    expect(result.deleteOnPage).toBe(200)
  })

  it("redirects //x/ to the Host header's site (sameHostLocation)", () => {
    expect(result.doubleSlash).toEqual([308, 'http://evil.example/gallery/'])
  })

  it('throws a client abort out of the handler, with no status (markClientAbortAsClosedRequest)', () => {
    expect(result.abort).toEqual({ thrown: 'aborted' })
  })
})
