import {
  linkSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'

/**
 * Who holds a lock: a process on a machine. In a container the pid says little (every container
 * is pid 1 of its own), so the host name (each container's own) and the kernel's boot id (the
 * same for every container of one machine until it restarts) say on which machine and system.
 */
export interface LockHolder {
  pid: number
  host: string
  /** /proc/sys/kernel/random/boot_id, or '' where the system has none. */
  bootId: string
}

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError'
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly refreshedSecondsAgo?: number,
  ) {
    const elsewhere =
      refreshedSecondsAgo === undefined
        ? ''
        : ` It refreshed its lock ${refreshedSecondsAgo} s ago; if that server is gone (its container removed), the lock lapses ${staleAfterMs / 1000} s after its last refresh.`
    super(
      `Another server is using the embedded database in ${dataDir} (pid ${holder.pid} on ${holder.host}). ` +
        `Stop it or set DATA_DIR to another folder.${elsewhere}`,
    )
  }
}

export interface LockFile {
  readonly path: string
  /**
   * True when a lock left by a process that is gone was taken over: the last server on this data
   * directory did not shut down (it crashed or was killed), so anything it had claimed is void.
   */
  readonly tookOverStaleLock: boolean
  release(): void
}

/** A lock's holder refreshes its file this often... */
export const refreshEveryMs = 5_000
/** ...so a lock another machine has not refreshed for this long belongs to a server that is gone. */
export const staleAfterMs = 30_000

const readBootId = () => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    return ''
  }
}

/** This process, as a lock names it. */
export const thisProcess = (): LockHolder => ({
  pid: process.pid,
  host: hostname(),
  bootId: readBootId(),
})

// Locks this process holds, so a second open in the same process is refused too, while a
// leftover lock that merely carries our pid (a restarted container is pid 1 again) is not.
const heldHere = new Set<string>()

/**
 * Whether the process still runs. A zombie (killed, not yet reaped by its parent: for a while
 * after `kill -9` under a supervisor) still answers signal 0, but holds nothing any more.
 */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

/** Linux's /proc/<pid>/stat: the state follows the command name in parentheses. */
function isZombie(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false
  }
}

/**
 * The lock's holder and when it last refreshed the file; undefined when it cannot be read. A lock
 * that holds only a pid was written by an earlier version, on this machine.
 */
function readLock(
  path: string,
  self: LockHolder,
): { holder: LockHolder; refreshedAt: number } | undefined {
  try {
    const text = readFileSync(path, 'utf8')
    const refreshedAt = statSync(path).mtimeMs
    const data = (
      /^\d+\s*$/.test(text) ? { ...self, pid: Number(text) } : JSON.parse(text)
    ) as Partial<LockHolder>
    if (typeof data.pid !== 'number' || !Number.isInteger(data.pid) || data.pid <= 0) {
      return undefined
    }
    return {
      holder: { pid: data.pid, host: String(data.host ?? ''), bootId: String(data.bootId ?? '') },
      refreshedAt,
    }
  } catch {
    return undefined
  }
}

/** Creates the lock atomically (write a temporary file, hard-link it into place): never half-written. */
function tryCreate(path: string, holder: LockHolder): boolean {
  const temporary = `${path}.${holder.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`, { flag: 'wx' })
  try {
    linkSync(temporary, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    rmSync(temporary, { force: true })
  }
}

const sameHolder = (a: LockHolder, b: LockHolder) =>
  a.pid === b.pid && a.host === b.host && a.bootId === b.bootId

/**
 * Takes the exclusive lock file that guards a data directory (PGlite takes none, and two
 * processes on one data dir corrupt it), shared volumes and containers included. A lock is taken
 * over when its holder is gone: on this machine (same host and boot id) when its pid no longer
 * runs; from another machine or container, once it has not been refreshed for `staleAfterMs`.
 * The holder refreshes the file's time every `refreshEveryMs` while it holds the lock.
 */
export function acquireLockFile(
  lockPath: string,
  dataDir: string,
  options: { self?: LockHolder; now?: () => number } = {},
): LockFile {
  const path = resolve(lockPath)
  const self = options.self ?? thisProcess()
  const now = options.now ?? Date.now
  let tookOverStaleLock = false
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(path, self)) {
      heldHere.add(path)
      const refresh = setInterval(() => {
        try {
          const time = new Date()
          utimesSync(path, time, time)
        } catch {
          // Gone or taken over: the next start says so.
        }
      }, refreshEveryMs)
      refresh.unref()
      return {
        path,
        tookOverStaleLock,
        release() {
          clearInterval(refresh)
          if (!heldHere.delete(path)) return
          const current = readLock(path, self)
          if (current && sameHolder(current.holder, self)) rmSync(path, { force: true })
        },
      }
    }
    const current = readLock(path, self)
    if (current) {
      const { holder, refreshedAt } = current
      const thisMachine = holder.host === self.host && holder.bootId === self.bootId
      if (thisMachine) {
        const heldByThisProcess = holder.pid === self.pid && heldHere.has(path)
        const heldByAnother = holder.pid !== self.pid && isRunning(holder.pid)
        if (heldByThisProcess || heldByAnother) {
          throw new DataDirectoryInUseError(resolve(dataDir), holder)
        }
      } else if (now() - refreshedAt < staleAfterMs) {
        const secondsAgo = Math.max(0, Math.round((now() - refreshedAt) / 1000))
        throw new DataDirectoryInUseError(resolve(dataDir), holder, secondsAgo)
      }
    }
    try {
      unlinkSync(path)
      tookOverStaleLock = true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing hands`)
}
