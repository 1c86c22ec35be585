import { resolve } from 'node:path'
import { locationCatalog } from '#src/content/locations.ts'
import type { GalleryCategory, GalleryResult } from '#src/features/gallery/gallery-item.ts'
import * as pages from '#src/features/gallery/gallery-pages.ts'
import * as views from '#src/features/gallery/gallery-view.ts'
import { sitemapXml } from '#src/features/navigation/sitemap-xml.ts'
import { readBucketListing } from '../db/embedded-bucket.server'
import { closeEmbeddedDatabase, getEmbeddedDatabase } from '../db/embedded-database.server'
import { bundledBucketManifest } from '../db/embedded-sql.server'
import { getEnvironment } from '../env.server'
import { pageDataFreshUntil } from '../page-cache.server'
import { processState } from '../process-state.server'
import { createEmbeddedGallerySource } from './embedded-gallery-source.server'
import { imageNotFound, serveImageFile } from './embedded-photo-variants.server'
import { createGalleryCache, derive, type GalleryList } from './gallery-cache.server'
import { type GallerySource, loadGallery } from './gallery-source.server'
import { createSupabaseGallerySource } from './supabase-gallery-source.server'

type View = Omit<pages.GalleryView, 'page'>

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
    signal: state.stopping.signal,
  })
}

const state = processState('gallery', () => ({
  current: undefined as ReturnType<typeof createGallery> | undefined,
  stopping: new AbortController(),
}))

function createGallery() {
  const source = createGallerySource()
  const cache = createGalleryCache(() => loadGallery(source), getEnvironment().GALLERY_CACHE_TTL_MS)
  return { source, cache }
}
const gallery = () => (state.current ??= createGallery())
export const galleryFreshUntil = () => gallery().cache.freshUntil()

/** The whole list; a page rendered with it may be kept (page-cache.server.ts) while it is fresh. */
async function readGallery(): Promise<GalleryList> {
  const list = await gallery().cache.read()
  pageDataFreshUntil(galleryFreshUntil())
  return list
}

/** A view of the list: the list in the sort's order (kept), filtered (which keeps the order). */
export const viewOf = (list: GalleryList, { category, sort, q }: View) =>
  derive(list, `view ${category} ${sort} ${q}`, () =>
    derive(list, `sorted ${sort}`, () =>
      views.selectGalleryView(list.items, { category: 'all', sort, q: '' }),
    ).filter(
      (item) =>
        (category === 'all' || item.category === category) && views.matchesGallerySearch(item, q),
    ),
  )

/** One page of a view (12 projects) with the view's totals, never the whole list. */
export async function readGalleryPage(view: pages.GalleryView): Promise<pages.GalleryPageResult> {
  const list = await readGallery()
  if (list.status === 'error')
    return { status: 'error', items: [], page: 1, pageCount: 1, total: 0 }
  const page = pages.galleryPage(viewOf(list, view), view.page)
  return { status: 'ok', ...page, images: gallery().source.images(page.items) }
}

export async function readGalleryProject(
  view: View,
  id: string,
): Promise<pages.GalleryProjectResult> {
  const list = await readGallery()
  if (list.status === 'error') return { status: 'error' }
  const found = pages.projectNeighbours(viewOf(list, view), id)
  return found?.project
    ? { status: 'ok', ...found, images: gallery().source.images([found.project]) }
    : { status: 'ok' }
}

/** The towns with area pages, whose own projects a category's showcase carries too. */
const serviceAreaTowns = Object.values(locationCatalog).map((location) => location.name)

export async function readCategoryShowcase(category: GalleryCategory): Promise<GalleryResult> {
  const list = await readGallery()
  if (list.status === 'error') return { items: [], status: 'error' }
  const items = derive(list, `showcase ${category}`, () =>
    views.categoryShowcase(list.items, category, serviceAreaTowns),
  )
  return { items, status: 'ok', images: gallery().source.images(items) }
}

/** The sitemap with every project's viewer URL, once per list; without the gallery, the pages. */
export async function gallerySitemapXml(siteUrl: string): Promise<string> {
  const list = await readGallery()
  if (list.status === 'error') return sitemapXml(siteUrl)
  const projects = () =>
    list.items.map((item) => `/gallery?${new URLSearchParams({ project: item.id })}`)
  return derive(list, `sitemap ${siteUrl}`, () => ({ xml: sitemapXml(siteUrl, projects()) })).xml
}

export const galleryImageMode = () => gallery().source.images([]).kind

/** Opens the embedded database (failing when another server holds it), then warms the cache. */
export async function startGallery(): Promise<void> {
  const { SUPABASE_URL, DATA_DIR } = getEnvironment()
  if (!SUPABASE_URL) await getEmbeddedDatabase(DATA_DIR)
  await gallery().cache.read()
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
