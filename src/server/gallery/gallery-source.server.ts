import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { type RejectedGalleryRow, toGalleryItems } from '#src/features/gallery/gallery-row.ts'
import type { GalleryImageDelivery } from '#src/features/gallery/photo-variants.ts'
import type { GalleryImageUrls } from '#src/features/gallery/storage-path.ts'
import { yieldToEventLoop } from '../db/embedded-bucket.server'

/** Where the gallery rows come from: Supabase in production, the embedded PGlite otherwise. */
export interface GallerySource {
  readonly urls: GalleryImageUrls
  /** How the photos of `shown` reach the browser, as of the last read. */
  images(shown: readonly GalleryItem[]): GalleryImageDelivery
  readAll(): Promise<unknown[]>
  /** Runs import_gallery_images_from_storage(): rows for the photos in storage that have none. */
  importFromStorage(): Promise<void>
}

const warnAboutRow = ({ id, reason }: RejectedGalleryRow) =>
  console.warn(`Skipped gallery row ${id ?? '(no id)'}: ${reason}`)

const warnAboutFact = ({ id, reason }: { id: string; reason: string }) =>
  console.warn(`Gallery row ${id}: a project fact was left out: ${reason}`)

/** Every project; an empty table is first filled from storage, so a new site shows its bucket. */
export async function loadGallery(source: GallerySource): Promise<GalleryItem[]> {
  let rows = await source.readAll()
  if (rows.length === 0) {
    await source.importFromStorage()
    rows = await source.readAll()
  }
  // A slice at a time, so mapping thousands of projects does not hold the server.
  const items: GalleryItem[] = []
  for (let start = 0; start < rows.length; start += 250) {
    if (start > 0) await yieldToEventLoop()
    items.push(
      ...toGalleryItems(rows.slice(start, start + 250), source.urls, warnAboutRow, warnAboutFact),
    )
  }
  return items
}
