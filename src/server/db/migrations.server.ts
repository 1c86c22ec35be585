import { createHash } from 'node:crypto'
import { inTransaction, type SqlExecutor } from './sql-executor.server'

export interface DatabaseSql {
  /** supabase/embedded/supabase-shim.sql: what a plain Postgres lacks. Idempotent. */
  shim: string
  /** Migration file path -> SQL, as import.meta.glob gives them. */
  migrations: Record<string, string>
  /** supabase/seed.sql. Idempotent; re-run when it changes. */
  seed: string
}

export interface Migration {
  version: string
  name: string
  sql: string
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

// The Supabase CLI's own naming: <version digits>_<name>.sql.
const migrationFileName = /(?:^|\/)(\d+)_([^/]+)\.sql$/

/** The migration files in the order the Supabase CLI applies them (by version). */
export function orderMigrations(files: Record<string, string>): Migration[] {
  return Object.entries(files)
    .map(([path, sql]) => {
      const match = migrationFileName.exec(path)
      if (!match?.[1] || !match[2]) {
        throw new MigrationError(`${path} is not named <version>_<name>.sql`)
      }
      return { version: match[1], name: match[2], sql }
    })
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0))
}

// The same bookkeeping tables the Supabase CLI keeps.
const bookkeeping = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
  );
  create table if not exists supabase_migrations.seed_files (
    path text primary key,
    hash text not null
  );
`

/** Applies the migrations not yet recorded, each in its own transaction. Returns their versions. */
export async function applyMigrations(db: SqlExecutor, migrations: Migration[]): Promise<string[]> {
  await db.exec(bookkeeping)
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )
  const done = new Set(rows.map((row) => row.version))
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    try {
      await inTransaction(db, async () => {
        await db.exec(migration.sql)
        await db.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        )
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new MigrationError(
        `Migration ${migration.version}_${migration.name}.sql failed: ${reason}`,
        { cause: error },
      )
    }
    applied.push(migration.version)
  }
  return applied
}

/** Runs the seed when it has not run in this form yet. Returns whether it ran. */
export async function applySeed(db: SqlExecutor, seed: string): Promise<boolean> {
  await db.exec(bookkeeping)
  const hash = createHash('sha256').update(seed).digest('hex')
  const { rows } = await db.query<{ hash: string }>(
    'select hash from supabase_migrations.seed_files where path = $1',
    ['supabase/seed.sql'],
  )
  if (rows[0]?.hash === hash) return false
  await inTransaction(db, async () => {
    if (seed.trim() !== '') await db.exec(seed)
    await db.query(
      `insert into supabase_migrations.seed_files (path, hash) values ($1, $2)
       on conflict (path) do update set hash = excluded.hash`,
      ['supabase/seed.sql', hash],
    )
  })
  return true
}

/** Shim, then migrations, then seed: a blank Postgres becomes the Supabase schema. */
/** The migrations of `migrations` that `db` has not recorded as applied (none: it is up to date). */
export async function pendingMigrations(
  db: SqlExecutor,
  migrations: Migration[],
): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )
  const applied = new Set(rows.map((row) => row.version))
  return migrations.map((migration) => migration.version).filter((version) => !applied.has(version))
}

export async function prepareDatabase(
  db: SqlExecutor,
  sql: DatabaseSql,
): Promise<{ appliedMigrations: string[]; seeded: boolean }> {
  await db.exec(sql.shim)
  const appliedMigrations = await applyMigrations(db, orderMigrations(sql.migrations))
  const seeded = await applySeed(db, sql.seed)
  return { appliedMigrations, seeded }
}
