/** A blank Postgres becomes the Supabase schema: the shim, the migrations, the seed. */
import { createHash } from 'node:crypto'

/** PGlite as it is, a `pg` client through a wrapper; `exec` runs several statements. */
export interface SqlExecutor {
  exec(sql: string): Promise<unknown>
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

async function inTransaction(db: SqlExecutor, work: () => Promise<void>) {
  await db.exec('begin')
  try {
    await work()
    await db.exec('commit')
  } catch (error) {
    await db.exec('rollback')
    throw error
  }
}

/** The shim (what a plain Postgres lacks), migrations by path, and the seed: all idempotent. */
export type DatabaseSql = { shim: string; migrations: Record<string, string>; seed: string }

type Migration = { version: string; name: string; sql: string }

/** In the Supabase CLI's order (by the version of `<version>_<name>.sql`). */
export function orderMigrations(files: Record<string, string>): Migration[] {
  return Object.entries(files)
    .map(([path, sql]) => {
      const [, version, name] = /(?:^|\/)(\d+)_([^/]+)\.sql$/.exec(path) ?? []
      if (!version || !name) throw new Error(`${path} is not named <version>_<name>.sql`)
      return { version, name, sql }
    })
    .sort((a, b) => a.version.localeCompare(b.version))
}

const bookkeeping = `create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
  create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);`

export async function applyMigrations(db: SqlExecutor, migrations: Migration[]): Promise<string[]> {
  await db.exec(bookkeeping)
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )
  const applied = new Set(rows.map((row) => row.version))
  const pending = migrations.filter(({ version }) => !applied.has(version))
  for (const migration of pending) {
    await inTransaction(db, async () => {
      await db.exec(migration.sql)
      await db.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [migration.sql]],
      )
    }).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      const file = `${migration.version}_${migration.name}.sql`
      throw new Error(`Migration ${file} failed: ${reason}`, { cause: error })
    })
  }
  return pending.map(({ version }) => version)
}

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

export async function prepareDatabase(db: SqlExecutor, sql: DatabaseSql) {
  await db.exec(sql.shim)
  const appliedMigrations = await applyMigrations(db, orderMigrations(sql.migrations))
  return { appliedMigrations, seeded: await applySeed(db, sql.seed) }
}
