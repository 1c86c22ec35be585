import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { hostedOwner, prepareAsHostedPostgres } from '#test/support/hosted-postgres.ts'
import { databaseTargets, expectSqlState, type SqlSession } from '#test/support/sql-session.ts'
import { bundledDatabaseSql } from './embedded-sql.server'
import { orderMigrations } from './migrations.server'

// The migrations as a hosted project runs them: as Supabase's `postgres`, no superuser, with
// Storage's tables owned by another role (test/support/hosted-postgres.ts).
const owner = hostedOwner

const sql = bundledDatabaseSql()
const insufficientPrivilege = '42501'
const warningAboutRowSecurity =
  /^gallery_images did not follow the bucket gallery: role hosted_postgres reads storage\.objects under row-level security \(it needs BYPASSRLS\)/

type Row = Record<string, unknown>

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(
    `the migrations as hosted Supabase's postgres role, on ${target.name}`,
    () => {
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
        expect(
          (await rows('select version from supabase_migrations.schema_migrations')).length,
        ).toBe(orderMigrations(sql.migrations).length)
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
    },
  )
}
