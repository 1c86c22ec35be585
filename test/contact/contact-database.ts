import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { bundledDatabaseSql } from '~/server/db/embedded-sql.server'
import { prepareDatabase } from '~/server/db/migrations.server'
import {
  createPgDatabase,
  type Database,
} from '../../supabase/functions/_shared/contact/database.ts'
import { findPostgres15Binaries, startPostgres15 } from '../support/postgres-15'

/**
 * An in-memory PGlite with the whole Supabase schema as the embedded database builds it (shim,
 * every migration, seed). `reset()` empties the contact tables between tests (milliseconds,
 * where a fresh database costs about 2 s).
 */
export interface ContactTestDatabase {
  db: PGlite
  reset(): Promise<void>
  close(): Promise<void>
}

export async function openContactTestDatabase(): Promise<ContactTestDatabase> {
  const db = await PGlite.create()
  await prepareDatabase(db, bundledDatabaseSql())
  return {
    db,
    reset: async () => {
      await db.exec(
        'truncate public.contact_messages, public.captcha_tokens_used, public.contact_rate_events',
      )
    },
    close: () => db.close(),
  }
}

/** A Database whose every call fails as a dead connection would ("database down"). */
export function unreachableDatabase(): Database {
  const fail = async (): Promise<never> => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  }
  return { query: fail, transaction: fail }
}

/** A throwaway PostgreSQL 15 behind a real `pg.Pool`, schema applied; undefined without binaries. */
export async function openPostgres15ContactDatabase(): Promise<
  { database: Database; pool: pg.Pool; url: string; close(): Promise<void> } | undefined
> {
  const binaries = findPostgres15Binaries()
  if (!binaries) return undefined
  const cluster = await startPostgres15(binaries)
  const pool = new pg.Pool({
    host: cluster.host,
    port: cluster.port,
    user: cluster.user,
    database: cluster.database,
    max: 4,
  })
  try {
    const client = await pool.connect()
    try {
      await prepareDatabase(
        {
          exec: (sql) => client.query(sql),
          query: async <Row>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as Row[],
          }),
        },
        bundledDatabaseSql(),
      )
    } finally {
      client.release()
    }
  } catch (error) {
    await pool.end()
    await cluster.stop()
    throw error
  }
  return {
    database: createPgDatabase(pool),
    pool,
    url: `postgres://${cluster.user}@${cluster.host}:${cluster.port}/${cluster.database}`,
    async close() {
      await pool.end()
      await cluster.stop()
    },
  }
}
