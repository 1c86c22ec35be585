import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireLockFile,
  DataDirectoryInUseError,
  type LockHolder,
  staleAfterMs,
  thisProcess,
} from './directory-lock.server'

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

/**
 * A process that has exited but is not reaped: the shell's background child, once the shell has
 * become a `sleep` that never waits for it. It still answers signal 0, as after `kill -9`. The
 * child exits only once its parent is that `sleep`: exiting earlier, a busy shell could reap it.
 */
async function zombie() {
  const child = 'until [ "$(cat /proc/$PPID/comm)" = sleep ]; do sleep 0.01; done'
  const parent = spawn('sh', ['-c', `sh -c '${child}' & echo $!; exec sleep 30`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const pid = Number(line.toString().trim())
  for (let tries = 0; tries < 100; tries++) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) break
    await new Promise((done) => setTimeout(done, 20))
  }
  return { pid, stop: () => parent.kill('SIGKILL') }
}

const me = thisProcess()
const writeLock = (holder: LockHolder, refreshedAgoMs = 0) => {
  writeFileSync(lockPath, `${JSON.stringify(holder)}\n`)
  const time = new Date(Date.now() - refreshedAgoMs)
  utimesSync(lockPath, time, time)
}
const holderOf = () => JSON.parse(readFileSync(lockPath, 'utf8')) as LockHolder

describe('acquireLockFile', () => {
  it('names this process on this machine, and removes the file on release', () => {
    const lock = acquireLockFile(lockPath, dir)
    expect(holderOf()).toEqual(me)
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
    lock.release()
  })

  it('refuses while another live process on this machine holds it', () => {
    writeLock({ ...me, pid: 1 })
    expect(() => acquireLockFile(lockPath, dir)).toThrow(DataDirectoryInUseError)
    expect(() => acquireLockFile(lockPath, dir)).toThrow(
      `Another server is using the embedded database in ${dir} (pid 1 on ${me.host}). Stop it or set DATA_DIR to another folder.`,
    )
    expect(holderOf().pid).toBe(1)
  })

  it('refuses a second lock in this same process', () => {
    const lock = acquireLockFile(lockPath, dir)
    expect(() => acquireLockFile(lockPath, dir)).toThrow(`(pid ${process.pid} on ${me.host})`)
    lock.release()
  })

  it('takes over a stale lock on this machine: a dead pid, an unreadable file, or our pid from an earlier run', () => {
    for (const stale of [
      JSON.stringify({ ...me, pid: deadPid() }),
      `${deadPid()}\n`,
      '',
      'garbage',
      JSON.stringify(me),
    ]) {
      writeFileSync(lockPath, stale)
      const lock = acquireLockFile(lockPath, dir)
      expect(lock.tookOverStaleLock).toBe(true)
      expect(holderOf()).toEqual(me)
      lock.release()
    }
  })

  it('takes over a lock whose holder was killed and is not yet reaped (a zombie)', async () => {
    const { pid, stop } = await zombie()
    try {
      expect(() => process.kill(pid, 0)).not.toThrow()
      writeLock({ ...me, pid })
      const lock = acquireLockFile(lockPath, dir)
      expect(lock.tookOverStaleLock).toBe(true)
      expect(holderOf()).toEqual(me)
      lock.release()
    } finally {
      stop()
    }
  })

  it('refuses a lock another container refreshed lately, even when both are pid 1', () => {
    const container = (host: string): LockHolder => ({ pid: 1, host, bootId: me.bootId })
    writeLock(container('box-a'), 2_000)
    let refusal: unknown
    try {
      acquireLockFile(lockPath, dir, { self: container('box-b') })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirectoryInUseError)
    expect((refusal as Error).message).toContain('(pid 1 on box-a)')
    expect((refusal as Error).message).toContain('It refreshed its lock 2 s ago')
    expect(holderOf().host).toBe('box-a')
  })

  it('takes over a lock another container stopped refreshing: its server is gone', () => {
    writeLock({ pid: 1, host: 'box-a', bootId: me.bootId }, staleAfterMs + 1_000)
    const self = { pid: 1, host: 'box-b', bootId: me.bootId }
    const lock = acquireLockFile(lockPath, dir, { self })
    expect(lock.tookOverStaleLock).toBe(true)
    expect(holderOf()).toEqual(self)
    lock.release()
  })

  it('takes a lock of this host from before a reboot as its own, whatever the pid', () => {
    writeLock({ ...me, pid: 1, bootId: 'an-earlier-boot' }, staleAfterMs + 1_000)
    const lock = acquireLockFile(lockPath, dir)
    expect(lock.tookOverStaleLock).toBe(true)
    lock.release()
  })

  it('does not remove a lock that someone else has taken since', () => {
    const lock = acquireLockFile(lockPath, dir)
    writeLock({ pid: 1, host: 'box-a', bootId: 'x' })
    lock.release()
    expect(holderOf().host).toBe('box-a')
  })
})
