import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { expect } from 'vitest'
import type { SqlExecutor } from '#src/server/db/migrations.server.ts'
import { startPostgres15 } from './postgres-15.ts'
import { requirePostgres15Binaries } from './system-packages.ts'

/** One connection to a test database: PGlite in memory, or a throwaway PostgreSQL 15. */
export interface SqlSession extends SqlExecutor {
  /** The messages of every NOTICE and WARNING the server sent so far, oldest first. */
  notices: string[]
  close(): Promise<void>
}

/** What a PGlite release offers that these helpers use: 0.5 (PostgreSQL 18) and 0.4 (PostgreSQL 17). */
interface PgliteDatabase {
  exec(sql: string, options?: NoticeOption): Promise<unknown>
  query<Row>(sql: string, params?: unknown[], options?: NoticeOption): Promise<{ rows: Row[] }>
  dumpDataDir(compression?: 'none'): Promise<Blob>
  close(): Promise<void>
}
interface PgliteClass {
  create(options?: { loadDataDir?: Blob }): Promise<PgliteDatabase>
}
interface NoticeOption {
  onNotice?: (notice: { message?: string }) => void
}

const emptyImages = new Map<object, Promise<Blob>>()

/**
 * The files initdb leaves for a PGlite release, made once per process: a database started from
 * them costs 0.6 CPU-seconds against 3.0 (decision 036), and spares the event loop initdb's one
 * synchronous block of about 3 s.
 */
export function emptyPgliteImage(PGlite: PgliteClass): Promise<Blob> {
  let image = emptyImages.get(PGlite)
  if (!image) {
    image = (async () => {
      const db = await PGlite.create()
      // Written out, so a database started from the image replays no log.
      await db.exec('checkpoint')
      const files = await db.dumpDataDir('none')
      await db.close()
      return files
    })()
    emptyImages.set(PGlite, image)
    image.catch(() => emptyImages.delete(PGlite))
  }
  return image
}

/** An empty in-memory PGlite, as initdb leaves it, started from `emptyPgliteImage`. */
export async function openEmptyPglite(PGlite: PgliteClass): Promise<PgliteDatabase> {
  return PGlite.create({ loadDataDir: await emptyPgliteImage(PGlite) })
}

async function openPgliteFrom(PGlite: PgliteClass): Promise<SqlSession> {
  const db = await openEmptyPglite(PGlite)
  const notices: string[] = []
  const options = { onNotice: (notice: { message?: string }) => notices.push(notice.message ?? '') }
  return {
    notices,
    exec: (sql) => db.exec(sql, options),
    query: (sql, params) => db.query(sql, params, options),
    close: () => db.close(),
  }
}

export const openPgliteSession = (): Promise<SqlSession> => openPgliteFrom(PGlite)

// PostgreSQL 17, which hosted Supabase projects run: the last PGlite release on it, installed
// beside the embedded engine under another name (package.json, "pglite-pg17").
export async function openPglite17Session(): Promise<SqlSession> {
  return openPgliteFrom((await import('pglite-pg17')).PGlite)
}

export async function openPostgres15Session(): Promise<SqlSession> {
  const cluster = await startPostgres15(requirePostgres15Binaries())
  const client = new pg.Client({
    host: cluster.host,
    port: cluster.port,
    user: cluster.user,
    database: cluster.database,
  })
  try {
    await client.connect()
  } catch (error) {
    await cluster.stop()
    throw error
  }
  const notices: string[] = []
  client.on('notice', (notice) => notices.push(notice.message ?? ''))
  return {
    notices,
    exec: (sql) => client.query(sql),
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params)
      return { rows: result.rows as Row[] }
    },
    async close() {
      await client.end().catch(() => {})
      await cluster.stop()
    },
  }
}

export interface DatabaseTarget {
  name: string
  /** The PostgreSQL major version it runs. */
  major: number
  open: () => Promise<SqlSession>
}

/**
 * PGlite (PostgreSQL 18, the embedded engine), PGlite on PostgreSQL 17 (the hosted major) and
 * PostgreSQL 15.
 */
export function databaseTargets(): DatabaseTarget[] {
  return [
    { name: 'PGlite (PostgreSQL 18)', major: 18, open: openPgliteSession },
    { name: 'PGlite (PostgreSQL 17)', major: 17, open: openPglite17Session },
    { name: 'PostgreSQL 15', major: 15, open: openPostgres15Session },
  ]
}

const sqlStateOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined

/** Runs a statement that must fail with the given SQLSTATE, keeping the transaction usable. */
export async function expectSqlState(
  db: SqlExecutor,
  sql: string,
  code: string,
  params: unknown[] = [],
): Promise<void> {
  await db.exec('savepoint expect_failure')
  let failure: unknown
  try {
    await db.query(sql, params)
  } catch (error) {
    failure = error
  }
  await db.exec('rollback to savepoint expect_failure')
  expect(failure, `expected SQLSTATE ${code} from: ${sql}`).toBeDefined()
  expect(sqlStateOf(failure), String(failure)).toBe(code)
}
