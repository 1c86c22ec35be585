// The data directory's lock (PGlite takes none): proper-lockfile's `pglite.lock` plus `holder.json`
// naming pid, host and boot id, since in a container every pid is 1. Decision 029.
import * as fs from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { consoleLogger, errorFields } from '#supabase/functions/_shared/log.ts'

export type LockHolder = { pid: number; host: string; bootId: string }

/** A holder on another machine or container is gone once it has not refreshed for this long. */
export const staleAfterMs = 30_000

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError'
  constructor(dataDir: string, holder: LockHolder | undefined, elsewhere: boolean) {
    const who = holder ? `pid ${holder.pid} on ${holder.host}` : 'holder unknown'
    const lapse = ` If that server is gone (its container removed), its lock lapses ${staleAfterMs / 1000} s after its last refresh.`
    const use = `Another server is using the embedded database in ${dataDir} (${who}).`
    super(`${use} Stop it or set DATA_DIR to another folder.${elsewhere ? lapse : ''}`)
  }
}

const readOr = <T>(read: () => T, otherwise: T) => {
  try {
    return read()
  } catch {
    return otherwise
  }
}
export const thisProcess = (): LockHolder => ({
  pid: process.pid,
  host: hostname(),
  bootId: readOr(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), ''),
})

// A zombie (as for a while after `kill -9`) answers signal 0, yet no longer runs.
const isRunning = (pid: number) =>
  readOr(() => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !'ZX'.includes(stat.charAt(stat.lastIndexOf(')') + 2))
  }, undefined) ?? readOr(() => process.kill(pid, 0), false)

const removeDir = (path: string) => fs.rmSync(path, { recursive: true, force: true })
// proper-lockfile removes its lock with rmdir: this one has holder.json in it.
const lockFs = {
  ...fs,
  rmdir: (path: string, done: fs.NoParamCallback) =>
    fs.rm(path, { recursive: true, force: true }, done),
  rmdirSync: removeDir,
}
// A leftover lock naming our own pid (a restarted container) is stale unless held here.
const heldHere = new Set<string>()

/** Takes over at once a lock left on this machine (host, boot id) by a pid no longer running. */
export async function acquireDataDirLock(dataDir: string, self = thisProcess()) {
  const lockPath = join(dataDir, 'pglite.lock')
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: staleAfterMs,
    update: 5_000,
    fs: lockFs,
    onCompromised: (error: Error) =>
      consoleLogger.error('data_dir.lock_lost', { path: lockPath, ...errorFields(error) }),
  }
  const tookOverStaleLock = fs.existsSync(lockPath)
  const lock = () => lockfile.lock(join(dataDir, 'pglite'), options)
  const unlock = await lock().catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ELOCKED') throw error
    const holder = readOr<LockHolder | undefined>(
      () => JSON.parse(fs.readFileSync(join(lockPath, 'holder.json'), 'utf8')),
      undefined,
    )
    const thisMachine = holder?.host === self.host && holder.bootId === self.bootId
    const gone = holder?.pid === self.pid ? !heldHere.has(lockPath) : !isRunning(holder?.pid ?? 0)
    if (!holder || !thisMachine || !gone) {
      throw new DataDirectoryInUseError(dataDir, holder, holder !== undefined && !thisMachine)
    }
    removeDir(lockPath)
    return lock()
  })
  heldHere.add(lockPath)
  // proper-lockfile takes a changed mtime for a lost lock: the write must keep it.
  const { atime, mtime } = fs.statSync(lockPath)
  fs.writeFileSync(join(lockPath, 'holder.json'), `${JSON.stringify(self)}\n`)
  fs.utimesSync(lockPath, atime, mtime)
  let released: Promise<void> | undefined
  return {
    tookOverStaleLock,
    // A lock lost meanwhile (taken over as stale) is not ours to remove.
    release: () =>
      (released ??= unlock()
        .catch(() => {})
        .finally(() => heldHere.delete(lockPath))),
  }
}
