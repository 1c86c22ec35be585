import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
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

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number

/**
 * A process that has exited but is not reaped: the shell's background child, once the shell has
 * become a `sleep` that never waits for it. It still answers signal 0, as after `kill -9`.
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
/** A lock as another server left it, refreshed `refreshedAgoMs` ago. */
const writeLock = (holder: LockHolder | undefined, refreshedAgoMs = 0) => {
  mkdirSync(lockPath)
  if (holder) writeFileSync(join(lockPath, 'holder.json'), JSON.stringify(holder))
  const time = new Date(Date.now() - refreshedAgoMs)
  utimesSync(lockPath, time, time)
}
const holderOf = () => JSON.parse(readFileSync(join(lockPath, 'holder.json'), 'utf8')) as LockHolder
const refusal = (self?: LockHolder) =>
  acquireDataDirLock(dir, self).then(
    () => 'taken',
    (error: Error) => {
      expect(error).toBeInstanceOf(DataDirectoryInUseError)
      return error.message
    },
  )

describe('acquireDataDirLock', () => {
  it('names this process, and is gone once released', async () => {
    const lock = await acquireDataDirLock(dir)
    expect(lock.tookOverStaleLock).toBe(false)
    expect(holderOf()).toEqual(me)
    await lock.release()
    await lock.release()
    expect(existsSync(lockPath)).toBe(false)
  })

  it('refuses while another live process on this machine holds it, or this one', async () => {
    writeLock({ ...me, pid: 1 })
    expect(await refusal()).toBe(
      `Another server is using the embedded database in ${dir} (pid 1 on ${me.host}). Stop it or set DATA_DIR to another folder.`,
    )
    rmSync(lockPath, { recursive: true })
    const lock = await acquireDataDirLock(dir)
    expect(await refusal()).toContain(`(pid ${process.pid} on ${me.host})`)
    await lock.release()
  })

  it('takes over at once a lock of this machine whose holder is dead, or our pid from an earlier run', async () => {
    for (const holder of [{ ...me, pid: deadPid() }, me]) {
      writeLock(holder)
      const lock = await acquireDataDirLock(dir)
      expect(lock.tookOverStaleLock).toBe(true)
      expect(holderOf()).toEqual(me)
      await lock.release()
    }
  })

  it('takes over a lock whose holder was killed and is not yet reaped (a zombie)', async () => {
    const { pid, stop } = await zombie()
    try {
      expect(() => process.kill(pid, 0)).not.toThrow()
      writeLock({ ...me, pid })
      const lock = await acquireDataDirLock(dir)
      expect(lock.tookOverStaleLock).toBe(true)
      await lock.release()
    } finally {
      stop()
    }
  })

  it('refuses a lock another container refreshed lately, even when both are pid 1, and one naming nobody', async () => {
    const container = (host: string): LockHolder => ({ pid: 1, host, bootId: me.bootId })
    writeLock(container('box-a'), 2_000)
    const message = await refusal(container('box-b'))
    expect(message).toContain('(pid 1 on box-a)')
    expect(message).toContain('its lock lapses 30 s after its last refresh')
    expect(holderOf().host).toBe('box-a')
    rmSync(lockPath, { recursive: true })
    writeLock(undefined)
    expect(await refusal()).toContain('(holder unknown)')
  })

  it('takes over a lock another container or an earlier boot stopped refreshing', async () => {
    for (const holder of [
      { pid: 1, host: 'box-a', bootId: me.bootId },
      { ...me, pid: 1, bootId: 'an-earlier-boot' },
    ]) {
      writeLock(holder, staleAfterMs + 1_000)
      const lock = await acquireDataDirLock(dir, { pid: 1, host: 'box-b', bootId: me.bootId })
      expect(lock.tookOverStaleLock).toBe(true)
      expect(holderOf().host).toBe('box-b')
      await lock.release()
    }
  })
})
