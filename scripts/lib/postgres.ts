// The scripts' reads of a Postgres database (SUPABASE_DB_URL): one connection, closed after.
import { createPgDatabase, type Database } from '#supabase/functions/_shared/contact/database.ts'

export async function withPostgres<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 })
  try {
    return await work(createPgDatabase(pool))
  } finally {
    await pool.end()
  }
}
