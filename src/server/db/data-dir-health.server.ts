/**
 * Whether the data directory (DATA_DIR) takes writes: a read-only mount, a full disk or a folder
 * this user may not write turns the embedded site not ready (/readyz), and is said once in the
 * log, in one line with the path (`data_dir.unwritable`), until a write works again
 * (`data_dir.writable`). Found by writing one database page's worth to a file there, synced, then
 * removed: at most every few seconds, however often it is asked.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, open, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import { processState } from '../process-state.server'

/** Node's message without its path: `EROFS: read-only file system`. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const message = error instanceof Error ? error.message : String(error)
  return code ? (message.split(',')[0] ?? code) : message
}

/** One Postgres page: a disk with less free space than that cannot store a message either. */
const probeBytes = 8192

/**
 * Writes, syncs and removes `<directory>/.write-check` (making the directory first, as the
 * database's open does). Undefined when that works; else why not,
 * without the path (`ENOSPC: no space left on device`).
 */
export async function dataDirWriteProblem(directory: string): Promise<string | undefined> {
  const probe = join(directory, '.write-check')
  try {
    await mkdir(directory, { recursive: true })
    const file = await open(probe, 'w', 0o600)
    try {
      await file.writeFile(randomBytes(probeBytes))
      await file.sync()
    } finally {
      await file.close()
    }
    return undefined
  } catch (error) {
    return reasonOf(error)
  } finally {
    await rm(probe, { force: true }).catch(() => {})
  }
}

export interface DataDirHealth {
  readonly path: string
  /** Undefined while writes work; else the reason (`EROFS: read-only file system`). */
  readonly problem: string | undefined
}

const state = processState('data-dir-health', () => ({
  path: '',
  problem: undefined as string | undefined,
  checkedAt: Number.NEGATIVE_INFINITY,
  checking: undefined as Promise<DataDirHealth> | undefined,
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  onWritable: [] as (() => void)[],
}))

/**
 * Probes the directory unless it was probed within `maxAgeMs`, and logs a change: the first
 * failure (or a new reason) as an error, a recovery as info.
 */
export function checkDataDir(
  dataDir: string,
  { maxAgeMs = 5_000, log = consoleLogger }: { maxAgeMs?: number; log?: Logger } = {},
): Promise<DataDirHealth> {
  const path = resolve(dataDir)
  if (state.path === path && Date.now() - state.checkedAt < maxAgeMs) {
    return state.checking ?? Promise.resolve({ path, problem: state.problem })
  }
  if (state.checking && state.path === path) return state.checking
  state.path = path
  state.checkedAt = Date.now()
  const checking = dataDirWriteProblem(path).then((problem) => {
    const before = state.problem
    state.problem = problem
    if (problem !== undefined && problem !== before) {
      log.error('data_dir.unwritable', { path, problem })
    } else if (problem === undefined && before !== undefined) {
      log.info('data_dir.writable', { path })
      for (const notify of state.onWritable.splice(0)) notify()
    }
    return { path, problem }
  })
  state.checking = checking
  void checking.finally(() => {
    if (state.checking === checking) state.checking = undefined
  })
  return checking
}

/**
 * Checks the directory every `everyMs` in the background (so a disk that fills up is in the log
 * even when nothing asks /readyz); `onWritable` runs once, on the next recovery.
 */
export function watchDataDir(
  dataDir: string,
  { everyMs = 30_000, onWritable }: { everyMs?: number; onWritable?: () => void } = {},
): void {
  if (onWritable) state.onWritable.push(onWritable)
  if (state.timer) return
  state.timer = setInterval(() => void checkDataDir(dataDir), everyMs)
  state.timer.unref()
}

export function stopWatchingDataDir(): void {
  clearInterval(state.timer)
  state.timer = undefined
  state.onWritable.length = 0
}
