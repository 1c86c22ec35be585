import { resolve } from 'node:path'
import { locationCatalog } from '#src/content/locations.ts'
import type { GalleryCategory, GalleryItem } from '#src/features/gallery/gallery-item.ts'
import * as pages from '#src/features/gallery/gallery-pages.ts'
import { gallerySearchDefaults } from '#src/features/gallery/gallery-search.ts'
import * as views from '#src/features/gallery/gallery-view.ts'
import { bucketListingVersion, readBucketListing } from '#src/server/db/embedded-bucket.server.ts'
import {
  closeEmbeddedDatabase,
  getEmbeddedDatabase,
} from '#src/server/db/embedded-database.server.ts'
import { bundledBucketManifest } from '#src/server/db/embedded-sql.server.ts'
import { getEnvironment } from '#src/server/env.server.ts'
import { pageDataFreshUntil } from '#src/server/page-cache.server.ts'
import { processState } from '#src/server/process-state.server.ts'
import { createEmbeddedGallerySource } from './embedded-gallery-source.server'
import { imageNotFound, serveImageFile } from './embedded-photo-variants.server'
import { createGalleryCache, type GalleryAnswer } from './gallery-cache.server'
import {
  askGalleryView,
  type GallerySource,
  type GalleryViewAnswer,
  toProjects,
} from './gallery-source.server'
import { createSupabaseGallerySource } from './supabase-gallery-source.server'

export function createGallerySource(env = getEnvironment()): GallerySource {
  if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY && env.SUPABASE_SECRET_KEY) {
    return createSupabaseGallerySource({
      url: env.SUPABASE_URL,
      anonKey: env.SUPABASE_ANON_KEY,
      secretKey: env.SUPABASE_SECRET_KEY,
      imageTransformations: env.SUPABASE_IMAGE_TRANSFORMATIONS,
    })
  }
  return createEmbeddedGallerySource({
    database: async () => (await getEmbeddedDatabase(env.DATA_DIR)).db,
    bucketListing: () => readBucketListing(resolve(env.GALLERY_BUCKET_DIR), bundledBucketManifest),
    bucketVersion: () => bucketListingVersion(resolve(env.GALLERY_BUCKET_DIR)),
    signal: state.stopping.signal,
    onChange: () => state.current?.answers.clear(),
  })
}

const state = processState('gallery', () => ({
  current: undefined as ReturnType<typeof createGallery> | undefined,
  stopping: new AbortController(),
}))

type Answer = GalleryViewAnswer | { showcase: GalleryItem[] } | { paths: string[] }

/** What the gallery's pages ask, by key: the database answers each once while it is kept. */
function createGallery() {
  const source = createGallerySource()
  const ask = (key: string): Promise<Answer> => {
    const question = JSON.parse(key) as Question
    if (question.kind === 'view')
      return askGalleryView(source, { ...question.view, pageSize: pages.galleryPageSize }, () =>
        gallery().answers.clear(),
      )
    if (question.kind === 'showcase')
      return showcaseOf(source, question.category).then((showcase) => ({ showcase }))
    return source.readIds().then((ids) => ({ paths: ids.map(projectPath) }))
  }
  const answers = createGalleryCache(ask, getEnvironment().GALLERY_CACHE_TTL_MS)
  return { source, answers }
}
const gallery = () => (state.current ??= createGallery())
export const galleryFreshUntil = () => gallery().answers.freshUntil()

type Question =
  | { kind: 'view'; view: pages.GalleryView & { project?: string } }
  | { kind: 'showcase'; category: GalleryCategory }
  | { kind: 'sitemap' }

/** An answer; a page rendered with it may be kept (page-cache.server.ts) while it is fresh. */
async function read<T extends Answer>(question: Question) {
  const key = JSON.stringify(question)
  const answer = await gallery().answers.read(key)
  pageDataFreshUntil(gallery().answers.freshUntil(key))
  return answer as GalleryAnswer<T>
}

const viewKey = ({ category, sort, q }: Omit<pages.GalleryView, 'page'>) => ({ category, sort, q })

/** One page of a view (12 projects) with the view's totals, never the whole list. */
export async function readGalleryPage(view: pages.GalleryView): Promise<pages.GalleryPageResult> {
  const { value } = await read<GalleryViewAnswer>({
    kind: 'view',
    view: { ...viewKey(view), page: view.page },
  })
  if (!value) return { status: 'error', items: [], page: 1, pageCount: 1, total: 0 }
  const { items, page, pageCount, total } = value
  return { status: 'ok', items, page, pageCount, total, images: gallery().source.images(items) }
}

export async function readGalleryProject(
  view: Omit<pages.GalleryView, 'page'>,
  id: string,
): Promise<pages.GalleryProjectResult> {
  const { value } = await read<GalleryViewAnswer>({
    kind: 'view',
    view: { ...viewKey(view), page: 1, project: id },
  })
  if (!value) return { status: 'error' }
  const { items, page, pageCount, total, ...open } = value
  if (!open.project) return { status: 'ok' }
  return { status: 'ok', ...open, images: gallery().source.images([open.project]) }
}

/** The towns with area pages, whose own projects a category's showcase carries too. */
const serviceAreaTowns = Object.values(locationCatalog).map((location) => location.name)

/** A category's showcase from that category's rows (read in id order, as the list was). */
async function showcaseOf(source: GallerySource, category: GalleryCategory) {
  const items = await toProjects(source, await source.readAll(category))
  return views.categoryShowcase(items, category, serviceAreaTowns)
}

export async function readCategoryShowcase(
  category: GalleryCategory,
): Promise<pages.GalleryShowcaseResult> {
  const { value } = await read<{ showcase: GalleryItem[] }>({ kind: 'showcase', category })
  if (!value) return { items: [], status: 'error' }
  const items = value.showcase
  return { items, status: 'ok', images: gallery().source.images(items) }
}

const projectPath = (id: string) => `/gallery?${new URLSearchParams({ project: id })}`

/** Every project's viewer URL, for the sitemap (from their ids alone); none without the gallery. */
export async function gallerySitemapPaths(): Promise<string[]> {
  const { value } = await read<{ paths: string[] }>({ kind: 'sitemap' })
  return value?.paths ?? []
}

export const galleryImageMode = () => gallery().source.images([]).kind

/** Opens the embedded database (failing when another server holds it), then warms the cache. */
export async function startGallery(): Promise<void> {
  const { SUPABASE_URL, DATA_DIR } = getEnvironment()
  if (!SUPABASE_URL) await getEmbeddedDatabase(DATA_DIR)
  await readGalleryPage(gallerySearchDefaults)
}

export async function serveEmbeddedBucketFile(path: string, request: Request): Promise<Response> {
  const { SUPABASE_URL, GALLERY_BUCKET_DIR } = getEnvironment()
  return SUPABASE_URL ? imageNotFound() : serveImageFile(GALLERY_BUCKET_DIR, path, request)
}

/** At SIGTERM, before the drain: a bucket sync under way stops after its current batch. */
export const stopGalleryImport = () => state.stopping.abort()

export function stopGallery(): Promise<void> {
  stopGalleryImport()
  return closeEmbeddedDatabase()
}
