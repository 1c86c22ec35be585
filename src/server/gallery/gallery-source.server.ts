import type { GalleryImageDelivery } from '#src/features/gallery/photo-variants.ts'
import type { GalleryImageUrls } from '#src/features/gallery/storage-path.ts'

export const galleryTable = 'gallery_images'
export const importGalleryFunction = 'import_gallery_images_from_storage'

export type GallerySourceKind = 'supabase' | 'embedded'

/** Where the gallery rows come from: Supabase in production, the embedded PGlite otherwise. */
export interface GallerySource {
  readonly kind: GallerySourceKind
  /** Builds the public URLs of the images a row names. */
  readonly urls: GalleryImageUrls
  /** How the photos' smaller variants are reached, as of the last read. */
  images(): GalleryImageDelivery
  /** Every row of gallery_images (unparsed) and the exact row count. */
  readAll(): Promise<{ rows: unknown[]; count: number }>
  /** Calls import_gallery_images_from_storage(); resolves to the number of rows it created. */
  importFromStorage(): Promise<number>
}

export class GallerySourceError extends Error {
  override name = 'GallerySourceError'
  readonly source: GallerySourceKind
  /** SQLSTATE or PostgREST error code, when the backend gave one. */
  readonly code: string | undefined
  /** HTTP status, for Supabase. */
  readonly status: number | undefined

  constructor(
    message: string,
    details: { source: GallerySourceKind; code?: string; status?: number; cause?: unknown },
  ) {
    super(message, { cause: details.cause })
    this.source = details.source
    this.code = details.code || undefined
    this.status = details.status
  }
}
