import { inspect } from 'node:util'
import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import { siteImageUrls } from '#src/features/gallery/storage-path.ts'
import {
  applyBucketChanges,
  type BucketListing,
  type BucketState,
  BucketSyncStoppedError,
  bucketObjectsFromManifest,
  bucketSyncBatchSize,
  diffBucket,
  emptyGalleryManifest,
  readBucketState,
  yieldToEventLoop,
} from '../db/embedded-bucket.server'
import {
  GalleryLoadStoppedError,
  type GallerySource,
  GallerySourceError,
} from './gallery-source.server'

type Database = Pick<PGliteInterface, 'transaction' | 'query' | 'exec'>

interface EmbeddedGallerySourceOptions {
  /** The embedded database, opened on first use. */
  database: () => Promise<Database>
  /** The bucket folder's listing as it is now; undefined leaves storage.objects as it is. */
  bucketListing?: () => BucketListing | undefined
  /** Aborted when the server stops: a bucket sync under way stops between two batches. */
  signal?: AbortSignal
}

/**
 * The gallery from the embedded PGlite, read as `anon` so the grants and row-level security of
 * Supabase apply. Each read first mirrors the bucket folder's listing into storage.objects, so
 * photos added or removed (`npm run gallery:import`) show on the next load. PGlite runs in the
 * server's thread: the mirror writes only what changed, in batches, and rows are read 1,000 at a
 * time, with the event loop free in between (bench/gallery-import.ts).
 */
export function createEmbeddedGallerySource({
  database,
  bucketListing = () => undefined,
  signal,
}: EmbeddedGallerySourceOptions): GallerySource {
  // What storage.objects holds, once read: later loads compare the listing with it in memory.
  let bucket: BucketState | undefined
  let refusedEmptyListing = false

  async function mirrorBucket(db: Database, listing: BucketListing): Promise<void> {
    const started = performance.now()
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
    const objects = Array.isArray(listing)
      ? await bucketObjectsFromManifest(listing, (index, reason) =>
          console.warn(`Embedded bucket: skipped manifest entry ${index}: ${reason}`),
        )
      : []
    bucket ??= await readBucketState(db)
    const refuse = objects.length === 0 && bucket.size > 0 && Array.isArray(listing)
    if (refuse && !refusedEmptyListing) {
      console.warn(
        `Embedded bucket: manifest.json lists no project, so the gallery keeps its ${bucket.size} photo(s) rather than empty the site; to empty the gallery on purpose, write ${JSON.stringify(emptyGalleryManifest)} in manifest.json (npm run gallery:import -- --allow-empty does it when the folder has no photo)`,
      )
    }
    refusedEmptyListing = refuse
    if (refuse) return
    const changes = await diffBucket(bucket, objects)
    const counts = `${changes.upserts.length} photo(s) added or changed and ${changes.removals.length} removed`
    if (changes.upserts.length + changes.removals.length === 0) return
    if (changes.upserts.length + changes.removals.length > bucketSyncBatchSize) {
      console.info(`Embedded bucket: mirroring manifest.json in batches, ${counts} when done`)
    }
    const before = bucket.size
    try {
      await applyBucketChanges(db, changes, { signal, state: bucket })
    } catch (error) {
      if (!(error instanceof BucketSyncStoppedError)) throw error
      console.info(
        `Embedded bucket: stopped mirroring manifest.json for the shutdown after ${took()} (the bucket went from ${before} to ${bucket.size} photo(s) of ${objects.length}); the next start carries on`,
      )
      throw new GalleryLoadStoppedError('The server is stopping', { cause: error })
    }
    console.info(`Embedded bucket: manifest.json mirrored, ${counts} (${took()})`)
  }

  async function asRole<T>(
    role: 'anon' | 'service_role',
    what: string,
    work: (tx: Transaction) => Promise<T>,
    listing?: BucketListing,
  ): Promise<T> {
    try {
      const db = await database()
      if (listing) await mirrorBucket(db, listing)
      return await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`)
        return work(tx)
      })
    } catch (error) {
      if (error instanceof GalleryLoadStoppedError) throw error
      // inspect: PGlite throws some things that are not Errors (its ErrnoError).
      const reason = error instanceof Error ? error.message : inspect(error)
      throw new GallerySourceError(`Embedded database ${what} failed: ${reason}`, { cause: error })
    }
  }

  return {
    urls: siteImageUrls,
    // The site makes any variant it is asked for (photoVariantStore), so every photo has them.
    images: () => ({ kind: 'variants', baseUrl: '' }),

    readAll: () =>
      asRole(
        'anon',
        'select from gallery_images',
        async (tx) => {
          const rows: { id: string }[] = []
          for (;;) {
            const page = await tx.query<{ id: string }>(
              'select * from public.gallery_images where id > $1 order by id limit 1000',
              [rows.at(-1)?.id ?? '00000000-0000-0000-0000-000000000000'],
            )
            rows.push(...page.rows)
            if (page.rows.length < 1000) return rows
            await yieldToEventLoop()
          }
        },
        bucketListing(),
      ),

    // Only the server may run the import (the API roles may not: it would bring back projects
    // the owner removed from the table), as through Supabase with the secret key.
    importFromStorage: () =>
      asRole('service_role', 'call import_gallery_images_from_storage', async (tx) => {
        await tx.query('select public.import_gallery_images_from_storage()')
      }),
  }
}
