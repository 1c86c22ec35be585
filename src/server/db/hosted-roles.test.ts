import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  hostedOwner,
  hostedRolesSql,
  prepareAsHostedPostgres,
} from '#test/support/hosted-postgres.ts'
import { databaseTargets, expectSqlState, type SqlSession } from '#test/support/sql-session.ts'
import { bundledDatabaseSql } from './embedded-sql.server'
import { applyMigrations, applySeed, orderMigrations, prepareDatabase } from './migrations.server'

// The migrations as a hosted project runs them: as Supabase's `postgres`, no superuser, with
// Storage's tables owned by another role (test/support/hosted-postgres.ts).
const owner = hostedOwner

const sql = bundledDatabaseSql()
const insufficientPrivilege = '42501'
const warningAboutRowSecurity =
  /^gallery_images did not follow the bucket gallery: role hosted_postgres reads storage\.objects under row-level security \(it needs BYPASSRLS\)/

type Row = Record<string, unknown>

for (const target of databaseTargets()) {
  describe(`the migrations as hosted Supabase's postgres role, on ${target.name}`, () => {
    let db: SqlSession

    beforeAll(async () => {
      db = await target.open()
      await prepareAsHostedPostgres(db, sql)
    })
    afterAll(async () => {
      await db?.close()
    })
    beforeEach(async () => {
      await db.exec('begin')
      db.notices.length = 0
    })
    afterEach(async () => {
      await db.exec('rollback')
    })

    const rows = async (text: string) => (await db.query<Row>(text)).rows
    const upload = async (name: string, title: string) => {
      // As the Storage API writes an upload made with the secret key.
      await db.exec('set local role service_role')
      await db.query(
        `insert into storage.objects (bucket_id, name, user_metadata) values ('gallery', $1, $2)`,
        [name, { title }],
      )
      await db.exec('reset role')
    }
    const executableBy = (signature: string) => rows(executableByRoleSql(signature))
    const gallery = () =>
      rows('select filename, title from public.gallery_images order by filename')

    it(`runs PostgreSQL ${target.major}`, async () => {
      const [server] = await rows(
        `select current_setting('server_version_num')::int / 10000 as major`,
      )
      expect(server?.major).toBe(target.major)
    })

    it('applied every migration as a role that is no superuser, which owns what they made', async () => {
      expect(
        await rows(
          `select rolsuper, rolbypassrls, rolcreaterole from pg_catalog.pg_roles where rolname = '${owner}'`,
        ),
      ).toEqual([{ rolsuper: false, rolbypassrls: true, rolcreaterole: true }])
      expect((await rows('select version from supabase_migrations.schema_migrations')).length).toBe(
        orderMigrations(sql.migrations).length,
      )
      expect(
        await rows(
          `select
               pg_catalog.pg_get_userbyid((select relowner from pg_catalog.pg_class where oid = 'public.gallery_images'::regclass)) as table_owner,
               pg_catalog.pg_get_userbyid((select proowner from pg_catalog.pg_proc where oid = 'public.gallery_follows_bucket()'::regprocedure)) as trigger_owner,
               pg_catalog.pg_get_userbyid((select relowner from pg_catalog.pg_class where oid = 'storage.objects'::regclass)) as objects_owner`,
        ),
      ).toEqual([
        { table_owner: owner, trigger_owner: owner, objects_owner: 'supabase_storage_admin' },
      ])
    })

    it('turns an upload into a project that anon reads, as Supabase’s postgres owns the trigger', async () => {
      await upload('kitchen/oak-galley.webp', 'Oak Galley')
      expect(await gallery()).toEqual([
        { filename: 'kitchen/oak-galley.webp', title: 'Oak Galley' },
      ])
      await db.exec('set local role anon')
      expect(await rows('select title from public.gallery_images')).toEqual([
        { title: 'Oak Galley' },
      ])
      expect(db.notices).toEqual([])
    })

    it('without BYPASSRLS, stores the upload, imports nothing and says why in the database log', async () => {
      await db.exec(`alter role ${owner} nobypassrls`)
      await upload('kitchen/oak-galley.webp', 'Oak Galley')
      expect(await rows(`select name from storage.objects`)).toEqual([
        { name: 'kitchen/oak-galley.webp' },
      ])
      expect(await gallery()).toEqual([])
      expect(db.notices).toEqual([expect.stringMatching(warningAboutRowSecurity)])
    })

    it('without BYPASSRLS, the sync and the import fail rather than remove every project', async () => {
      await upload('kitchen/oak-galley.webp', 'Oak Galley')
      await db.exec(`alter role ${owner} nobypassrls`)
      await db.exec('set local role service_role')
      for (const call of [
        'select public.sync_gallery_images_from_storage()',
        'select public.import_gallery_images_from_storage()',
      ]) {
        await expectSqlState(db, call, insufficientPrivilege)
      }
      await db.exec('reset role')
      expect(await gallery()).toEqual([
        { filename: 'kitchen/oak-galley.webp', title: 'Oak Galley' },
      ])
    })

    it('leaves a function a later migration creates closed to the publishable key and to users', async () => {
      await db.exec(`set local role ${owner}`)
      await db.exec(
        'create function public.added_after_the_migrations() returns integer language sql as $$ select 1 $$',
      )
      await db.exec('reset role')
      expect(await executableBy('public.added_after_the_migrations()')).toEqual([
        { anon: false, authenticated: false, service_role: true },
      ])
      await db.exec('set local role anon')
      await expectSqlState(db, 'select public.added_after_the_migrations()', insufficientPrivilege)
    })
  })
}

