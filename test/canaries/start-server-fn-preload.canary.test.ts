/**
 * Canary for the preload in src/server.ts: a build of Start 1.169 imports a server function's
 * module on the first call of that function, not when the server starts. When the check fails,
 * Start loads them before: delete the preload (`serverFnsLoaded`), then this file.
 *
 * A child process builds one stand-in `*.functions.ts` with Vite and Start's own compiler plugin,
 * the client first and then the server, as Start's build does, and imports the server build
 * recording every module Node loads. Nitro's bundling of that output is not part of it.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const workDir = mkdtempSync(join(tmpdir(), 'start-preload-canary-'))
// The stand-in's imports resolve from the repository's packages.
symlinkSync(join(process.cwd(), 'node_modules'), join(workDir, 'node_modules'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/** Runs in the child, from the repository (bare imports resolve there); prints one JSON line. */
const childSource = (dir: string) => `
import { registerHooks } from 'node:module'
import { writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createBuilder } from 'vite'

const dir = ${JSON.stringify(dir)}
const distOf = (pkg) => dirname(fileURLToPath(import.meta.resolve(pkg)))
const plugin = join(distOf('@tanstack/start-plugin-core'), 'vite/start-compiler-plugin/plugin.js')
const { startCompilerPlugin } = await import(pathToFileURL(plugin).href)

writeFileSync(join(dir, 'greet.functions.ts'), \`import { createServerFn } from '@tanstack/react-start'
export const greet = createServerFn().handler(async () => 'hello')
\`)
writeFileSync(join(dir, 'client.ts'), "export { greet } from './greet.functions.ts'\\n")
writeFileSync(join(dir, 'server.ts'), \`export { greet } from './greet.functions.ts'
export { getServerFnById } from '#tanstack-start-server-fn-resolver'
\`)
const out = join(dir, 'out')
const builder = await createBuilder({
  root: dir,
  configFile: false,
  cacheDir: join(dir, '.vite'),
  logLevel: 'silent',
  builder: { sharedPlugins: true },
  plugins: startCompilerPlugin({
    framework: 'react',
    environments: [{ name: 'client', type: 'client' }, { name: 'ssr', type: 'server' }],
    providerEnvName: 'ssr',
  }),
  environments: {
    client: {
      build: {
        outDir: join(out, 'client'),
        rollupOptions: { input: join(dir, 'client.ts'), external: [/^@tanstack\\//] },
      },
    },
    ssr: { build: { ssr: join(dir, 'server.ts'), outDir: join(out, 'server') } },
  },
})
await builder.build(builder.environments.client)
await builder.build(builder.environments.ssr)

const loaded = []
registerHooks({
  load: (url, context, next) => {
    if (url.startsWith(pathToFileURL(out).href)) loaded.push(relative(join(out, 'server'), fileURLToPath(url)))
    return next(url, context)
  },
})
const server = await import(pathToFileURL(join(out, 'server', 'server.mjs')).href)
const beforeFirstCall = loaded.splice(0).filter((file) => file !== 'server.mjs')
const action = await server.getServerFnById(server.greet.serverFnMeta.id, { origin: 'server' })
process.stdout.write(JSON.stringify({ beforeFirstCall, byFirstCall: loaded, action: typeof action }) + '\\n')
process.exit(0)
`

describe("Start 1.169's built server-function resolver (canary)", () => {
  it("loads a function's module on its first call, not at start (serverFnsLoaded)", () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', childSource(workDir)], {
      cwd: process.cwd(),
      encoding: 'utf8',
    })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual({
      beforeFirstCall: [],
      byFirstCall: [expect.stringMatching(/^assets\/greet\.functions-[\w-]+\.mjs$/)],
      action: 'function',
    })
  })
})
