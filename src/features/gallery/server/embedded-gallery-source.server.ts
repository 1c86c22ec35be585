import { inspect } from 'node:util'
import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import { siteImageUrls } from '#src/features/gallery/storage-path.ts'
import * as embeddedBucket from '#src/server/db/embedded-bucket.server.ts'
import type { GallerySource } from './gallery-source.server'

// The gallery from the embedded PGlite, read as `anon` so Supabase's grants and row-level security
// apply, after mirroring the bucket folder's listing; in batches, PGlite runs in the server's thread.
export function createEmbeddedGallerySource({
  database,
  bucketListing = () => undefined,
  bucketVersion,
  signal,
  onChange = () => {},
}: {
  database: () => Promise<PGliteInterface>
  /** The bucket folder's listing as it is now; undefined leaves storage.objects as it is. */
  bucketListing?: () => embeddedBucket.BucketListing | undefined
  /** Changes when the listing may have changed; without it, every read mirrors the listing. */
  bucketVersion?: () => string
  signal?: AbortSignal
  /** Called once the bucket's changes reached the table: what was answered before is out of date. */
  onChange?: () => void
}): GallerySource {
  let refusedEmptyListing = false

  async function mirrorBucket(db: PGliteInterface, listing: embeddedBucket.BucketListing) {
    const started = performance.now()
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
    const objects = Array.isArray(listing)
      ? await embeddedBucket.bucketObjectsFromManifest(listing, (index, reason) =>
          console.warn(`Embedded bucket: skipped manifest entry ${index}: ${reason}`),
        )
      : []
    const bucket = await embeddedBucket.readBucketState(db)
    const refuse = objects.length === 0 && bucket.size > 0 && Array.isArray(listing)
    if (refuse && !refusedEmptyListing)
      console.warn(
        `Embedded bucket: manifest.json lists no project, so the gallery keeps its ${bucket.size} photo(s) rather than empty the site; to empty the gallery on purpose, write ${JSON.stringify(embeddedBucket.emptyGalleryManifest)} in manifest.json (npm run gallery:import -- --allow-empty does it when the folder has no photo)`,
      )
    refusedEmptyListing = refuse
    if (refuse) return
    const changes = await embeddedBucket.diffBucket(bucket, objects)
    const changed = changes.upserts.length + changes.removals.length
    if (changed === 0) return
    const counts = `${changes.upserts.length} photo(s) added or changed and ${changes.removals.length} removed`
    if (changed > embeddedBucket.bucketSyncBatchSize)
      console.info(`Embedded bucket: mirroring manifest.json in batches, ${counts} when done`)
    try {
      await embeddedBucket.applyBucketChanges(db, changes, { signal, state: bucket })
    } catch (error) {
      onChange() // some batches may have been applied
      if (error instanceof embeddedBucket.BucketSyncStoppedError)
        console.info(
          `Embedded bucket: stopped mirroring manifest.json for the shutdown after ${took()} (${bucket.size} of ${objects.length} photo(s) mirrored); the next start carries on`,
        )
      throw error
    }
    onChange()
    console.info(`Embedded bucket: manifest.json mirrored, ${counts} (${took()})`)
  }

  // One mirror per version of the listing, shared by the reads that arrive while it runs: a
  // listing of 20,000 projects costs ~300 ms to read and compare, too much for every page.
  let mirrored: { version: string | undefined; done: Promise<void> } | undefined
  function mirrorListing(db: PGliteInterface) {
    const version = bucketVersion?.()
    if (mirrored && version !== undefined && mirrored.version === version) return mirrored.done
    const done = (async () => {
      const listing = bucketListing()
      if (listing) await mirrorBucket(db, listing)
    })()
    const current = { version, done }
    mirrored = current
    done.catch(() => {
      if (mirrored === current) mirrored = undefined
    })
    return done
  }

  async function asRole<T>(
    role: 'anon' | 'service_role',
    what: string,
    work: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    try {
      const db = await database()
      await mirrorListing(db)
      return await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`)
        return work(tx)
      })
    } catch (error) {
      if (error instanceof embeddedBucket.BucketSyncStoppedError) throw error
      // inspect: PGlite throws some things that are not Errors (its ErrnoError).
      const reason = error instanceof Error ? error.message : inspect(error)
      throw new Error(`Embedded database ${what} failed: ${reason}`, { cause: error })
    }
  }

  return {
    urls: siteImageUrls,
    // The site makes any variant it is asked for (photoVariantStore), so every photo has them.
    images: () => ({ kind: 'variants', baseUrl: '' }),

    readAll: (category) =>
      asRole('anon', 'select from gallery_images', async (tx) => {
        const rows: { id: string }[] = []
        for (;;) {
          const page = await tx.query<{ id: string }>(
            `select * from public.gallery_images where id > $1 ${category ? 'and category = $2' : ''} order by id limit 1000`,
            [
              rows.at(-1)?.id ?? '00000000-0000-0000-0000-000000000000',
              ...(category ? [category] : []),
            ],
          )
          rows.push(...page.rows)
          if (page.rows.length < 1000) return rows
          await embeddedBucket.yieldToEventLoop()
        }
      }),

    readIds: () =>
      asRole('anon', 'select id from gallery_images', async (tx) => {
        const ids: string[] = []
        for (;;) {
          const page = await tx.query<{ id: string }>(
            'select id from public.gallery_images where id > $1 order by id limit 5000',
            [ids.at(-1) ?? '00000000-0000-0000-0000-000000000000'],
          )
          for (const row of page.rows) ids.push(row.id)
          if (page.rows.length < 5000) return ids
          await embeddedBucket.yieldToEventLoop()
        }
      }),

    view: (asked) =>
      asRole('anon', 'call gallery_view', async (tx) => {
        const { rows } = await tx.query<{ answer: unknown }>(
          'select public.gallery_view($1, $2, $3, $4, $5, $6) as answer',
          [asked.category, asked.sort, asked.q, asked.page, asked.project ?? null, asked.pageSize],
        )
        return rows[0]?.answer
      }),

    // Only the server may run the import (the API roles may not: it would bring back projects
    // the owner removed from the table), as through Supabase with the secret key.
    importFromStorage: () =>
      asRole('service_role', 'call import_gallery_images_from_storage', async (tx) => {
        await tx.query('select public.import_gallery_images_from_storage()')
      }),
  }
}
