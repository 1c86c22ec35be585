/**
 * Canary for the `__filename` define in vite.config.ts: Vite's server build bundles a CommonJS
 * module without a `__filename`, and write-file-atomic (which names its temporary files with it)
 * throws a ReferenceError in the built server. When a release shims it, this test fails: remove
 * the define.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { expect, it } from 'vitest'

it('a bundled write-file-atomic finds no __filename without the define', async () => {
  const root = mkdtempSync(join(tmpdir(), 'cjs-filename-canary-'))
  const library = createRequire(import.meta.url).resolve('write-file-atomic')
  const target = JSON.stringify(join(root, 'written.txt'))
  writeFileSync(
    join(root, 'entry.mjs'),
    `import writeFileAtomic from ${JSON.stringify(library)}\nwriteFileAtomic(${target}, 'ok').catch((error) => { console.error(String(error)); process.exitCode = 1 })\n`,
  )
  /** Bundles the entry as the server build does, and runs it in a plain Node process. */
  const run = async (define: Record<string, string>) => {
    const outDir = join(root, `out-${Object.keys(define).length}`)
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      ssr: { noExternal: true },
      build: { ssr: 'entry.mjs', outDir, rolldownOptions: { transform: { define } } },
    })
    return spawnSync(process.execPath, [join(outDir, 'entry.mjs')], { encoding: 'utf8' })
  }
  expect((await run({})).stderr).toContain('__filename is not defined')
  expect((await run({ __filename: 'import.meta.filename' })).status).toBe(0)
  rmSync(root, { recursive: true, force: true })
})
