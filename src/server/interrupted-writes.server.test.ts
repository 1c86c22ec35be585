import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { removeInterruptedWrites } from './interrupted-writes.server'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function file(path: string, content = '') {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

describe('removeInterruptedWrites', () => {
  it('removes what writes cut short by a full disk left in the outbox, the inbox and the variants, and nothing else', async () => {
    const data = mkdtempSync(join(tmpdir(), 'interrupted-'))
    dirs.push(data)
    const leftovers = [
      file(join(data, 'outbox', `.${randomUUID()}.tmp`)),
      file(join(data, 'inbox', `.${randomUUID()}.tmp`)),
      file(
        join(
          data,
          'photo-variants',
          'kitchen',
          'oak',
          'abc123',
          `400.avif.${randomUUID()}.partial`,
        ),
      ),
    ]
    const kept = [
      file(join(data, 'outbox', '20261125T100000Z_id.eml'), 'From: a'),
      file(join(data, 'inbox', 'inbox.json'), '{}'),
      file(join(data, 'photo-variants', 'kitchen', 'oak', 'abc123', '400.avif'), 'x'),
      file(join(data, 'pglite', 'base', '.keep.tmp')),
    ]
    const log = { info: vi.fn(), warn: vi.fn() }

    expect(await removeInterruptedWrites(data, log)).toBe(3)

    for (const path of leftovers) expect(existsSync(path), path).toBe(false)
    for (const path of kept) expect(existsSync(path), path).toBe(true)
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('Removed 3 file(s)'))
    expect(readdirSync(join(data, 'outbox'))).toEqual(['20261125T100000Z_id.eml'])
  })

  it('is quiet on a fresh data directory', async () => {
    const data = mkdtempSync(join(tmpdir(), 'interrupted-'))
    dirs.push(data)
    const log = { info: vi.fn(), warn: vi.fn() }
    expect(await removeInterruptedWrites(data, log)).toBe(0)
    expect(log.info).not.toHaveBeenCalled()
  })
})
