import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, type SqlSession } from '#test/support/sql-session.ts'
import { syncBucketObjects } from '#test/support/sync-bucket.ts'
import {
  applyBucketChanges,
  type BucketObject,
  bucketSyncBatchSize,
  readBucketState,
} from './embedded-bucket.server'
import { bundledDatabaseSql } from './embedded-sql.server'
import { prepareDatabase } from './migrations.server'

// Issue 23: the gallery follows its bucket statement by statement, touching only what each
// statement changed. A large bucket written in batches, in any order, must leave the table exactly
// as the full sync (sync_gallery_images_from_storage) would: the sync then finds nothing to do.

const categories = ['kitchen', 'bathroom', 'commercial', 'carpentry'] as const
// Three and a half batches of project photos (seven of further photos): every write crosses batch
// boundaries and ends on a partial batch. (1,500 projects covered the same: this file took 19.4
// CPU-s alone, against 12.4.)
const projectCount = 3 * bucketSyncBatchSize + bucketSyncBatchSize / 2

const photo = (name: string, details: Record<string, unknown> | null = null): BucketObject => ({
  name,
  metadata: { mimetype: 'image/webp' },
  user_metadata: details,
})

const projectPhoto = (index: number) =>
  `${categories[index % categories.length]}/project-${String(index).padStart(5, '0')}.webp`
const furtherPhotos = (index: number) => {
  const folder = projectPhoto(index).replace(/\.webp$/, '')
  return [`${folder}/detail-10.webp`, `${folder}/detail-2.webp`]
}

type Row = Record<string, unknown>

for (const target of databaseTargets()) {
  describe(`the gallery follows a bucket written in batches, on ${target.name}`, () => {
    let db: SqlSession

    beforeAll(async () => {
      db = await target.open()
      await prepareDatabase(db, bundledDatabaseSql())
    })
    afterAll(async () => {
      await db?.close()
    })

    const rows = async (text: string, params?: unknown[]) =>
      (await db.query<Row>(text, params)).rows
    const fullSync = async () => {
      await db.exec('set role service_role')
      const [result] = await rows('select public.sync_gallery_images_from_storage() as changed')
      await db.exec('reset role')
      return result?.changed
    }
    const write = async (objects: BucketObject[], removals: string[] = []) =>
      applyBucketChanges(db, { upserts: objects, removals })

    it('takes further photos written before their project, and ones written after it', async () => {
      const indexes = Array.from({ length: projectCount }, (_, index) => index)
      // The further photos of the first half before any project photo; the second half after.
      const half = projectCount / 2
      await write(
        indexes.slice(0, half).flatMap((index) => furtherPhotos(index).map((n) => photo(n))),
      )
      await write(indexes.map((index) => photo(projectPhoto(index), { title: `Project ${index}` })))
      await write(indexes.slice(half).flatMap((index) => furtherPhotos(index).map((n) => photo(n))))

      const [counted] = await rows(
        `select count(*)::integer as projects,
                  count(*) filter (where cardinality(additional_images) = 2)::integer as with_both
           from public.gallery_images`,
      )
      expect(counted).toEqual({ projects: projectCount, with_both: projectCount })
      expect(
        await rows(
          'select title, additional_images from public.gallery_images where filename = $1',
          [projectPhoto(7)],
        ),
      ).toEqual([
        {
          title: 'Project 7',
          // Shorter names first, as before.
          additional_images: furtherPhotos(7)
            .map((name) => `gallery/${name}`)
            .reverse(),
        },
      ])
      expect(await fullSync()).toEqual({ imported: 0, removed: 0, updated: 0 })
    })

    it('drops removed further photos and projects, and takes edited details, in batches', async () => {
      const dropped = new Set(Array.from({ length: projectCount / 5 }, (_, n) => n * 5))
      const kept = Array.from({ length: projectCount }, (_, index) => index).filter(
        (index) => !dropped.has(index),
      )
      const trimmed = kept.filter((index) => index % 3 === 1)
      await write(
        kept.map((index) => photo(projectPhoto(index), { title: `Project ${index}, edited` })),
        [
          ...[...dropped].flatMap((index) => [projectPhoto(index), ...furtherPhotos(index)]),
          ...trimmed.map((index) => furtherPhotos(index)[0] ?? ''),
        ],
      )
      const [counted] = await rows(
        `select count(*)::integer as projects,
                  count(*) filter (where cardinality(additional_images) = 1)::integer as with_one,
                  count(*) filter (where title like '%, edited')::integer as edited
           from public.gallery_images`,
      )
      expect(counted).toEqual({
        projects: kept.length,
        with_one: trimmed.length,
        edited: kept.length,
      })
      expect(await fullSync()).toEqual({ imported: 0, removed: 0, updated: 0 })
    })

    it('mirrors a listing by writing only its differences', async () => {
      const listing = Array.from({ length: projectCount }, (_, index) => [
        photo(projectPhoto(index), { title: `Listed ${index}` }),
        ...furtherPhotos(index).map((name) => photo(name)),
      ]).flat()
      await syncBucketObjects(db, listing)
      expect(await syncBucketObjects(db, listing)).toEqual({ upserts: [], removals: [] })

      const shorter = listing.filter((object) => !object.name.includes('project-00001'))
      const changes = await syncBucketObjects(db, shorter)
      expect(changes.upserts).toEqual([])
      expect(changes.removals.sort()).toEqual([projectPhoto(1), ...furtherPhotos(1)].sort())
      expect((await readBucketState(db)).size).toBe(shorter.length)
      expect(await rows('select count(*)::integer as projects from public.gallery_images')).toEqual(
        [{ projects: projectCount - 1 }],
      )
      // Details written into the listing later reach the project, as before.
      expect(
        await rows('select title from public.gallery_images where filename = $1', [
          projectPhoto(2),
        ]),
      ).toEqual([{ title: 'Listed 2' }])
      expect(await fullSync()).toEqual({ imported: 0, removed: 0, updated: 0 })
    })
  })
}
