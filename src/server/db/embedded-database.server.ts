import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { processState } from '../process-state.server'
import { acquireLockFile } from './directory-lock.server'
import { bundledDatabaseSql } from './embedded-sql.server'
import {
  type DatabaseSql,
  orderMigrations,
  pendingMigrations,
  prepareDatabase,
} from './migrations.server'

export interface EmbeddedDatabaseOptions {
  /** The site's DATA_DIR: the database lives in <dataDir>/pglite, its lock in <dataDir>/pglite.lock. */
  dataDir: string
  /** Shim, migrations and seed; defaults to those bundled from supabase/. */
  sql?: DatabaseSql
  log?: Pick<Console, 'info' | 'warn'>
}

export interface EmbeddedDatabase {
  readonly db: PGlite
  readonly dataDir: string
  /**
   * The previous server on this directory did not shut down cleanly (its lock was stale): work it
   * had leased in the database (notifications mid-send) is nobody's now.
   */
  readonly recoveredFromCrash: boolean
  /** Closes PGlite and releases the lock; safe to call more than once. */
  close(): Promise<void>
}

/** The build has no PGlite: only the node-server build ships it (vite.config.ts). */
export class EmbeddedDatabaseMissingError extends Error {
  override name = 'EmbeddedDatabaseMissingError'
  constructor(cause: unknown) {
    super(
      'This build has no embedded database: only the node-server build (npm run build) ships ' +
        'PGlite. Set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY to use Supabase.',
      { cause },
    )
  }
}

/**
 * PGlite is 27 MB of WebAssembly and data: loaded only when the embedded database is opened, and
 * absent from builds that serve Supabase only.
 */
async function loadPGlite(): Promise<typeof PGlite> {
  try {
    return (await import('@electric-sql/pglite')).PGlite
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ERR_MODULE_NOT_FOUND') throw new EmbeddedDatabaseMissingError(error)
    throw error
  }
}

/**
 * Opens the embedded database under an exclusive lock and brings its schema up to date (shim,
 * migrations, seed). The gallery source mirrors the bucket folder into it before each read.
 */
export async function openEmbeddedDatabase({
  dataDir,
  sql = bundledDatabaseSql(),
  log = console,
}: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const PGliteDatabase = await loadPGlite()
  const directory = resolve(dataDir)
  mkdirSync(directory, { recursive: true })
  const lock = acquireLockFile(join(directory, 'pglite.lock'), directory)
  let db: PGlite | undefined
  try {
    db = await PGliteDatabase.create(join(directory, 'pglite'), {
      // Postgres touches all of its shared buffers at start, and WebAssembly memory never shrinks:
      // the default 128 MB held 152 MiB resident for a database of a few MB (bench/memory.ts).
      startParams: [...PGliteDatabase.defaultStartParams, '-c', 'shared_buffers=16MB'],
    })
    const { appliedMigrations } = await prepareDatabase(db, sql)
    if (appliedMigrations.length > 0) {
      log.info(`Embedded database: applied migrations ${appliedMigrations.join(', ')}`)
    }
    const opened = db
    let closing: Promise<void> | undefined
    return {
      db: opened,
      dataDir: directory,
      recoveredFromCrash: lock.tookOverStaleLock,
      close() {
        closing ??= opened.close().finally(() => lock.release())
        return closing
      },
    }
  } catch (error) {
    await db?.close().catch(() => {})
    lock.release()
    throw error
  }
}

const state = processState('embedded-database', () => ({
  shared: undefined as Promise<EmbeddedDatabase> | undefined,
  opened: undefined as EmbeddedDatabase | undefined,
}))

/** The process-wide embedded database, opened on first use. A failed open is retried next time. */
export function getEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  if (!state.shared) {
    const opening = openEmbeddedDatabase({ dataDir })
    state.shared = opening
    opening.then(
      (database) => {
        if (state.shared === opening) state.opened = database
      },
      () => {
        if (state.shared === opening) state.shared = undefined
      },
    )
  }
  return state.shared
}

export type EmbeddedDatabaseState =
  | { ready: true }
  | { ready: false; reason: 'opening' | 'not answering' | 'migrations pending' }

/**
 * Whether the process-wide database answers a query within `timeoutMs` and has every migration
 * of this build applied. Never opens it: a database still opening (or that failed to) is not ready.
 */
export async function embeddedDatabaseState(timeoutMs = 2_000): Promise<EmbeddedDatabaseState> {
  const database = state.opened
  if (!database) return { ready: false, reason: 'opening' }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const pending = await Promise.race([
      pendingMigrations(database.db, orderMigrations(bundledDatabaseSql().migrations)),
      timedOut,
    ])
    if (pending === 'timeout') return { ready: false, reason: 'not answering' }
    return pending.length === 0 ? { ready: true } : { ready: false, reason: 'migrations pending' }
  } catch {
    return { ready: false, reason: 'not answering' }
  } finally {
    clearTimeout(timer)
  }
}

/** Closes the process-wide embedded database, if it was opened (for SIGTERM/SIGINT). */
export async function closeEmbeddedDatabase(): Promise<void> {
  const opening = state.shared
  state.shared = undefined
  state.opened = undefined
  if (!opening) return
  const database = await opening.catch(() => undefined)
  await database?.close()
}
