/** The embedded database (PGlite in DATA_DIR/pglite), one per process, under the directory's lock. */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'
import { consoleLogger } from '#supabase/functions/_shared/log.ts'
import { processState } from '../process-state.server'
import { acquireDataDirLock } from './directory-lock.server'
import { bundledDatabaseSql } from './embedded-sql.server'
import { prepareDatabase } from './migrations.server'

/** Only the node-server build ships PGlite (27 MB, vite.config.ts). */
export class EmbeddedDatabaseMissingError extends Error {
  override name = 'EmbeddedDatabaseMissingError'
  override message =
    'This build has no embedded database: only the node-server build (npm run build) ships PGlite. Set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY to use Supabase.'
}

export async function openEmbeddedDatabase(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite').catch((error) => {
    throw error?.code === 'ERR_MODULE_NOT_FOUND'
      ? new EmbeddedDatabaseMissingError('', { cause: error })
      : error
  })
  const directory = resolve(dataDir)
  mkdirSync(directory, { recursive: true })
  const lock = await acquireDataDirLock(directory)
  let db: PGlite | undefined
  // Said first: on a new DATA_DIR the server is silent until the migrations are in (a minute on a
  // busy machine), and an operator watching the log should not take it for a hang.
  consoleLogger.info('database.opening', {
    msg: `Embedded database: opening ${directory} (a new one is created and migrated first)`,
  })
  try {
    db = await PGlite.create(join(directory, 'pglite'), {
      // WebAssembly memory never shrinks: the default 128 MB of shared buffers held 152 MiB
      // resident for a database of a few MB (bench/memory.ts).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    })
    const { appliedMigrations } = await prepareDatabase(db, bundledDatabaseSql())
    if (appliedMigrations.length > 0) {
      consoleLogger.info('database.migrations_applied', {
        msg: `Embedded database: applied migrations ${appliedMigrations.join(', ')}`,
      })
    }
  } catch (error) {
    await db?.close().catch(() => {})
    await lock.release()
    throw error
  }
  const opened = db
  let closing: Promise<void> | undefined
  return {
    db: opened,
    /** The last server here crashed (its lock was stale): what it had leased is nobody's now. */
    recoveredFromCrash: lock.tookOverStaleLock,
    close: () => (closing ??= opened.close().finally(lock.release)),
  }
}

type EmbeddedDatabase = Awaited<ReturnType<typeof openEmbeddedDatabase>>

const state = processState('embedded-database', () => ({
  shared: undefined as Promise<EmbeddedDatabase> | undefined,
  opened: undefined as EmbeddedDatabase | undefined,
}))

/** Opened on first use; a failed open is tried again next time. */
export function getEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  if (state.shared) return state.shared
  const opening = openEmbeddedDatabase(dataDir)
  state.shared = opening
  opening.then(
    (database) => {
      if (state.shared === opening) state.opened = database
    },
    () => {
      if (state.shared === opening) state.shared = undefined
    },
  )
  return opening
}

/** Why it is not ready (open, its migrations applied, answering within 2 s), or undefined. */
export async function embeddedDatabaseProblem() {
  if (!state.opened) return 'opening'
  const answered = await Promise.race([
    state.opened.db.query('select 1').then(() => true),
    sleep(2_000, false, { ref: false }),
  ]).catch(() => false)
  return answered ? undefined : 'not answering'
}

export async function closeEmbeddedDatabase(): Promise<void> {
  const opening = state.shared
  state.shared = undefined
  state.opened = undefined
  await (await opening?.catch(() => undefined))?.close()
}
