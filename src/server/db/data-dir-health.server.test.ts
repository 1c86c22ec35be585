import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { checkDataDir, dataDirWriteProblem } from './data-dir-health.server'

const root = mkdtempSync(join(tmpdir(), 'data-dir-health-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the data directory write check', () => {
  it('writes and removes its probe in a folder that takes writes, making the folder first', async () => {
    const dir = join(root, 'fresh', 'data')
    expect(await dataDirWriteProblem(dir)).toBeUndefined()
    expect(readdirSync(dir)).toEqual([])
  })

  it('names a failure once, with the path and without it in the reason, and the recovery once', async () => {
    // A file where the folder should be: the folder cannot be made (as root, permissions do not
    // stop a write; the fault suite mounts a read-only and a full folder for real).
    const dir = join(root, 'blocked')
    writeFileSync(dir, 'not a folder')
    const log = createMemoryLogger()
    const check = () => checkDataDir(dir, { maxAgeMs: 0, log })

    const first = await check()
    expect(first.path).toBe(dir)
    expect(first.problem).toMatch(/^E[A-Z]+: /)
    expect(first.problem).not.toContain(dir)
    await check()
    await check()
    expect(log.entries).toEqual([
      {
        level: 'error',
        event: 'data_dir.unwritable',
        fields: { path: dir, problem: first.problem },
      },
    ])

    rmSync(dir)
    expect(await check()).toEqual({ path: dir, problem: undefined })
    await check()
    expect(log.entries.slice(1)).toEqual([
      { level: 'info', event: 'data_dir.writable', fields: { path: dir } },
    ])
  })

  it('probes at most once per interval, however often it is asked', async () => {
    const dir = join(root, 'rate-limited')
    const log = createMemoryLogger()
    expect((await checkDataDir(dir, { maxAgeMs: 60_000, log })).problem).toBeUndefined()
    // Blocked now, but the answer of a moment ago stands until the interval has passed.
    rmSync(dir, { recursive: true })
    writeFileSync(dir, 'not a folder')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => checkDataDir(dir, { maxAgeMs: 60_000, log })),
    )
    expect(answers.every((answer) => answer.problem === undefined)).toBe(true)
    expect((await checkDataDir(dir, { maxAgeMs: 0, log })).problem).toBeDefined()
    rmSync(dir)
  })
})
