// `npm run gallery:import` for Supabase plans without image transformations: the variants of the
// bucket's photos, made with sharp, uploaded to the public bucket gallery-variants with a listing
// of the photos that have them (the site offers variants of those only).
import type { SupabaseClient } from '@supabase/supabase-js'
import * as v from 'valibot'
import {
  photoFile,
  photoVariantPath,
  photoVariantsBucket,
} from '#src/features/gallery/photo-variants.ts'
import {
  variantListingFile,
  variantListingSchema,
} from '#src/features/gallery/server/image-mode.server.ts'
import {
  allPhotoVariants,
  makePhotoVariants,
} from '#src/features/gallery/server/photo-variants.server.ts'
import { galleryBucket } from '#src/features/gallery/storage-path.ts'
import { recordsPosition } from './photo-position.ts'

type BucketFiles = ReturnType<SupabaseClient['storage']['from']>

const weekInSeconds = '604800'

type BucketEntry = Awaited<ReturnType<BucketFiles['list']>>['data'] & {}

/** Every object of a bucket with its path, listed folder by folder as the Storage API answers. */
export async function listBucket(
  files: BucketFiles,
  prefix = '',
): Promise<(BucketEntry[number] & { path: string })[]> {
  const objects: (BucketEntry[number] & { path: string })[] = []
  const pageSize = 1000
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await files.list(prefix, { limit: pageSize, offset })
    if (error) throw new Error(`Listing the ${galleryBucket} bucket failed: ${error.message}`)
    for (const entry of data) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name
      // The Storage API lists a folder as an entry without an id.
      if (entry.id === null) objects.push(...(await listBucket(files, path)))
      else objects.push({ ...entry, path })
    }
    if (data.length < pageSize) return objects
  }
}

/** Every photo of a bucket, with what tells its versions apart. */
const listPhotos = async (files: BucketFiles) =>
  (await listBucket(files))
    .filter((entry) => photoFile.test(entry.name))
    .map(({ path, metadata, updated_at }) => {
      const { eTag, size } = (metadata ?? {}) as { eTag?: unknown; size?: unknown }
      return {
        path,
        version: typeof eTag === 'string' ? eTag : `${updated_at ?? ''}/${String(size ?? '')}`,
      }
    })

type VariantListing = v.InferOutput<typeof variantListingSchema>

async function readListing(files: BucketFiles): Promise<VariantListing> {
  const { data, error } = await files.download(variantListingFile)
  if (error) {
    // Not written yet: Storage answers 400 or 404 for a missing object.
    const status = (error as { status?: unknown }).status
    if (status === 400 || status === 404) return { photos: {} }
    throw new Error(`Reading ${photoVariantsBucket}/${variantListingFile} failed: ${error.message}`)
  }
  const parsed = v.safeParse(variantListingSchema, JSON.parse(await data.text()))
  // A listing we cannot read is made again from nothing: every photo gets its variants anew.
  return parsed.success ? parsed.output : { photos: {} }
}

const allVariantPaths = (photoPath: string) =>
  allPhotoVariants.map(({ width, format }) => photoVariantPath(photoPath, width, format))

/**
 * Brings the bucket `gallery-variants` in step with the photos of `gallery`: variants for photos
 * that are new or changed (by ETag), none for photos that are gone. Needs the secret key.
 */
export async function syncHostedPhotoVariants(
  supabase: SupabaseClient,
  {
    dryRun = false,
    onPhoto = () => {},
  }: { dryRun?: boolean; onPhoto?: (path: string) => void } = {},
) {
  const photos = await listPhotos(supabase.storage.from(galleryBucket))
  const variants = supabase.storage.from(photoVariantsBucket)
  const bucket = await supabase.storage.getBucket(photoVariantsBucket)
  const listing = bucket.error ? { photos: {} } : await readListing(variants)

  const current = new Set(photos.map((photo) => photo.path))
  const stale = photos.filter((photo) => listing.photos[photo.path]?.version !== photo.version)
  const gone = Object.keys(listing.photos).filter((path) => !current.has(path))
  const report = {
    /** Photos whose variants were made (or would be, in a dry run). */
    made: [] as string[],
    /** Photos gone from the bucket whose variants were deleted (or would be). */
    removed: gone,
    /** Photos whose variants were already up to date. */
    unchanged: photos.length - stale.length,
    /** Photos that could not be read as images: they stay without variants. */
    failed: [] as { path: string; reason: string }[],
    /** Photos among those read that record where they were taken (GPS), public as they are. */
    withPosition: [] as string[],
  }
  if (dryRun) return { ...report, made: stale.map((photo) => photo.path) }

  if (bucket.error) {
    const created = await supabase.storage.createBucket(photoVariantsBucket, { public: true })
    if (created.error) {
      throw new Error(`Creating the ${photoVariantsBucket} bucket failed: ${created.error.message}`)
    }
  }
  const writeListing = async () => {
    const { error } = await variants.upload(variantListingFile, JSON.stringify(listing), {
      contentType: 'application/json',
      // The site reads it with every gallery load: a CDN may keep it only briefly.
      cacheControl: '60',
      upsert: true,
    })
    if (error) throw new Error(`Writing ${variantListingFile} failed: ${error.message}`)
  }

  for (const photo of stale) {
    const download = await supabase.storage.from(galleryBucket).download(photo.path)
    if (download.error)
      throw new Error(`Downloading ${photo.path} failed: ${download.error.message}`)
    const original = Buffer.from(await download.data.arrayBuffer())
    if (await recordsPosition(original)) report.withPosition.push(photo.path)
    let made: Awaited<ReturnType<typeof makePhotoVariants>>
    try {
      made = await makePhotoVariants(original)
    } catch (error) {
      report.failed.push({ path: photo.path, reason: (error as Error).message })
      delete listing.photos[photo.path]
      continue
    }
    for (const variant of made) {
      const { error } = await variants.upload(
        photoVariantPath(photo.path, variant.width, variant.format),
        variant.data,
        {
          contentType: `image/${variant.format}`,
          cacheControl: weekInSeconds,
          upsert: true,
        },
      )
      if (error) throw new Error(`Uploading a variant of ${photo.path} failed: ${error.message}`)
    }
    listing.photos[photo.path] = { version: photo.version }
    report.made.push(photo.path)
    // Written after each photo: an import cut short keeps what it finished.
    await writeListing()
    onPhoto(photo.path)
  }

  for (const path of gone) {
    const { error } = await variants.remove(allVariantPaths(path))
    if (error) throw new Error(`Deleting the variants of ${path} failed: ${error.message}`)
    delete listing.photos[path]
  }
  await writeListing()
  return report
}
