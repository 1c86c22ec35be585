/**
 * `npm run serve` passes V8 flags on Node's command line (--heap-growing-percent is not allowed in
 * NODE_OPTIONS), and V8 drops flags between versions: an unknown one stops the server before it
 * starts. Canary for the Node pin: when this fails, the flag is gone; see docs/deploy.md, Memory.
 */
import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { serveSettings } from '../bench/lib/server.ts'

const { nodeFlags } = serveSettings()

it("starts Node with every flag of npm run serve's command line", () => {
  expect(nodeFlags).toContain('--heap-growing-percent=30')
  const run = spawnSync(process.execPath, [...nodeFlags, '-e', 'process.exit(0)'], {
    encoding: 'utf8',
  })
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  const bad = spawnSync(process.execPath, ['--heap-growing-percent-gone=30', '-e', '0'])
  expect(bad.status).not.toBe(0)
})
