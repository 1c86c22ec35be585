import * as v from 'valibot'
import type { GalleryCategory, GalleryItem } from '#src/features/gallery/gallery-item.ts'
import type {
  GalleryPageResult,
  GalleryProjectResult,
  GalleryView,
} from '#src/features/gallery/gallery-pages.ts'
import { type RejectedGalleryRow, toGalleryItems } from '#src/features/gallery/gallery-row.ts'
import type { GalleryImageDelivery } from '#src/features/gallery/photo-variants.ts'
import type { GalleryImageUrls } from '#src/features/gallery/storage-path.ts'
import { yieldToEventLoop } from '#src/server/db/embedded-bucket.server.ts'

/** What public.gallery_view() is asked: a view, its page, and the open project if any. */
export interface GalleryViewQuestion extends GalleryView {
  project?: string | undefined
  pageSize: number
}

/** Where the gallery rows come from: Supabase in production, the embedded PGlite otherwise. */
export interface GallerySource {
  readonly urls: GalleryImageUrls
  /** How the photos of `shown` reach the browser, as of the last read. */
  images(shown: readonly GalleryItem[]): GalleryImageDelivery
  /** The answer of public.gallery_view(): a page of a view, its total, the open project. */
  view(question: GalleryViewQuestion): Promise<unknown>
  /** Every row (of one category), ordered by id. */
  readAll(category?: GalleryCategory): Promise<unknown[]>
  /** Every project's id, ordered. */
  readIds(): Promise<string[]>
  /** Runs import_gallery_images_from_storage(): rows for the photos in storage that have none. */
  importFromStorage(): Promise<void>
}

const warnAboutRow = ({ id, reason }: RejectedGalleryRow) =>
  console.warn(`Skipped gallery row ${id ?? '(no id)'}: ${reason}`)

const warnAboutFact = ({ id, reason }: { id: string; reason: string }) =>
  console.warn(`Gallery row ${id}: a project fact was left out: ${reason}`)

const itemsOf = (source: GallerySource, rows: readonly unknown[]) =>
  toGalleryItems(rows, source.urls, warnAboutRow, warnAboutFact)

/** Rows mapped to projects a slice at a time, so thousands of them do not hold the server. */
export async function toProjects(source: GallerySource, rows: readonly unknown[]) {
  const items: GalleryItem[] = []
  for (let start = 0; start < rows.length; start += 250) {
    if (start > 0) await yieldToEventLoop()
    items.push(...itemsOf(source, rows.slice(start, start + 250)))
  }
  return items
}

const row = v.nullish(v.unknown())
const viewAnswerSchema = v.object({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  page_count: v.pipe(v.number(), v.integer(), v.minValue(1)),
  items: v.array(v.unknown()),
  project: row,
  previous: row,
  next: row,
})

function viewAnswerOf(answer: unknown) {
  const parsed = v.safeParse(viewAnswerSchema, answer)
  if (parsed.success) return parsed.output
  throw new Error(
    `gallery_view answered with something other than a gallery view: ${v.summarize(parsed.issues)}`,
  )
}

/** A page of a view as gallery_view() answered it, its rows mapped to projects. */
export type GalleryViewAnswer = Omit<GalleryPageResult & GalleryProjectResult, 'status' | 'images'>

/**
 * A view's page, asked of the database. A new site's empty table is first filled from storage
 * (asked of the whole gallery, so a search that finds nothing does not scan the bucket).
 */
export async function askGalleryView(
  source: GallerySource,
  question: GalleryViewQuestion,
  onImported: () => void,
): Promise<GalleryViewAnswer> {
  let answer = viewAnswerOf(await source.view(question))
  if (answer.total === 0 && question.category === 'all' && question.q === '') {
    await source.importFromStorage()
    onImported()
    answer = viewAnswerOf(await source.view(question))
  }
  const [project, previous, next] = [answer.project, answer.previous, answer.next].map((row) =>
    row === null || row === undefined ? undefined : itemsOf(source, [row])[0],
  )
  const items = itemsOf(source, answer.items)
  return {
    items,
    page: answer.page,
    pageCount: answer.page_count,
    // Rows skipped as malformed are not counted as shown.
    total: answer.total - (answer.items.length - items.length),
    ...(project ? { project } : {}),
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
  }
}
