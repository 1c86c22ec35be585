import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import { siteImageUrls } from '~/features/gallery/storage-path'
import { bucketObjectsFromManifest, syncBucketObjects } from '../db/embedded-bucket.server'
import {
  type GallerySource,
  GallerySourceError,
  galleryTable,
  importGalleryFunction,
} from './gallery-source.server'

export interface EmbeddedGallerySourceOptions {
  /** The opened embedded database (opened lazily, on first use). */
  database: () => Promise<Pick<PGliteInterface, 'transaction'>>
  /**
   * The photo bucket's listing as it is now (readBucketListing), mirrored into storage.objects
   * before each read; undefined leaves the bucket as it is.
   */
  bucketListing?: () => unknown[] | undefined
  log?: Pick<Console, 'warn'>
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

/**
 * The gallery from the embedded PGlite, read as the `anon` role so the same grants and
 * row-level security apply as through Supabase. Each read first mirrors the bucket folder's
 * listing into storage.objects, so photos the owner added or removed (`npm run gallery:import`)
 * show on the next load. Image URLs are site-relative: the site serves the bucket folder at
 * /storage/v1/object/public/gallery/.
 */
export function createEmbeddedGallerySource({
  database,
  bucketListing = () => undefined,
  log = console,
}: EmbeddedGallerySourceOptions): GallerySource {
  async function asRole<T>(
    role: 'anon' | 'service_role',
    what: string,
    work: (tx: Transaction) => Promise<T>,
    listing?: unknown[],
  ): Promise<T> {
    try {
      const db = await database()
      return await db.transaction(async (tx) => {
        if (listing) {
          const objects = bucketObjectsFromManifest(listing, (index, reason) =>
            log.warn(`Embedded bucket: skipped manifest entry ${index}: ${reason}`),
          )
          await syncBucketObjects(tx, objects)
        }
        await tx.exec(`set local role ${role}`)
        return work(tx)
      })
    } catch (error) {
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
          const { rows } = await tx.query<Record<string, unknown>>(
            `select * from public.${galleryTable}`,
          )
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
