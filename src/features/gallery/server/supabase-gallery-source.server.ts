import { createClient, type PostgrestError } from '@supabase/supabase-js'
import * as v from 'valibot'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { galleryPhotoPath, photoVariantsBucket } from '#src/features/gallery/photo-variants.ts'
import { createGalleryImageUrls } from '#src/features/gallery/storage-path.ts'
import type { GallerySource } from './gallery-source.server'
import * as imageMode from './image-mode.server'

export function createSupabaseGallerySource({
  url,
  anonKey,
  secretKey,
  timeoutMs = 8_000,
  imageTransformations = 'auto',
}: {
  url: string
  anonKey: string
  /** Runs the import, which the publishable key may not. */
  secretKey: string
  timeoutMs?: number
  imageTransformations?: imageMode.ImageTransformationsSetting
}): GallerySource {
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // No retries (supabase-js waits 1 + 2 + 4 s): the cache serves the last good list and retries.
    db: { retry: false },
  }
  // A signal given to a query stays armed while its body is read, not only until the headers.
  const deadline = () => AbortSignal.timeout(timeoutMs)
  const supabase = createClient(url, anonKey, clientOptions)
  const privileged = createClient(url, secretKey, clientOptions)
  const publicUrl = (bucket: string, path: string) =>
    supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl

  const failure = (what: string, error: PostgrestError, status: number) =>
    new Error(
      `Supabase ${what} failed (HTTP ${status}): ${[error.code, error.message].filter((part) => part?.trim()).join(' ')}`,
      { cause: error },
    )

  const probe = imageMode.createImageModeProbe({
    setting: imageTransformations,
    probe: (photoPath) => imageMode.probeRenderUrl(url, photoPath),
  })
  let withVariants = new Set<string>()
  const listingUrl = publicUrl(photoVariantsBucket, imageMode.variantListingFile)
  async function readVariantListing(): Promise<Set<string>> {
    const response = await fetch(listingUrl, { signal: deadline() })
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel()
      return new Set() // nothing imported yet
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return new Set(
      Object.keys(v.parse(imageMode.variantListingSchema, await response.json()).photos),
    )
  }

  /** The listed photos that `shown` shows: a page carries a dozen, not the whole listing. */
  const listedPhotos = (shown: readonly GalleryItem[]) => [
    ...new Set(
      shown
        .flatMap((item) => [item.imageUrl, ...item.additionalImages])
        .map((photoUrl) => galleryPhotoPath(photoUrl, url))
        .filter((path): path is string => path !== undefined && withVariants.has(path)),
    ),
  ]

  // The probe asks for one of the rows' photos, and the listing matters only when photos are
  // not rendered. Both run in the background: a slow Storage must not hold the gallery.
  const settleImageMode = (rows: unknown[]) =>
    void probe
      .settle(imageMode.photoPathsOfRows(rows))
      .then(async (mode) => {
        if (mode === 'variants') withVariants = await readVariantListing()
      })
      .catch((error: unknown) =>
        console.warn(
          `The listing of photo variants (${photoVariantsBucket}/${imageMode.variantListingFile}) could not be read, the gallery keeps the one it had: ${error}`,
        ),
      )

  return {
    images: (shown) =>
      probe.mode() === 'render'
        ? { kind: 'render', baseUrl: url }
        : { kind: 'variants', baseUrl: url, photos: listedPhotos(shown) },
    urls: createGalleryImageUrls(publicUrl, new URL(url).host),

    async readAll(category) {
      let query = supabase.from('gallery_images').select('*')
      if (category) query = query.eq('category', category)
      const { data, error, status } = await query.order('id').abortSignal(deadline())
      if (error) {
        // Whatever failed may have changed the project too: ask again once it answers.
        probe.probeAgain()
        throw failure('select from gallery_images', error, status)
      }
      if (!Array.isArray(data))
        throw new Error(
          `Supabase select from gallery_images answered with something other than a list of rows (HTTP ${status})`,
        )
      settleImageMode(data)
      return data
    },

    async readIds() {
      const { data, error, status } = await supabase
        .from('gallery_images')
        .select('id')
        .order('id')
        .abortSignal(deadline())
      if (error) throw failure('select id from gallery_images', error, status)
      if (!Array.isArray(data))
        throw new Error(
          `Supabase select id from gallery_images answered with something other than a list of rows (HTTP ${status})`,
        )
      return data.map((row: { id: unknown }) => String(row.id))
    },

    async view(asked) {
      const { data, error, status } = await supabase
        .rpc('gallery_view', {
          view_category: asked.category,
          view_sort: asked.sort,
          view_q: asked.q,
          view_page: asked.page,
          open_project: asked.project ?? null,
          page_size: asked.pageSize,
        })
        .abortSignal(deadline())
      if (error) {
        probe.probeAgain()
        throw failure('rpc gallery_view', error, status)
      }
      const rows = (data as { items?: unknown } | null)?.items
      if (Array.isArray(rows)) settleImageMode(rows)
      return data
    },

    async importFromStorage() {
      const { error, status } = await privileged
        .rpc('import_gallery_images_from_storage')
        .abortSignal(deadline())
      if (error) throw failure('rpc import_gallery_images_from_storage', error, status)
    },
  }
}