const executableByRoleSql = (signature: string) =>
  `select
     pg_catalog.has_function_privilege('anon', '${signature}', 'execute') as anon,
     pg_catalog.has_function_privilege('authenticated', '${signature}', 'execute') as authenticated,
     pg_catalog.has_function_privilege('service_role', '${signature}', 'execute') as service_role`

for (const target of databaseTargets()) {
  describe(`the embedded database's migrations, as its own superuser, on ${target.name}`, () => {
    it('leave a function created after them closed to anon and authenticated', async () => {
      const db = await target.open()
      try {
        await prepareDatabase(db, sql)
        await db.exec(
          'create function public.added_after_the_migrations() returns integer language sql as $$ select 1 $$',
        )
        expect(
          (await db.query<Row>(executableByRoleSql('public.added_after_the_migrations()'))).rows,
        ).toEqual([{ anon: false, authenticated: false, service_role: true }])
      } finally {
        await db.close()
      }
    })
  })
}

// docs/deploy-supabase.md, Photos: should a project refuse the triggers on storage.objects, `db push`
// stops at their migration and applies none after it. The fallback it gives, tried here.
const triggerMigration = '20261123000200'
const triggerMigrationFile = fileURLToPath(
  new URL(
    `../../../supabase/migrations/${triggerMigration}_gallery_follows_bucket.sql`,
    import.meta.url,
  ),
)
const withoutTriggers = ['/^create trigger gallery_follows_bucket_/,/;$/d', triggerMigrationFile]

for (const target of databaseTargets()) {
  describe(`a project where postgres may not put triggers on storage.objects, on ${target.name}`, () => {
    it('stops db push at the trigger migration; the fallback applies it without them, then every later one', async () => {
      const migrations = orderMigrations(sql.migrations)
      const versions = migrations.map((migration) => migration.version)
      const db = await target.open()
      try {
        await db.exec(sql.shim)
        await db.exec(hostedRolesSql)
        await db.exec(
          `revoke trigger on storage.objects from ${owner}, anon, authenticated, service_role`,
        )
        await db.exec(`set role ${owner}`)
        await expect(applyMigrations(db, migrations)).rejects.toThrow(
          `${triggerMigration}_gallery_follows_bucket.sql failed: permission denied`,
        )
        const recorded = await db.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        )
        expect(recorded.rows.map((row) => row.version)).toEqual(
          versions.filter((version) => version < triggerMigration),
        )

        // sed … | psql --single-transaction, then `migration repair --status applied`.
        const { stdout } = await promisify(execFile)('sed', withoutTriggers)
        expect(stdout).not.toMatch(/create trigger/i)
        await db.exec('begin')
        await db.exec(stdout)
        await db.query(
          `insert into supabase_migrations.schema_migrations (version, name) values ($1, 'gallery_follows_bucket')`,
          [triggerMigration],
        )
        await db.exec('commit')
        await applyMigrations(db, migrations)
        expect(await applyMigrations(db, migrations)).toEqual([])
        await applySeed(db, sql.seed)

        // The gallery then follows its bucket through npm run gallery:import, as the service role.
        await db.exec('reset role')
        await db.exec('set role service_role')
        await db.exec(
          `insert into storage.objects (bucket_id, name) values ('gallery', 'kitchen/oak.webp')`,
        )
        expect(
          (await db.query<Row>('select public.sync_gallery_images_from_storage() as changed')).rows,
        ).toEqual([{ changed: { imported: 1, removed: 0, updated: 0 } }])
      } finally {
        await db.close()
      }
    })
  })
}
