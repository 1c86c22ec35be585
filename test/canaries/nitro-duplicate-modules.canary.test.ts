/**
 * Canary for src/server/process-state.server.ts: Nitro's Vite build bundles the SSR environment
 * (Start's app) apart from Nitro's own bundle (its plugins and entry), so a module both import is
 * in the output twice, and its module-level state exists twice in one process. When a Nitro
 * release bundles them as one graph, this test fails: module singletons then suffice.
 *
 * It builds a minimal project (an SSR entry and a Nitro plugin sharing one module) in a
 * temporary folder, Nitro's build folder included, so nothing of ours and no shared state is involved.
 */
import { spawnSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const project = mkdtempSync(join(tmpdir(), 'nitro-canary-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

const files = {
  'shared.ts': "export const shared = { marker: 'shared-module-marker' }\n",
  'entry-server.ts':
    "import { shared } from './shared'\nexport default { fetch: () => new Response(shared.marker) }\n",
  'plugin.ts':
    "import { definePlugin } from 'nitro'\nimport { shared } from './shared'\nexport default definePlugin(() => { Object.assign(globalThis, { shared }) })\n",
  'client.ts': 'export {}\n',
  'build.mjs': `
import { createBuilder } from 'vite'
import { nitro } from 'nitro/vite'
const builder = await createBuilder({
  root: process.cwd(),
  configFile: false,
  logLevel: 'silent',
  environments: { client: { build: { rollupOptions: { input: './client.ts' } } } },
  plugins: [nitro({ plugins: ['./plugin.ts'], buildDir: process.cwd() + '/.nitro' })],
})
await builder.buildApp()
`,
}

describe('Nitro 3 beta with the SSR environment of Vite (canary)', () => {
  it('puts a module imported by a Nitro plugin and by the SSR entry in the output twice', () => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text)
    mkdirSync(join(project, 'node_modules'))
    for (const pkg of ['nitro', 'vite']) {
      symlinkSync(join(process.cwd(), 'node_modules', pkg), join(project, 'node_modules', pkg))
    }
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: project, encoding: 'utf8' })
    expect(build.status, build.stderr).toBe(0)

    const server = join(project, '.output/server')
    const outputs = ['index.mjs', ...readdirSync(join(server, '_ssr')).map((f) => `_ssr/${f}`)]
    const withMarker = outputs.filter((file) =>
      readFileSync(join(server, file), 'utf8').includes('shared-module-marker'),
    )
    expect(withMarker).toEqual(['index.mjs', '_ssr/ssr.mjs'])
  })
})
