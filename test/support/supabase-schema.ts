import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type DatabaseSql, prepareDatabase } from '#src/server/db/migrations.server.ts'
import { createPgDatabase, type Database } from '#supabase/functions/_shared/contact/database.ts'
import { startPostgres15 } from './postgres-15.ts'
import { openEmptyPglite } from './sql-session.ts'
import { requirePostgres15Binaries } from './system-packages.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** supabase/ read from disk (Playwright and Deno have no import.meta.glob). */
export function readDatabaseSql(): DatabaseSql {
  const dir = join(repo, 'supabase', 'migrations')
  return {
    shim: readFileSync(join(repo, 'supabase', 'embedded', 'supabase-shim.sql'), 'utf8'),
    migrations: Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith('.sql'))
        .map((name) => [`/supabase/migrations/${name}`, readFileSync(join(dir, name), 'utf8')]),
    ),
    seed: readFileSync(join(repo, 'supabase', 'seed.sql'), 'utf8'),
  }
}

export interface SchemaDatabase {
  database: Database
  /** A connection string, for PostgreSQL 15 (the function's SUPABASE_DB_URL). */
  url?: string
  close(): Promise<void>
}

let migratedImage: Promise<Blob> | undefined

/**
 * An in-memory PGlite with the Supabase schema (shim, migrations, seed). The first call in a
 * process migrates a fresh database and keeps an image of its files; each later one starts from
 * that image: 0.7 CPU-seconds against 2.1 for initdb and the migrations (decision 036). The
 * tests of the migrations themselves start from an empty database (sql-session.ts).
 */
export async function openMigratedPglite(): Promise<PGlite> {
  migratedImage ??= (async () => {
    const db = await openEmptyPglite(PGlite)
    await prepareDatabase(db, readDatabaseSql())
    // Written out, so a database started from the image replays no log (as after a crash,
    // sequences would jump ahead).
    await db.exec('checkpoint')
    const image = await db.dumpDataDir('none')
    await db.close()
    return image
  })().catch((error) => {
    migratedImage = undefined
    throw error
  })
  return PGlite.create({ loadDataDir: await migratedImage })
}

/** An in-memory PGlite with the Supabase schema (shim, migrations, seed). */
export async function openPgliteSchemaDatabase(): Promise<SchemaDatabase> {
  const db = await openMigratedPglite()
  return { database: db, close: () => db.close() }
}

/** A throwaway PostgreSQL 15 with the Supabase schema, behind a `pg.Pool`. */
export async function openPostgres15SchemaDatabase(maxConnections = 10): Promise<SchemaDatabase> {
  const cluster = await startPostgres15(requirePostgres15Binaries())
  const url = `postgres://${cluster.user}@${cluster.host}:${cluster.port}/${cluster.database}`
  const pool = new pg.Pool({ connectionString: url, max: maxConnections })
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
        readDatabaseSql(),
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
    url,
    async close() {
      await pool.end()
      await cluster.stop()
    },
  }
}

/** Replaces every gallery row (as the owner's dashboard would), as service_role. */
export async function setGalleryRows(
  database: Database,
  rows: Record<string, unknown>[],
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('delete from public.gallery_images')
    for (const row of rows) {
      const columns = Object.keys(row)
      await tx.query(
        `insert into public.gallery_images (${columns.map((c) => `"${c}"`).join(', ')})
         values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      )
    }
  })
}
