// Whether DATA_DIR takes writes (a read-only mount, a full disk), found by writing and syncing one
// database page there at most every few seconds; a change is logged once, with the path.
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/log.ts'
import { processState } from '../process-state.server.ts'

/** Why a synced write fails, without the path (`EROFS: read-only file system`). */
export async function dataDirWriteProblem(directory: string): Promise<string | undefined> {
  const probe = join(directory, '.write-check')
  try {
    await mkdir(directory, { recursive: true })
    await writeFile(probe, randomBytes(8192), { mode: 0o600, flush: true })
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    return code ? (message.split(',')[0] ?? code) : message
  } finally {
    await rm(probe, { force: true }).catch(() => {})
  }
}

type DataDirHealth = { path: string; problem: string | undefined }

const state = processState('data-dir-health', () => ({
  last: undefined as (DataDirHealth & { at: number }) | undefined,
  checking: undefined as Promise<DataDirHealth> | undefined,
  timer: undefined as NodeJS.Timeout | undefined,
  onWritable: [] as (() => void)[],
}))

export function checkDataDir(
  dataDir: string,
  { maxAgeMs = 5_000, log = consoleLogger }: { maxAgeMs?: number; log?: Logger } = {},
): Promise<DataDirHealth> {
  const path = resolve(dataDir)
  const { last } = state
  if (last?.path === path && Date.now() - last.at < maxAgeMs) return Promise.resolve(last)
  const at = Date.now()
  state.checking ??= dataDirWriteProblem(path).then((problem) => {
    const before = state.last?.path === path ? state.last.problem : undefined
    state.last = { path, problem, at }
    state.checking = undefined
    if (problem !== undefined && problem !== before)
      log.error('data_dir.unwritable', { path, problem })
    if (problem === undefined && before !== undefined) {
      log.info('data_dir.writable', { path })
      for (const notify of state.onWritable.splice(0)) notify()
    }
    return { path, problem }
  })
  return state.checking
}

/** Checks every 30 s, so a disk that fills up is logged unasked; `onWritable` runs on recovery. */
export function watchDataDir(dataDir: string, onWritable?: () => void): void {
  if (onWritable) state.onWritable.push(onWritable)
  state.timer ??= setInterval(() => void checkDataDir(dataDir), 30_000).unref()
}

export function stopWatchingDataDir(): void {
  clearInterval(state.timer)
  state.timer = undefined
  state.onWritable.length = 0
}
