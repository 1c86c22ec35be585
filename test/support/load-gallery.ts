import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import {
  type GallerySource,
  toProjects,
} from '#src/features/gallery/server/gallery-source.server.ts'

/**
 * Every project of a source, as the server loaded them before it asked the database for pages
 * (decision 048): an empty table is first filled from storage. The sources' tests read through it.
 */
export async function loadGallery(source: GallerySource): Promise<GalleryItem[]> {
  let rows = await source.readAll()
  if (rows.length === 0) {
    await source.importFromStorage()
    rows = await source.readAll()
  }
  return toProjects(source, rows)
}
