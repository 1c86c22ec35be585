import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fixtureManifest } from '#test/support/gallery-fixtures.ts'
import { databaseTargets, expectSqlState, type SqlSession } from '#test/support/sql-session.ts'
import { syncBucketObjects } from '#test/support/sync-bucket.ts'
import { type BucketObject, bucketObjectsFromManifest } from './embedded-bucket.server'
import { bundledDatabaseSql } from './embedded-sql.server'
import { orderMigrations, prepareDatabase } from './migrations.server'

// SQLSTATE codes asserted below.
const insufficientPrivilege = '42501'
const checkViolation = '23514'
const notNullViolation = '23502'
const uniqueViolation = '23505'

const sql = bundledDatabaseSql()

type Row = Record<string, unknown>

for (const target of databaseTargets()) {
  describe(`gallery schema on ${target.name}`, () => {
    let db: SqlSession

    beforeAll(async () => {
      db = await target.open()
      await prepareDatabase(db, sql)
    })
    afterAll(async () => {
      await db?.close()
    })

    // Every test runs in a transaction that is rolled back: each starts from the migrated schema.
    beforeEach(async () => {
      await db.exec('begin')
    })
    afterEach(async () => {
      await db.exec('rollback')
    })

    const rows = async (text: string, params?: unknown[]) =>
      (await db.query<Row>(text, params)).rows

    const insertImage = (values: Row) => {
      const columns = Object.keys(values)
      return db.query(
        `insert into public.gallery_images (${columns.map((c) => `"${c}"`).join(', ')})
       values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(values),
      )
    }

    const addObject = (
      name: string,
      extra: { user_metadata?: Row; metadata?: Row; bucket?: string } = {},
    ) =>
      db.query(
        `insert into storage.objects (bucket_id, name, metadata, user_metadata) values ($1, $2, $3, $4)`,
        [extra.bucket ?? 'gallery', name, extra.metadata ?? null, extra.user_metadata ?? null],
      )

    const importAsServiceRole = async () => {
      await db.exec('set local role service_role')
      const [result] = await rows('select public.import_gallery_images_from_storage() as imported')
      await db.exec('reset role')
      return result?.imported
    }

    describe('migrations', () => {
      it('apply on a blank database and are recorded', async () => {
        const versions = await rows(
          'select version from supabase_migrations.schema_migrations order by version',
        )
        expect(versions.map((row) => row.version)).toEqual(
          orderMigrations(sql.migrations).map((migration) => migration.version),
        )
        const columns = await rows(
          `select column_name, data_type, is_nullable, column_default
         from information_schema.columns
         where table_schema = 'public' and table_name = 'gallery_images'
         order by ordinal_position`,
        )
        expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
          ['id', 'uuid', 'NO'],
          ['title', 'text', 'NO'],
          ['description', 'text', 'YES'],
          ['category', 'text', 'NO'],
          ['location', 'text', 'YES'],
          ['filename', 'text', 'NO'],
          ['additional_images', 'ARRAY', 'NO'],
          ['featured', 'boolean', 'NO'],
          ['created_at', 'timestamp with time zone', 'NO'],
          ['order', 'integer', 'NO'],
          ['scope', 'text', 'YES'],
          ['duration_weeks', 'integer', 'YES'],
          ['budget_from', 'integer', 'YES'],
          ['budget_to', 'integer', 'YES'],
          ['before_image', 'text', 'YES'],
          ['sort_title', 'text', 'YES'],
          ['sort_location', 'text', 'YES'],
          ['search_text', 'text', 'YES'],
          ['shown', 'boolean', 'NO'],
        ])
      })

      it('change nothing when prepared again', async () => {
        const again = await prepareDatabase(db, sql)
        expect(again).toEqual({ appliedMigrations: [], seeded: false })
      })

      it('keep what later migrations create closed to anon and authenticated, start after start', async () => {
        await prepareDatabase(db, sql) // the shim runs again at every start of the embedded database
        await db.exec('create table public.added_later (id bigint generated always as identity)')
        expect(
          await rows(
            `select role,
                    has_table_privilege(role, 'public.added_later', 'select') as reads_table,
                    has_sequence_privilege(role, 'public.added_later_id_seq', 'usage') as draws_ids
             from unnest(array['anon', 'authenticated', 'service_role']) as role`,
          ),
        ).toEqual([
          { role: 'anon', reads_table: false, draws_ids: false },
          { role: 'authenticated', reads_table: false, draws_ids: false },
          { role: 'service_role', reads_table: true, draws_ids: true },
        ])
      })

      it('seed the public gallery bucket', async () => {
        expect(await rows(`select id, public from storage.buckets`)).toEqual([
          { id: 'gallery', public: true },
        ])
      })
    })

    describe('constraints', () => {
      const valid = {
        title: 'Oak Galley',
        category: 'kitchen',
        filename: 'kitchen/oak-galley.webp',
      }

      it('fill the defaults of a minimal row', async () => {
        await insertImage(valid)
        const [row] = await rows('select * from public.gallery_images')
        expect(row).toMatchObject({
          ...valid,
          description: null,
          location: null,
          additional_images: [],
          featured: false,
          order: 0,
        })
        expect(row?.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(row?.created_at).toBeInstanceOf(Date)
      })

      it('reject an unknown category', async () => {
        await expectSqlState(
          db,
          'insert into public.gallery_images (title, category, filename) values ($1, $2, $3)',
          checkViolation,
          ['Garage', 'garage', 'garage/x.webp'],
        )
      })

      it('reject an empty or blank title and filename', async () => {
        for (const bad of [
          { ...valid, title: '' },
          { ...valid, title: '   ' },
          { ...valid, filename: '' },
          { ...valid, filename: ' ' },
        ]) {
          await expectSqlState(
            db,
            'insert into public.gallery_images (title, category, filename) values ($1, $2, $3)',
            checkViolation,
            [bad.title, bad.category, bad.filename],
          )
        }
      })

      it('reject a missing title and a second row for the same file', async () => {
        await expectSqlState(
          db,
          'insert into public.gallery_images (category, filename) values ($1, $2)',
          notNullViolation,
          ['kitchen', 'kitchen/a.webp'],
        )
        await insertImage(valid)
        await expectSqlState(
          db,
          'insert into public.gallery_images (title, category, filename) values ($1, $2, $3)',
          uniqueViolation,
          ['Another', 'kitchen', valid.filename],
        )
      })
    })

    describe('as anon', () => {
      beforeEach(async () => {
        await insertImage({
          title: 'Oak Galley',
          category: 'kitchen',
          filename: 'kitchen/oak.webp',
        })
        await db.exec('set local role anon')
      })

      it('selects every row', async () => {
        expect(await rows('select title from public.gallery_images')).toEqual([
          { title: 'Oak Galley' },
        ])
      })

      it('cannot insert, update, delete or truncate', async () => {
        await expectSqlState(
          db,
          `insert into public.gallery_images (title, category, filename) values ('x', 'kitchen', 'kitchen/x.webp')`,
          insufficientPrivilege,
        )
        await expectSqlState(
          db,
          `update public.gallery_images set title = 'x'`,
          insufficientPrivilege,
        )
        await expectSqlState(db, 'delete from public.gallery_images', insufficientPrivilege)
        await expectSqlState(db, 'truncate public.gallery_images', insufficientPrivilege)
      })

      it('cannot read the storage objects directly', async () => {
        await db.exec('reset role')
        await addObject('kitchen/oak.webp')
        await db.exec('set local role anon')
        expect(await rows('select name from storage.objects')).toEqual([])
      })
    })

    it('guards the table with row-level security and a select-only policy', async () => {
      const [table] = await rows(
        `select relrowsecurity from pg_catalog.pg_class where oid = 'public.gallery_images'::regclass`,
      )
      expect(table?.relrowsecurity).toBe(true)
      const policies = await rows(
        `select cmd, roles::text[] as roles from pg_catalog.pg_policies
       where schemaname = 'public' and tablename = 'gallery_images'`,
      )
      expect(policies).toEqual([{ cmd: 'SELECT', roles: ['anon'] }])
    })

    describe('import_gallery_images_from_storage()', () => {
      // As for photos that were in the bucket before the gallery followed it.
      beforeEach(async () => {
        for (const event of ['insert', 'delete', 'update']) {
          await db.exec(
            `alter table storage.objects disable trigger gallery_follows_bucket_${event}`,
          )
        }
      })

      it('is security definer with an empty search_path, executable by the service role only', async () => {
        const [fn] = await rows(
          `select prosecdef, proconfig,
                has_function_privilege('anon', oid, 'execute') as anon_may_execute,
                has_function_privilege('authenticated', oid, 'execute') as authenticated_may_execute,
                has_function_privilege('public', oid, 'execute') as public_may_execute,
                has_function_privilege('service_role', oid, 'execute') as service_role_may_execute
         from pg_catalog.pg_proc where proname = 'import_gallery_images_from_storage'`,
        )
        expect(fn).toEqual({
          prosecdef: true,
          proconfig: ['search_path=""'],
          anon_may_execute: false,
          authenticated_may_execute: false,
          public_may_execute: false,
          service_role_may_execute: true,
        })
        await addObject('kitchen/removed-by-the-owner.webp')
        await db.exec('set local role anon')
        await expectSqlState(
          db,
          'select public.import_gallery_images_from_storage()',
          insufficientPrivilege,
        )
      })

      it('imports each project image once, then nothing', async () => {
        await addObject('kitchen/modern-oak-galley.webp')
        await addObject('bathroom/spa_ensuite.JPG')
        await addObject('carpentry/walnut-built-ins.png')
        expect(await importAsServiceRole()).toBe(3)
        expect(await importAsServiceRole()).toBe(0)
        expect(
          await rows('select title, category from public.gallery_images order by title'),
        ).toEqual([
          { title: 'Modern Oak Galley', category: 'kitchen' },
          { title: 'Spa Ensuite', category: 'bathroom' },
          { title: 'Walnut Built Ins', category: 'carpentry' },
        ])
      })

      it('gathers the images of the project folder as additional images', async () => {
        await addObject('kitchen/oak.webp')
        await addObject('kitchen/oak/detail-10.webp')
        await addObject('kitchen/oak/detail-2.webp')
        await addObject('kitchen/oak/detail-1.webp')
        await addObject('kitchen/oak/notes.txt')
        await addObject('kitchen/oak-two.webp')
        expect(await importAsServiceRole()).toBe(2)
        const images = await rows(
          'select filename, additional_images from public.gallery_images order by filename collate "C"',
        )
        expect(images).toEqual([
          { filename: 'kitchen/oak-two.webp', additional_images: [] },
          {
            filename: 'kitchen/oak.webp',
            additional_images: [
              'gallery/kitchen/oak/detail-1.webp',
              'gallery/kitchen/oak/detail-2.webp',
              'gallery/kitchen/oak/detail-10.webp',
            ],
          },
        ])
      })

      it('skips other buckets, unknown categories, non-images and loose files', async () => {
        await db.query(`insert into storage.buckets (id, name) values ('other', 'other')`)
        await addObject('kitchen/elsewhere.webp', { bucket: 'other' })
        await addObject('garage/workbench.webp')
        await addObject('kitchen/notes.pdf')
        await addObject('manifest.json')
        await addObject('cover.webp')
        expect(await importAsServiceRole()).toBe(0)
      })

      it('takes the details from user_metadata, then metadata', async () => {
        await addObject('kitchen/oak.webp', {
          metadata: { mimetype: 'image/webp', location: 'Concord', title: 'Overridden' },
          user_metadata: {
            title: 'The Oak Kitchen',
            description: 'Quartz and oak.',
            featured: true,
            order: '3',
            createdAt: '2024-05-01T12:00:00Z',
          },
        })
        await addObject('bathroom/plain.webp', {
          user_metadata: {
            featured: 'nope',
            order: 'first',
            createdAt: 'not a date',
            location: ' ',
          },
        })
        expect(await importAsServiceRole()).toBe(2)
        const imported = await rows(
          `select filename, title, description, location, featured, "order", created_at
         from public.gallery_images order by filename`,
        )
        expect(imported[0]).toMatchObject({
          filename: 'bathroom/plain.webp',
          title: 'Plain',
          description: null,
          location: null,
          featured: false,
          order: 0,
        })
        expect(imported[0]?.created_at).toBeInstanceOf(Date)
        expect(imported[1]).toEqual({
          filename: 'kitchen/oak.webp',
          title: 'The Oak Kitchen',
          description: 'Quartz and oak.',
          location: 'Concord',
          featured: true,
          order: 3,
          created_at: new Date('2024-05-01T12:00:00Z'),
        })
      })

      it('carries what a project was: scope, weeks and budget band, leaving out values that are none', async () => {
        await addObject('kitchen/oak.webp', {
          user_metadata: {
            scope: ' Full kitchen: cabinetry and counters ',
            weeks: 6,
            budgetFrom: '30000',
            budgetTo: 80000,
          },
        })
        await addObject('bathroom/odd.webp', {
          user_metadata: { scope: 42, weeks: 0, budgetFrom: 40000, budgetTo: 15000 },
        })
        await addObject('bathroom/half.webp', {
          user_metadata: { scope: '  ', weeks: '3.5', budgetFrom: 15000 },
        })
        await addObject('carpentry/plain.webp')
        expect(await importAsServiceRole()).toBe(4)
        expect(
          await rows(
            `select filename, scope, duration_weeks, budget_from, budget_to
             from public.gallery_images order by filename collate "C"`,
          ),
        ).toEqual([
          ...['bathroom/half.webp', 'bathroom/odd.webp', 'carpentry/plain.webp'].map(
            (filename) => ({
              filename,
              scope: null,
              duration_weeks: null,
              budget_from: null,
              budget_to: null,
            }),
          ),
          {
            filename: 'kitchen/oak.webp',
            scope: 'Full kitchen: cabinetry and counters',
            duration_weeks: 6,
            budget_from: 30000,
            budget_to: 80000,
          },
        ])
      })

      it('carries a before photo of the project folder, leaving out one that is none', async () => {
        const pairs = {
          'kitchen/oak.webp': ' kitchen/oak/before.webp ',
          'kitchen/elsewhere.webp': 'kitchen/oak/before.webp',
          'kitchen/text.webp': 'kitchen/text/before.txt',
          'kitchen/number.webp': 12,
        }
        for (const [name, before] of Object.entries(pairs)) {
          await addObject(name, { user_metadata: { before } })
        }
        await addObject('kitchen/oak/before.webp')
        expect(await importAsServiceRole()).toBe(4)
        expect(
          await rows(
            `select filename, before_image, additional_images
             from public.gallery_images order by filename collate "C"`,
          ),
        ).toEqual([
          { filename: 'kitchen/elsewhere.webp', before_image: null, additional_images: [] },
          { filename: 'kitchen/number.webp', before_image: null, additional_images: [] },
          {
            filename: 'kitchen/oak.webp',
            before_image: 'kitchen/oak/before.webp',
            additional_images: ['gallery/kitchen/oak/before.webp'],
          },
          { filename: 'kitchen/text.webp', before_image: null, additional_images: [] },
        ])
      })

      it('leaves files that already have a row alone', async () => {
        await insertImage({ title: 'Kept', category: 'kitchen', filename: 'kitchen/oak.webp' })
        await addObject('kitchen/oak.webp')
        expect(await importAsServiceRole()).toBe(0)
        expect(await rows('select title from public.gallery_images')).toEqual([{ title: 'Kept' }])
      })
    })

    describe('the gallery follows its bucket', () => {
      const galleryRows = () =>
        rows(
          'select filename, title, additional_images from public.gallery_images order by filename collate "C"',
        )
      const removeObject = (name: string) =>
        db.query(`delete from storage.objects where bucket_id = 'gallery' and name = $1`, [name])

      it('makes an uploaded photo a project, with the details it was uploaded with', async () => {
        await addObject('kitchen/oak.webp', { user_metadata: { title: 'The Oak Kitchen' } })
        await addObject('bathroom/spa-ensuite.jpg')
        expect(await galleryRows()).toEqual([
          { filename: 'bathroom/spa-ensuite.jpg', title: 'Spa Ensuite', additional_images: [] },
          { filename: 'kitchen/oak.webp', title: 'The Oak Kitchen', additional_images: [] },
        ])
      })

      it('adds and drops a project’s further photos, keeping URLs and the order of the rest', async () => {
        await addObject('kitchen/oak.webp')
        await db.query(
          `update public.gallery_images set title = 'Edited by the owner',
             additional_images = array['https://cdn.example.com/oak.webp']`,
        )
        await addObject('kitchen/oak/detail-2.webp')
        await addObject('kitchen/oak/detail-1.webp')
        expect(await galleryRows()).toEqual([
          {
            filename: 'kitchen/oak.webp',
            title: 'Edited by the owner',
            additional_images: [
              'https://cdn.example.com/oak.webp',
              'gallery/kitchen/oak/detail-2.webp',
              'gallery/kitchen/oak/detail-1.webp',
            ],
          },
        ])
        await removeObject('kitchen/oak/detail-2.webp')
        expect((await galleryRows())[0]?.additional_images).toEqual([
          'https://cdn.example.com/oak.webp',
          'gallery/kitchen/oak/detail-1.webp',
        ])
      })

      it('takes the details a photo carries when its metadata changes, keeping the others', async () => {
        await addObject('kitchen/oak.webp', { user_metadata: { title: 'Oak', location: 'Aurora' } })
        await db.query(`update public.gallery_images set description = 'Written in the table'`)
        await db.query(
          `update storage.objects set user_metadata = $1 where name = 'kitchen/oak.webp'`,
          [JSON.stringify({ title: 'The Oak Kitchen', featured: 'true', order: '2' })],
        )
        expect(
          await rows(
            'select title, description, location, featured, "order" from public.gallery_images',
          ),
        ).toEqual([
          {
            title: 'The Oak Kitchen',
            description: 'Written in the table',
            location: 'Aurora',
            featured: true,
            order: 2,
          },
        ])
        // Storage's own bookkeeping (metadata, not user_metadata) leaves the details alone.
        await db.query(`update public.gallery_images set title = 'Edited in the table'`)
        await db.query(
          `update storage.objects set metadata = '{"mimetype":"image/webp","size":1}' where name = 'kitchen/oak.webp'`,
        )
        expect(await rows('select title from public.gallery_images')).toEqual([
          { title: 'Edited in the table' },
        ])
      })

      it('follows a change of what a project was, keeping the facts the new details leave out', async () => {
        await addObject('kitchen/oak.webp', {
          user_metadata: { scope: 'Full kitchen', weeks: 6, budgetFrom: 30000, budgetTo: 80000 },
        })
        const facts = () =>
          rows('select scope, duration_weeks, budget_from, budget_to from public.gallery_images')
        await db.query(
          `update storage.objects set user_metadata = $1 where name = 'kitchen/oak.webp'`,
          [JSON.stringify({ weeks: '8', budgetTo: 'a lot' })],
        )
        expect(await facts()).toEqual([
          { scope: 'Full kitchen', duration_weeks: 8, budget_from: null, budget_to: null },
        ])
        await db.query(
          `update storage.objects set user_metadata = $1 where name = 'kitchen/oak.webp'`,
          [JSON.stringify({ scope: 'Kitchen and pantry', budgetFrom: 45000, budgetTo: 45000 })],
        )
        expect(await facts()).toEqual([
          { scope: 'Kitchen and pantry', duration_weeks: 8, budget_from: 45000, budget_to: 45000 },
        ])
      })

      it('follows a change of the before photo, keeping it when the new details leave it out', async () => {
        await addObject('kitchen/oak.webp', {
          user_metadata: { before: 'kitchen/oak/before.webp' },
        })
        const beforeImage = () => rows('select before_image from public.gallery_images')
        const edit = (details: object) =>
          db.query(
            `update storage.objects set user_metadata = $1 where name = 'kitchen/oak.webp'`,
            [JSON.stringify(details)],
          )
        await edit({ weeks: 6 })
        expect(await beforeImage()).toEqual([{ before_image: 'kitchen/oak/before.webp' }])
        await edit({ before: 'kitchen/oak/old-room.jpg' })
        expect(await beforeImage()).toEqual([{ before_image: 'kitchen/oak/old-room.jpg' }])
        await edit({ before: '../oak/old-room.jpg' })
        expect(await beforeImage()).toEqual([{ before_image: null }])
      })

      it('removes the project whose photo was removed, and follows a renamed photo', async () => {
        await addObject('kitchen/oak.webp')
        await addObject('kitchen/maple.webp')
        await removeObject('kitchen/oak.webp')
        await db.query(
          `update storage.objects set name = 'bathroom/maple.webp' where name = 'kitchen/maple.webp'`,
        )
        expect(await galleryRows()).toEqual([
          { filename: 'bathroom/maple.webp', title: 'Maple', additional_images: [] },
        ])
      })

      it('leaves the gallery alone for other buckets and for rows that name a URL', async () => {
        await insertImage({
          title: 'Hosted elsewhere',
          category: 'kitchen',
          filename: 'https://cdn.example.com/kitchen.webp',
        })
        await db.query(`insert into storage.buckets (id, name) values ('other', 'other')`)
        await addObject('kitchen/elsewhere.webp', { bucket: 'other' })
        await addObject('kitchen/oak.webp')
        await removeObject('kitchen/oak.webp')
        expect(await galleryRows()).toEqual([
          {
            filename: 'https://cdn.example.com/kitchen.webp',
            title: 'Hosted elsewhere',
            additional_images: [],
          },
        ])
      })

      it('never fails an upload: a photo the gallery cannot take is stored, with a warning', async () => {
        await db.exec(
          `alter table public.gallery_images add constraint refuses_broken check (title <> 'Broken')`,
        )
        await addObject('kitchen/broken.webp')
        expect(
          await rows(`select name from storage.objects where name = 'kitchen/broken.webp'`),
        ).toEqual([{ name: 'kitchen/broken.webp' }])
        expect(await galleryRows()).toEqual([])
      })

      it('syncs on request for the service role only, reporting what changed', async () => {
        for (const event of ['insert', 'delete']) {
          await db.exec(
            `alter table storage.objects disable trigger gallery_follows_bucket_${event}`,
          )
        }
        await insertImage({ title: 'Gone', category: 'kitchen', filename: 'kitchen/gone.webp' })
        await addObject('kitchen/new.webp')
        await db.exec('set local role anon')
        await expectSqlState(
          db,
          'select public.sync_gallery_images_from_storage()',
          insufficientPrivilege,
        )
        await db.exec('set local role service_role')
        const [result] = await rows('select public.sync_gallery_images_from_storage() as changed')
        await db.exec('reset role')
        expect(result?.changed).toEqual({ imported: 1, removed: 1, updated: 0 })
        expect((await galleryRows()).map((row) => row.filename)).toEqual(['kitchen/new.webp'])
      })
    })

    describe('embedded bucket listing', () => {
      let objects: BucketObject[] = []
      beforeAll(async () => {
        objects = await bucketObjectsFromManifest(fixtureManifest)
      })

      it('fills storage.objects, which creates one row per project', async () => {
        await syncBucketObjects(db, objects)
        expect(await rows('select count(*)::int as n from public.gallery_images')).toEqual([
          { n: fixtureManifest.length },
        ])
        expect(await importAsServiceRole()).toBe(0)
        const [oak] = await rows(
          `select title, description, location, featured, "order", created_at, additional_images
         from public.gallery_images where filename = 'kitchen/modern-oak-galley.webp'`,
        )
        expect(oak).toEqual({
          title: 'Modern Oak Galley',
          description: 'A galley kitchen opened up with white oak and quartz.',
          location: 'Richmond Hill',
          featured: true,
          order: 1,
          created_at: new Date('2025-03-14T15:00:00.000Z'),
          additional_images: [
            'gallery/kitchen/modern-oak-galley/detail-1.webp',
            'gallery/kitchen/modern-oak-galley/detail-2.webp',
          ],
        })
        const [clinic] = await rows(
          `select title from public.gallery_images where filename = 'commercial/dental-clinic-reception.webp'`,
        )
        expect(clinic).toEqual({ title: 'Dental Clinic Reception' })
      })

      it('carries each project’s valid facts from manifest.json, leaving out a bad one with a reason', async () => {
        const reasons: string[] = []
        const listed = await bucketObjectsFromManifest(
          [
            {
              path: 'kitchen/oak.webp',
              scope: 'Full kitchen',
              weeks: 6,
              budgetFrom: 30000,
              budgetTo: 80000,
            },
            {
              path: 'bathroom/spa.webp',
              scope: 'Ensuite',
              weeks: 'six',
              budgetFrom: 15000,
              budgetTo: 40000,
            },
          ],
          (_index, reason) => reasons.push(reason),
        )
        await syncBucketObjects(db, listed)
        expect(reasons).toEqual([expect.stringContaining('weeks')])
        expect(
          await rows(
            `select filename, scope, duration_weeks, budget_from, budget_to
             from public.gallery_images order by filename collate "C"`,
          ),
        ).toEqual([
          {
            filename: 'bathroom/spa.webp',
            scope: 'Ensuite',
            duration_weeks: null,
            budget_from: 15000,
            budget_to: 40000,
          },
          {
            filename: 'kitchen/oak.webp',
            scope: 'Full kitchen',
            duration_weeks: 6,
            budget_from: 30000,
            budget_to: 80000,
          },
        ])
      })

      it('is idempotent, and drops objects and rows no longer listed', async () => {
        await syncBucketObjects(db, objects)
        await syncBucketObjects(db, objects)
        expect(await importAsServiceRole()).toBe(0)
        const [count] = await rows(
          `select count(*)::int as n from storage.objects where bucket_id = 'gallery'`,
        )
        expect(count?.n).toBe(objects.length)

        await syncBucketObjects(
          db,
          objects.filter((object) => !object.name.startsWith('bathroom/')),
        )
        expect(
          await rows(`select filename from public.gallery_images where category = 'bathroom'`),
        ).toEqual([])
        expect(await rows(`select name from storage.objects where name like 'bathroom/%'`)).toEqual(
          [],
        )
      })
    })
  })
}
