/**
 * Canary for scripts/prerender.ts: Start's own prerender, asked to fail on error, still finishes
 * as if it had succeeded when a page fails (TanStack/router#8120; the failure is only an unhandled
 * rejection). When a Start release rejects instead, this test fails: one reason for our own
 * prerender is gone (the per-request nonce is the other, README "Our own prerender").
 *
 * It runs Start's `prerender` in a child process with a stand-in for the built server that
 * answers 500, so nothing of ours is involved.
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** Runs in the child, from the repository (bare imports resolve there); prints one JSON line. */
const childSource = `
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const output = mkdtempSync(join(tmpdir(), 'start-prerender-canary-'))
process.once('exit', () => rmSync(output, { recursive: true, force: true }))
const dist = dirname(fileURLToPath(import.meta.resolve('@tanstack/start-plugin-core')))
const { prerender } = await import(pathToFileURL(join(dist, 'prerender.js')).href)
let unhandledRejections = 0
process.on('unhandledRejection', () => { unhandledRejections++ })
console.info = console.warn = console.error = console.log = () => {}

let outcome
try {
  await prerender({
    startConfig: {
      prerender: { enabled: true, failOnError: true, autoStaticPathsDiscovery: false, crawlLinks: false },
      pages: [{ path: '/a-page-that-fails' }],
      router: { basepath: '' },
    },
    handler: {
      request: async () => new Response('render failed', { status: 500 }),
      getClientOutputDirectory: () => output,
      close: async () => {},
    },
  })
  outcome = 'resolved'
} catch {
  outcome = 'rejected'
}
// Once nothing is left to run, every rejection has been reported.
process.once('beforeExit', () =>
  process.stdout.write(JSON.stringify({ outcome, unhandledRejections }) + '\\n'),
)
`

describe("Start 1.169's prerender without our script (canary)", () => {
  it('still resolves when a page fails, though told to fail on error', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', childSource], {
      cwd: process.cwd(),
      encoding: 'utf8',
    })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual({ outcome: 'resolved', unhandledRejections: 1 })
  })
})
