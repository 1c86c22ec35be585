import { resolve } from 'node:path'
import type {
  GalleryCategory,
  GalleryItem,
  GalleryResult,
} from '#src/features/gallery/gallery-item.ts'
import {
  type GalleryPageResult,
  type GalleryProjectResult,
  type GalleryView,
  galleryPage,
  projectNeighbours,
} from '#src/features/gallery/gallery-pages.ts'
import { categoryShowcase } from '#src/features/gallery/gallery-view.ts'
import {
  type GalleryImageDelivery,
  galleryPhotoPath,
} from '#src/features/gallery/photo-variants.ts'
import { readBucketListing } from '../db/embedded-bucket.server'
import { closeEmbeddedDatabase, getEmbeddedDatabase } from '../db/embedded-database.server'
import { bundledBucketManifest } from '../db/embedded-sql.server'
import { getEnvironment } from '../env.server'
import type { Environment } from '../env-schema.server'
import { pageDataFreshUntil } from '../page-cache.server'
import { processState } from '../process-state.server'
import { createEmbeddedGallerySource } from './embedded-gallery-source.server'
import { imageNotFound, serveImageFile } from './embedded-photo-variants.server'
import { createGalleryCache, type GalleryCache } from './gallery-cache.server'
import type { GallerySource } from './gallery-source.server'
import { galleryViewsOf } from './gallery-views.server'
import { type ImageMode, initialImageMode } from './image-mode.server'
import { loadGallery } from './load-gallery.server'
import { createSupabaseGallerySource } from './supabase-gallery-source.server'

type SourceSettings = Pick<
  Environment,
  | 'DATA_DIR'
  | 'GALLERY_BUCKET_DIR'
  | 'SUPABASE_URL'
  | 'SUPABASE_ANON_KEY'
  | 'SUPABASE_SECRET_KEY'
  | 'SUPABASE_IMAGE_TRANSFORMATIONS'
>

const usesSupabase = (settings: SourceSettings) =>
  Boolean(settings.SUPABASE_URL && settings.SUPABASE_ANON_KEY)

/** Supabase when both of its variables are set; the embedded database otherwise. */
export function createGallerySource(settings: SourceSettings): GallerySource {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SECRET_KEY: secretKey } = settings
  if (url && anonKey && secretKey) {
    return createSupabaseGallerySource({
      url,
      anonKey,
      secretKey,
      imageTransformations: settings.SUPABASE_IMAGE_TRANSFORMATIONS,
    })
  }
  const bucketFolder = resolve(settings.GALLERY_BUCKET_DIR)
  return createEmbeddedGallerySource({
    database: async () => (await getEmbeddedDatabase(settings.DATA_DIR)).db,
    bucketListing: () => readBucketListing(bucketFolder, bundledBucketManifest),
    signal: state.stopping.signal,
  })
}

const state = processState('gallery', () => ({
  source: undefined as GallerySource | undefined,
  cache: undefined as GalleryCache | undefined,
  // Aborted on SIGTERM: a bucket sync under way stops after its current batch.
  stopping: new AbortController(),
}))

/**
 * The cache's timings from GALLERY_CACHE_TTL_MS (default 5 minutes): after a failed load the next
 * attempt waits 10 s, or the TTL when that is shorter.
 */
export const galleryCacheTimings = (ttlMs: number) => ({
  ttlMs,
  retryAfterMs: Math.min(10_000, ttlMs),
})

/** The process-wide gallery cache over the configured source. */
export function getGalleryCache(): GalleryCache {
  state.cache ??= createGalleryCache({
    ...galleryCacheTimings(getEnvironment().GALLERY_CACHE_TTL_MS),
    load: () => {
      state.source ??= createGallerySource(getEnvironment())
      return loadGallery(state.source)
    },
  })
  return state.cache
}

/**
 * The whole gallery list, for the server's own use (the browser gets a page of it, or a
 * category's few projects, with their photos' delivery): never throws. A page rendered with it may
 * be kept (page-cache.server.ts) only while the list is fresh, and not at all with the error state.
 */
export async function readGallery(): Promise<GalleryResult> {
  try {
    const { result, freshUntil } = await getGalleryCache().read()
    pageDataFreshUntil(freshUntil)
    return result
  } catch (error) {
    console.error('Gallery load failed:', error)
    pageDataFreshUntil(undefined)
    return { items: [], status: 'error' }
  }
}

/**
 * One page of a view, as the gallery page shows it: the page's projects and the view's totals,
 * never the whole list. Never throws (a failure is `status: 'error'`, as readGallery's).
 */
