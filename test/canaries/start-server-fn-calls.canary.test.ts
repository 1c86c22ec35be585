/**
 * Canary for src/server/server-fn-guard.server.ts: Start's own server-function handler, without
 * our guard, still answers a call it cannot decode as a server error (TanStack/router#7363,
 * #8237), and reads a body of any size (#3953). When a check fails, Start does it itself: delete
 * the workaround its message names (the 500-to-4xx mapping, the body limit), then the check.
 *
 * It runs Start's `handleServerAction` in a child process with a function resolver that Start's
 * own plugin generates (`generateServerFnResolverModule`, as in a build) for one stand-in
 * function, so nothing of ours is between the request and Start's answer.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const workDir = mkdtempSync(join(tmpdir(), 'start-canary-'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/** Runs in the child, from the repository (bare imports resolve there); prints one JSON line. */
const childSource = (resolverFile: string, functionFile: string) => `
import { registerHooks } from 'node:module'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const distOf = (pkg) => dirname(fileURLToPath(import.meta.resolve(pkg)))
const plugin = join(distOf('@tanstack/start-plugin-core'), 'start-compiler/server-fn-resolver-module.js')
const { generateServerFnResolverModule } = await import(pathToFileURL(plugin).href)
writeFileSync(${JSON.stringify(functionFile)}, 'export const known = async ({ data }) => { globalThis.received = data?.length; return { result: "ok" } }\\n')
writeFileSync(${JSON.stringify(resolverFile)}, generateServerFnResolverModule({
  serverFnsById: { known: { functionName: 'known', extractedFilename: ${JSON.stringify(functionFile)} } },
  includeClientReferencedCheck: false,
}))
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === '#tanstack-start-server-fn-resolver'
      ? { url: ${JSON.stringify(pathToFileURL(resolverFile).href)}, shortCircuit: true }
      : next(specifier, context),
})
const handler = join(distOf('@tanstack/start-server-core'), 'server-functions-handler.js')
const { handleServerAction } = await import(pathToFileURL(handler).href)
const { runWithStartContext } = await import('@tanstack/start-storage-context')
const { toJSON } = await import('seroval')

/** Start's answer, or 500 when the handler throws (Start's request handler answers those so). */
const answer = async (path, serverFnId, init) => {
  try {
    const response = await runWithStartContext({ startOptions: {} }, () =>
      handleServerAction({ request: new Request('http://127.0.0.1' + path, init), serverFnId }),
    )
    return response.status
  } catch {
    return 500
  }
}
console.error = () => {}
process.stdout.write(JSON.stringify({
  unknownId: await answer('/_serverFn/unknown', 'unknown'),
  payloadNotJson: await answer('/_serverFn/known?payload=not-json', 'known'),
  bodyOf4MBReached: await answer('/_serverFn/known', 'known', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(toJSON({ data: 'A'.repeat(4 * 1024 * 1024) })),
  }).then(() => globalThis.received),
}) + '\\n')
`

describe('Start 1.169 without our server-function guard (canary)', () => {
  const result = run()

  it('answers 500 to an unknown id and to a payload that is not JSON (answerServerFnCall)', () => {
    expect(result).toMatchObject({ unknownId: 500, payloadNotJson: 500 })
  })

  it('reads a 4 MB body whole and runs the function (serverFnBodyLimit)', () => {
    expect(result.bodyOf4MBReached).toBe(4 * 1024 * 1024)
  })
})

function run() {
  {
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        childSource(join(workDir, 'resolver.mjs'), join(workDir, 'functions.mjs')),
      ],
      { cwd: process.cwd(), encoding: 'utf8' },
    )
    expect(child.status, child.stderr).toBe(0)
    return JSON.parse(child.stdout)
  }
}
