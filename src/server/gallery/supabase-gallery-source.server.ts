import { setTimeout } from 'node:timers/promises'
import { createClient, type PostgrestError } from '@supabase/supabase-js'
import * as v from 'valibot'
import {
  type GalleryImageDelivery,
  photoVariantsBucket,
} from '#src/features/gallery/photo-variants.ts'
import { createGalleryImageUrls } from '#src/features/gallery/storage-path.ts'
import {
  type GallerySource,
  GallerySourceError,
  galleryTable,
  importGalleryFunction,
} from './gallery-source.server'
import {
  createImageModeProbe,
  type ImageMode,
  type ImageModeProbeOptions,
  type ImageTransformationsSetting,
  photoPathsOfRows,
  probeRenderUrl,
  variantListingFile,
  variantListingSchema,
} from './image-mode.server'

export interface SupabaseGallerySourceOptions {
  url: string
  anonKey: string
  /** Runs the import (`importFromStorage`), which the publishable key may not. */
  secretKey: string
  /**
   * Per-request limit (default 8 s), body included: a backend that sends its headers and then
   * stalls is cut off too (supabase-js's own timeout stops at the headers).
   */
  timeoutMs?: number
  /**
   * supabase-js retries failed GETs up to 3 times (1 + 2 + 4 s). Off by default: the gallery
   * cache already serves the last good list and retries later, and a page should not wait 7 s.
   */
  retry?: boolean
  /**
   * SUPABASE_IMAGE_TRANSFORMATIONS (default auto): whether the photos' sources may be Supabase's
   * render URLs, which the source settles by probing one (image-mode.server.ts). Otherwise they
   * are the variants `npm run gallery:import` uploaded, for the photos its listing names, and the
   * photo itself for the others.
   */
  imageTransformations?: ImageTransformationsSetting
  /** For tests: the probe's timings and its render request. */
  imageModeProbe?: Partial<Pick<ImageModeProbeOptions, 'probe' | 'recheckMs' | 'retryMs' | 'now'>>
  /** For tests: how long a gallery load waits for the image mode and the variants' listing. */
  imagesWaitMs?: number
  log?: Pick<Console, 'info' | 'warn' | 'error'>
}

const describeError = (error: PostgrestError) =>
  [error.code, error.message].filter((part) => part && part.trim() !== '').join(' ')

/** fetch whose abort signal stays armed until the body is read, not only until the headers. */
export function fetchWithDeadline(timeoutMs: number, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    return base(input, { ...init, signal })
  }
}

export function createSupabaseGallerySource({
  url,
  anonKey,
  secretKey,
  timeoutMs = 8_000,
  retry = false,
  imageTransformations = 'auto',
  imageModeProbe = {},
  imagesWaitMs = 0,
  log = console,
}: SupabaseGallerySourceOptions): GallerySource {
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: timeoutMs, retry },
    global: { fetch: fetchWithDeadline(timeoutMs) },
  }
  const supabase = createClient(url, anonKey, clientOptions)
  const privileged = createClient(url, secretKey, clientOptions)

  const failure = (what: string, error: PostgrestError, status: number) =>
    new GallerySourceError(`Supabase ${what} failed (HTTP ${status}): ${describeError(error)}`, {
      source: 'supabase',
      code: error.code,
      status,
      cause: error,
    })

  const imageMode = createImageModeProbe({
    setting: imageTransformations,
    probe: (photoPath) => probeRenderUrl(url, photoPath),
    log,
    ...imageModeProbe,
  })
  /** The photos with uploaded variants, as of the last listing read. */
  let photosWithVariants: readonly string[] = []
  const delivery = (mode: ImageMode): GalleryImageDelivery =>
    mode === 'render'
      ? { kind: 'render', baseUrl: url }
      : { kind: 'variants', baseUrl: url, photos: photosWithVariants }
  const listingUrl = supabase.storage.from(photoVariantsBucket).getPublicUrl(variantListingFile)
    .data.publicUrl
  const fetchListing = fetchWithDeadline(timeoutMs)

  /** The photos with uploaded variants; the last known ones when the listing cannot be read. */
  async function readVariantListing(): Promise<void> {
    try {
      const response = await fetchListing(listingUrl)
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel()
        photosWithVariants = []
        return
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const listing = v.parse(variantListingSchema, await response.json())
      photosWithVariants = Object.keys(listing.photos)
    } catch (error) {
      log.warn(
        `The listing of photo variants (${photoVariantsBucket}/${variantListingFile}) could not be read, the gallery keeps the one it had: ${error instanceof Error ? error.message : error}`,
      )
    }
  }

  return {
    kind: 'supabase',
    images: () => delivery(imageMode.mode()),
    urls: createGalleryImageUrls(
      (bucket, path) => supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl,
      new URL(url).host,
    ),

    async readAll() {
      const { data, count, error, status } = await supabase
        .from(galleryTable)
        .select('*', { count: 'exact' })
      if (error) {
        // Whatever failed may have changed the project too: ask again once it answers.
        imageMode.probeAgain()
        throw failure(`select from ${galleryTable}`, error, status)
      }
      const rows: unknown = data ?? []
      if (!Array.isArray(rows)) {
        throw new GallerySourceError(
          `Supabase select from ${galleryTable} answered with something other than a list of rows`,
          { source: 'supabase', status },
        )
      }
      // After the rows: the probe asks for one of their photos, and the listing matters only
      // when the photos are not rendered. Both go on in the background: a slow Storage must not
      // hold the gallery past its 3 s budget. Until they end, the photos are the variants already
      // listed or the photo itself, unless render URLs were forced on (pages ask for the mode
      // as they render).
      const imagesSettled = imageMode
        .settle(photoPathsOfRows(rows))
        .then((mode) => (mode === 'variants' ? readVariantListing() : undefined))
        .catch(() => undefined)
      if (imagesWaitMs > 0) await Promise.race([imagesSettled, setTimeout(imagesWaitMs)])
      return { rows, count: count ?? rows.length }
    },

    async importFromStorage() {
      const { data, error, status } = await privileged.rpc(importGalleryFunction)
      if (error) throw failure(`rpc ${importGalleryFunction}`, error, status)
      if (typeof data !== 'number' || !Number.isInteger(data)) {
        throw new GallerySourceError(
          `Supabase rpc ${importGalleryFunction} answered with something other than a count`,
          { source: 'supabase', status },
        )
      }
      return data
    },
  }
}
