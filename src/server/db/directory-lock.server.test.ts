import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireLockFile, DataDirectoryInUseError } from './directory-lock.server'

let dir: string
let lockPath: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-'))
  lockPath = join(dir, 'pglite.lock')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid as number
}

describe('acquireLockFile', () => {
  it('writes our pid and removes the file on release', () => {
    const lock = acquireLockFile(lockPath, dir)
    expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`)
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
    lock.release()
  })

  it('refuses while another live process holds it', () => {
    writeFileSync(lockPath, '1\n')
    expect(() => acquireLockFile(lockPath, dir)).toThrow(DataDirectoryInUseError)
    expect(() => acquireLockFile(lockPath, dir)).toThrow(
      `Another server is using the embedded database in ${dir} (pid 1). Stop it or set DATA_DIR to another folder.`,
    )
    expect(readFileSync(lockPath, 'utf8')).toBe('1\n')
  })

  it('refuses a second lock in this same process', () => {
    const lock = acquireLockFile(lockPath, dir)
    expect(() => acquireLockFile(lockPath, dir)).toThrow(`(pid ${process.pid})`)
    lock.release()
  })

  it('takes over a stale lock: a dead pid, an unreadable file, or our pid from an earlier run', () => {
    for (const stale of [`${deadPid()}\n`, '', 'garbage', `${process.pid}\n`]) {
      writeFileSync(lockPath, stale)
      const lock = acquireLockFile(lockPath, dir)
      expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`)
      lock.release()
    }
  })

  it('does not remove a lock that someone else has taken since', () => {
    const lock = acquireLockFile(lockPath, dir)
    writeFileSync(lockPath, '1\n')
    lock.release()
    expect(readFileSync(lockPath, 'utf8')).toBe('1\n')
  })
})
