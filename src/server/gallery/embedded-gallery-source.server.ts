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
import { GalleryLoadStoppedError } from './gallery-cache.server'
import {
  type GallerySource,
  GallerySourceError,
  galleryTable,
  importGalleryFunction,
} from './gallery-source.server'

export interface EmbeddedGallerySourceOptions {
  /** The opened embedded database (opened lazily, on first use). */
  database: () => Promise<Pick<PGliteInterface, 'transaction' | 'query' | 'exec'>>
  /**
   * The photo bucket's listing as it is now (readBucketListing), mirrored into storage.objects
   * before each read; undefined leaves the bucket as it is.
   */
  bucketListing?: () => BucketListing | undefined
  /** Aborted when the server stops: a bucket sync under way stops between two batches. */
  signal?: AbortSignal
  log?: Pick<Console, 'warn' | 'info'>
}

/** A one-line reason, also for what PGlite throws that is not an Error (its ErrnoError). */
function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null) {
    const { name, message, code, errno } = error as Record<string, unknown>
    const parts = [name, message, code, errno === undefined ? undefined : `errno ${errno}`]
    const text = parts.filter((part) => typeof part === 'string' && part !== '').join(' ')
    if (text) return text
  }
  return String(error)
}

const sqlState = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined

/** Rows per read: a page of the gallery is read, mapped and sent without holding the server. */
const readPage = 1_000
const beforeEveryUuid = '00000000-0000-0000-0000-000000000000'

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

/**
 * The gallery from the embedded PGlite, read as the `anon` role so the same grants and
 * row-level security apply as through Supabase. Each read first mirrors the bucket folder's
 * listing into storage.objects, so photos the owner added or removed (`npm run gallery:import`)
 * show on the next load. Image URLs are site-relative: the site serves the bucket folder at
 * /storage/v1/object/public/gallery/.
 *
 * PGlite runs in the server's own thread, so no statement may be long: the mirror writes only
 * what changed, in batches, and the rows are read a page at a time, with the event loop free in
 * between (a listing of 20,000 projects: bench/gallery-import.ts).
 */
export function createEmbeddedGallerySource({
  database,
  bucketListing = () => undefined,
  signal,
  log = console,
}: EmbeddedGallerySourceOptions): GallerySource {
  // What storage.objects holds, once read: later loads compare the listing with it in memory.
  let bucket: BucketState | undefined
  let refusedEmptyListing = false

  async function mirrorBucket(
    db: Pick<PGliteInterface, 'query' | 'exec'>,
    listing: BucketListing,
  ): Promise<void> {
    const started = performance.now()
    const objects = Array.isArray(listing)
      ? await bucketObjectsFromManifest(listing, (index, reason) =>
          log.warn(`Embedded bucket: skipped manifest entry ${index}: ${reason}`),
        )
      : []
    bucket ??= await readBucketState(db)
    if (objects.length === 0 && bucket.size > 0 && Array.isArray(listing)) {
      if (!refusedEmptyListing) {
        const { rows } = await db.query<{ projects: number }>(
          `select count(*)::integer as projects from public.${galleryTable}`,
        )
        log.warn(
          `Embedded bucket: manifest.json lists no project, so the gallery keeps its ${rows[0]?.projects ?? 0} project(s) rather than empty the site; to empty the gallery on purpose, write ${JSON.stringify(emptyGalleryManifest)} in manifest.json (npm run gallery:import -- --allow-empty does it when the folder has no photo)`,
        )
      }
      refusedEmptyListing = true
      return
    }
    refusedEmptyListing = false
    const changes = await diffBucket(bucket, objects)
    if (changes.upserts.length === 0 && changes.removals.length === 0) return
    if (changes.upserts.length + changes.removals.length > bucketSyncBatchSize) {
      log.info(
        `Embedded bucket: mirroring manifest.json, ${changes.upserts.length} photo(s) to add or change and ${changes.removals.length} to remove, in batches`,
      )
    }
    const before = bucket.size
    try {
      await applyBucketChanges(db, changes, { signal, state: bucket })
    } catch (error) {
      if (!(error instanceof BucketSyncStoppedError)) throw error
      log.info(
        `Embedded bucket: stopped mirroring manifest.json for the shutdown after ${seconds(started)} s (the bucket went from ${before} to ${bucket.size} photo(s) of ${objects.length}); the next start carries on`,
      )
      throw new GalleryLoadStoppedError('The server is stopping', { cause: error })
    }
    log.info(
      `Embedded bucket: manifest.json mirrored, ${changes.upserts.length} photo(s) added or changed and ${changes.removals.length} removed (${seconds(started)} s)`,
    )
  }

  // One mirror at a time, each starting from what the one before it wrote.
  let mirroring: Promise<void> = Promise.resolve()
  const mirrorInTurn = (db: Pick<PGliteInterface, 'query' | 'exec'>, listing: BucketListing) => {
    const turn = mirroring.then(() => mirrorBucket(db, listing))
    mirroring = turn.catch(() => {})
    return turn
  }

  async function asRole<T>(
    role: 'anon' | 'service_role',
    what: string,
    work: (tx: Transaction) => Promise<T>,
    listing?: BucketListing,
  ): Promise<T> {
    try {
      const db = await database()
      if (listing) await mirrorInTurn(db, listing)
      return await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`)
        return work(tx)
      })
    } catch (error) {
      if (error instanceof GalleryLoadStoppedError) throw error
      const reason = describeFailure(error)
      throw new GallerySourceError(`Embedded database ${what} failed: ${reason}`, {
        source: 'embedded',
        code: sqlState(error),
        cause: error,
      })
    }
  }

  return {
    kind: 'embedded',
    urls: siteImageUrls,
    // The site makes any variant it is asked for (photoVariantStore), so every photo has them.
    images: () => ({ kind: 'variants', baseUrl: '' }),

    readAll: () =>
      asRole(
        'anon',
        `select from ${galleryTable}`,
        async (tx) => {
          const rows: Record<string, unknown>[] = []
          let after = beforeEveryUuid
          for (;;) {
            const page = await tx.query<Record<string, unknown>>(
              `select * from public.${galleryTable} where id > $1 order by id limit ${readPage}`,
              [after],
            )
            rows.push(...page.rows)
            const last = page.rows.at(-1)
            if (!last || page.rows.length < readPage) break
            after = String(last.id)
            await yieldToEventLoop()
          }
          return { rows, count: rows.length }
        },
        bucketListing(),
      ),

    // Only the server may run the import (the API roles may not: it would bring back projects
    // the owner removed from the table), as through Supabase with the secret key.
    importFromStorage: () =>
      asRole('service_role', `call ${importGalleryFunction}`, async (tx) => {
        const { rows } = await tx.query<{ imported: number }>(
          `select public.${importGalleryFunction}() as imported`,
        )
        return rows[0]?.imported ?? 0
      }),
  }
}
