import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { expect } from 'vitest'
import type { SqlExecutor } from '#src/server/db/sql-executor.server.ts'
import { findPostgres15Binaries, startPostgres15 } from './postgres-15'

/** One connection to a test database: PGlite in memory, or a throwaway PostgreSQL 15. */
export interface SqlSession extends SqlExecutor {
  close(): Promise<void>
}

export async function openPgliteSession(): Promise<SqlSession> {
  const db = await PGlite.create()
  return {
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params),
    close: () => db.close(),
  }
}

export async function openPostgres15Session(): Promise<SqlSession> {
  const binaries = findPostgres15Binaries()
  if (!binaries) {
    throw new Error(
      'PostgreSQL 15 is required here (CI=true) but initdb/pg_ctl 15 were not found: ' +
        'install postgresql-15 or set PG15_BIN_DIR',
    )
  }
  const cluster = await startPostgres15(binaries)
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
  return {
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
  open: () => Promise<SqlSession>
  /** Why this target is skipped here, if it is. */
  skipReason?: string
}

/**
 * PGlite always; PostgreSQL 15 when its binaries exist. With CI=true a missing PostgreSQL 15
 * is not skipped: its suite runs and fails.
 */
export function databaseTargets(): DatabaseTarget[] {
  const postgresMissing = findPostgres15Binaries() === undefined && process.env.CI !== 'true'
  return [
    { name: 'PGlite', open: openPgliteSession },
    {
      name: 'PostgreSQL 15',
      open: openPostgres15Session,
      ...(postgresMissing ? { skipReason: 'PostgreSQL 15 binaries not found' } : {}),
    },
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
