import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { type RejectedGalleryRow, toGalleryItems } from '#src/features/gallery/gallery-row.ts'
import { yieldToEventLoop } from '../db/embedded-bucket.server'
import type { GallerySource } from './gallery-source.server'

const mappedPerSlice = 250

const warnAboutRow = ({ id, reason }: RejectedGalleryRow) =>
  console.warn(`Skipped gallery row ${id ?? '(no id)'}: ${reason}`)

/**
 * Reads the gallery as the spec's read path does (section 7): all rows; when there are none,
 * import them from storage and read again. Malformed rows are reported and skipped.
 * Throws (GallerySourceError) when the source fails.
 */
export async function loadGallery(
  source: GallerySource,
  onRejected: (rejected: RejectedGalleryRow) => void = warnAboutRow,
): Promise<GalleryItem[]> {
  let { rows } = await source.readAll()
  if (rows.length === 0) {
    await source.importFromStorage()
    ;({ rows } = await source.readAll())
  }
  // A slice at a time, so a gallery of thousands of projects does not hold the server.
  const items: GalleryItem[] = []
  for (let start = 0; start < rows.length; start += mappedPerSlice) {
    if (start > 0) await yieldToEventLoop()
    items.push(
      ...toGalleryItems(rows.slice(start, start + mappedPerSlice), source.urls, onRejected),
    )
  }
  return items
}