export async function readGalleryPage(view: GalleryView): Promise<GalleryPageResult> {
  const gallery = await readGallery()
  if (gallery.status === 'error')
    return { status: 'error', items: [], page: 1, pageCount: 1, total: 0 }
  const page = galleryPage(galleryViewsOf(gallery.items)(view), view.page)
  return withDelivery({ status: 'ok', ...page }, page.items)
}

/**
 * The open project of a view and its neighbours in the whole view (wrapping), so the viewer
 * steps through every page without the browser holding the list.
 */
export async function readGalleryProject(
  view: Omit<GalleryView, 'page'>,
  id: string,
): Promise<GalleryProjectResult> {
  const gallery = await readGallery()
  if (gallery.status === 'error') return { status: 'error' }
  const found = projectNeighbours(galleryViewsOf(gallery.items)(view), id)
  if (!found?.project) return { status: 'ok' }
  return withDelivery({ status: 'ok', ...found }, [found.project])
}

/**
 * A category's showcase (categoryShowcase) for service and location pages, with the delivery of
 * its photos only: a few projects, whatever the size of the gallery. Worked out once per list.
 */
export async function readCategoryShowcase(category: GalleryCategory): Promise<GalleryResult> {
  const gallery = await readGallery()
  if (gallery.status === 'error') return gallery
  let showcases = showcasesOfList.get(gallery.items)
  if (!showcases) {
    showcases = new Map()
    showcasesOfList.set(gallery.items, showcases)
  }
  let items = showcases.get(category)
  if (!items) {
    items = categoryShowcase(gallery.items, category)
    showcases.set(category, items)
  }
  return withDelivery({ ...gallery, items }, items)
}

const showcasesOfList = new WeakMap<GalleryItem[], Map<GalleryCategory, GalleryItem[]>>()

const withDelivery = <Result extends object>(result: Result, shown: GalleryItem[]) => {
  const images = state.source?.images()
  return images ? { ...result, images: deliveryFor(shown, images) } : result
}

/**
 * How this instance's gallery photos reach the browser (for /readyz): with Supabase, render URLs
 * or the uploaded variants, as its probe of a render URL settled (image-mode.server.ts); the
 * embedded site always serves its own variants.
 */
export function galleryImageMode(): ImageMode {
  const images = state.source?.images()
  if (images) return images.kind
  const environment = getEnvironment()
  return usesSupabase(environment)
    ? initialImageMode(environment.SUPABASE_IMAGE_TRANSFORMATIONS)
    : 'variants'
}

/**
 * For server start: opens the embedded database now (rejecting when another server holds its
 * data directory, so this one can refuse to start) and warms the cache.
 */
export async function startGallery(): Promise<void> {
  const environment = getEnvironment()
  if (!usesSupabase(environment)) await getEmbeddedDatabase(environment.DATA_DIR)
  await getGalleryCache().get()
}

/** The delivery, with only the listed photos that these items show (the page carries it). */
export function deliveryFor(
  items: GalleryItem[],
  images: GalleryImageDelivery,
): GalleryImageDelivery {
  if (images.kind !== 'variants' || images.photos === undefined) return images
  const listed = listedPhotos(images.photos)
  const shown = new Set(
    items.flatMap((item) =>
      [item.imageUrl, ...item.additionalImages].map((url) => galleryPhotoPath(url, images.baseUrl)),
    ),
  )
  const photos = [...shown].filter((path): path is string => path !== undefined && listed.has(path))
  return { ...images, photos }
}

/** The listing as a set, made once per listing: a page looks up its dozen photos in it. */
function listedPhotos(photos: readonly string[]): ReadonlySet<string> {
  let listed = listedPhotoSets.get(photos)
  if (!listed) {
    listed = new Set(photos)
    listedPhotoSets.set(photos, listed)
  }
  return listed
}

const listedPhotoSets = new WeakMap<readonly string[], ReadonlySet<string>>()

/** A photo of the embedded bucket folder; with Supabase the photos live in its Storage. */
export function serveEmbeddedBucketFile(path: string, request: Request): Promise<Response> {
  const environment = getEnvironment()
  if (usesSupabase(environment)) return Promise.resolve(imageNotFound())
  return serveImageFile(environment.GALLERY_BUCKET_DIR, path, request)
}

/** For shutdown (SIGTERM/SIGINT): closes the embedded database and releases its lock. */
export function stopGallery(): Promise<void> {
  state.stopping.abort()
  return closeEmbeddedDatabase()
}
