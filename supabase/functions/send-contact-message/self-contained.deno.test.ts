/**
 * The function deploys without Docker: `supabase functions deploy --use-api` uploads the files
 * under supabase/functions and bundles them on Supabase's side, so no import may leave that folder
 * (an import of the site's app.config.ts or src/ deploys only with Docker's bundler).
 * Checked three ways: Deno's module graph of index.ts stays inside supabase/functions; a copy of
 * supabase/functions alone type-checks and bundles (`deno check`, `deno bundle`); and the bundle
 * starts and answers. Run by `npm run test:deno`.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const deno = process.execPath
const functionsDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const entry = join('send-contact-message', 'index.ts')
const config = join('send-contact-message', 'deno.json')

// npm run test:deno names a relative DENO_DIR: keep the cache where it is whatever the cwd.
const denoEnv = {
  ...process.env,
  ...(process.env.DENO_DIR ? { DENO_DIR: resolve(process.env.DENO_DIR) } : {}),
  NO_COLOR: '1',
}
const denoIn = (cwd: string, args: string[]) =>
  run(deno, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: denoEnv })

test('every local module of the function lies inside supabase/functions', async () => {
  const { stdout } = await denoIn(functionsDir, ['info', '--json', '--config', config, entry])
  const graph = JSON.parse(stdout) as { modules: { specifier: string }[] }
  const local = graph.modules
    .map((module) => module.specifier)
    .filter((specifier) => specifier.startsWith('file:'))
  assert.ok(local.includes(pathToFileURL(join(functionsDir, entry)).href))
  const outside = local.filter(
    (specifier) => !fileURLToPath(specifier).startsWith(functionsDir + sep),
  )
  assert.deepEqual(outside, [], 'imports that leave supabase/functions')
})

test('supabase/functions alone type-checks, bundles, and the bundle serves', async () => {
  const workDir = mkdtempSync(join(tmpdir(), 'functions-alone-'))
  let child: ChildProcess | undefined
  try {
    const copy = join(workDir, 'functions')
    cpSync(functionsDir, copy, {
      recursive: true,
      filter: (path) => !relative(functionsDir, path).split(sep).includes('node_modules'),
    })
    await denoIn(copy, ['check', '--config', config, entry])
    const bundle = join(workDir, 'send-contact-message.js')
    await denoIn(copy, ['bundle', '--config', config, '--platform', 'deno', '-o', bundle, entry])

    // Without its secrets the function answers 500 and names them: proof enough that the bundle
    // holds everything it needs to start (index.deno.test.ts runs it fully configured).
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    let output = ''
    child = spawn(deno, ['run', '--allow-all', '--no-config', bundle], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    const deadline = Date.now() + 30_000
    let answer: Response | undefined
    while (!answer) {
      answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).catch(
        () => undefined,
      )
      if (answer) break
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the bundle did not start:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.equal(answer.status, 500)
    assert.deepEqual(await answer.json(), { error: 'The contact service is not configured.' })
    assert.match(output, /edge\.misconfigured.*SUPABASE_DB_URL is not set/)
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(workDir, { recursive: true, force: true })
  }
})
