/**
 * Canary for src/server/nitro/node-entry.ts, which replaces Nitro's node entries. Each test fails
 * once upstream fixes what the entry works around: then use Nitro's entry, or its piece of it.
 * - Node's `server.close()` resets an idle keep-alive connection whose request has arrived but is
 *   not read yet (nodejs/node#60617): the drain is ours (docs/decisions/029-own-drain.md).
 * - Nitro's node-server entry calls `serve()` right after its plugins ran, without waiting for
 *   their start (the embedded database's open).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { rawConnection } from '#test/support/keep-alive-clients.ts'

const nitroDist = dirname(fileURLToPath(import.meta.resolve('nitro/vite')))

describe('Node 24 and Nitro 3 beta without our node entry (canary)', () => {
  it("Node's server.close() resets a keep-alive connection whose request is not read yet", async () => {
    const server = createServer((request, response) => response.end(request.url))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const connection = rawConnection((server.address() as { port: number }).port)
    await connection.connected
    await connection.send('/first')
    await expect.poll(() => connection.answers().length).toBe(1)
    await connection.send('/second')
    server.close()
    expect(await connection.ended).toBe('ECONNRESET')
    expect(connection.answers()).toEqual(['HTTP/1.1 200'])
  })

  it("Nitro's node-server entry serves as soon as its plugins have run", () => {
    const entry = readFileSync(join(nitroDist, 'presets/node/runtime/node-server.mjs'), 'utf8')
    expect(entry).toMatch(/const nitroApp = useNitroApp\(\);\s*const server = serve\(/)
  })
})
