import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server is using the embedded database in ${dataDir} (pid ${pid}). ` +
        'Stop it or set DATA_DIR to another folder.',
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

// Locks this process holds, so a second open in the same process is refused too, while a
// leftover lock that merely carries our pid (a restarted container is pid 1 again) is not.
const heldHere = new Set<string>()

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const readPid = (path: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Creates the lock atomically (write a temporary file, hard-link it into place): never half-written. */
function tryCreate(path: string): boolean {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, `${process.pid}\n`, { flag: 'wx' })
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

/**
 * Takes the exclusive lock file that guards a data directory (PGlite takes none, and two
 * processes on one data dir corrupt it). A lock whose process is gone is taken over.
 */
export function acquireLockFile(lockPath: string, dataDir: string): LockFile {
  const path = resolve(lockPath)
  let tookOverStaleLock = false
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(path)) {
      heldHere.add(path)
      return {
        path,
        tookOverStaleLock,
        release() {
          if (!heldHere.delete(path)) return
          if (readPid(path) === process.pid) rmSync(path, { force: true })
        },
      }
    }
    const pid = readPid(path)
    const heldByThisProcess = pid === process.pid && heldHere.has(path)
    const heldByAnother = pid !== undefined && pid !== process.pid && isRunning(pid)
    if (pid !== undefined && (heldByThisProcess || heldByAnother)) {
      throw new DataDirectoryInUseError(resolve(dataDir), pid)
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
