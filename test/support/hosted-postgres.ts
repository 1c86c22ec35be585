import {
  applyMigrations,
  applySeed,
  type DatabaseSql,
  orderMigrations,
  type SqlExecutor,
} from '#src/server/db/migrations.server.ts'

/**
 * Hosted Supabase's `postgres` role: it runs the migrations and owns what they make, may create
 * roles and databases, replicate and bypass row-level security, and is no superuser. Storage's
 * tables belong to their own role and are only granted to it. Here the role is `hosted_postgres`,
 * since the bootstrap superuser of PGlite and of our clusters already holds the name `postgres`.
 */
export const hostedOwner = 'hosted_postgres'

/** Run by a superuser after the shim, in each database; idempotent. */
export const hostedRolesSql = `
  do $$
  begin
    if not exists (select from pg_catalog.pg_roles where rolname = '${hostedOwner}') then
      create role ${hostedOwner} login nosuperuser createrole createdb replication bypassrls;
    end if;
    if not exists (select from pg_catalog.pg_roles where rolname = 'supabase_storage_admin') then
      create role supabase_storage_admin nosuperuser nologin createrole;
    end if;
    execute format('grant create on database %I to ${hostedOwner}', current_database());
  end
  $$;
  grant anon, authenticated, service_role to ${hostedOwner};
  grant usage, create on schema public to ${hostedOwner};
  alter schema storage owner to supabase_storage_admin;
  alter table storage.buckets owner to supabase_storage_admin;
  alter table storage.objects owner to supabase_storage_admin;
  grant usage on schema storage to ${hostedOwner};
  grant all on storage.buckets, storage.objects to ${hostedOwner};
  alter default privileges for role ${hostedOwner} in schema public
    grant all on tables to anon, authenticated, service_role;
  alter default privileges for role ${hostedOwner} in schema public
    grant all on sequences to anon, authenticated, service_role;
  alter default privileges for role ${hostedOwner} in schema public
    grant all on functions to anon, authenticated, service_role;
`

/** The shim and the roles as a superuser, then the migrations and the seed as hosted postgres. */
export async function prepareAsHostedPostgres(db: SqlExecutor, sql: DatabaseSql): Promise<void> {
  await db.exec(sql.shim)
  await db.exec(hostedRolesSql)
  await db.exec(`set role ${hostedOwner}`)
  try {
    await applyMigrations(db, orderMigrations(sql.migrations))
    await applySeed(db, sql.seed)
  } finally {
    await db.exec('reset role')
  }
}
