import { createClient, type PostgrestError } from '@supabase/supabase-js'
import * as v from 'valibot'
import { type GalleryImageDelivery, photoVariantsBucket } from '~/features/gallery/photo-variants'
import { createGalleryImageUrls } from '~/features/gallery/storage-path'
import {
  type GallerySource,
  GallerySourceError,
  galleryTable,
  importGalleryFunction,
} from './gallery-source.server'
import { variantListingFile, variantListingSchema } from './hosted-photo-variants.server'

export interface SupabaseGallerySourceOptions {
  url: string
  anonKey: string
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
   * Whether the project's Storage transforms images (paid plans): the photos' sources are then
   * its render URLs. Without, they are the variants `npm run gallery:import` uploaded, for the
   * photos its listing names. Default true.
   */
  imageTransformations?: boolean
  log?: Pick<Console, 'warn'>
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
  timeoutMs = 8_000,
  retry = false,
  imageTransformations = true,
  log = console,
}: SupabaseGallerySourceOptions): GallerySource {
  const supabase = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: timeoutMs, retry },
    global: { fetch: fetchWithDeadline(timeoutMs) },
  })

  const failure = (what: string, error: PostgrestError, status: number) =>
    new GallerySourceError(`Supabase ${what} failed (HTTP ${status}): ${describeError(error)}`, {
      source: 'supabase',
      code: error.code,
      status,
      cause: error,
    })

  let images: GalleryImageDelivery = imageTransformations
    ? { kind: 'render', baseUrl: url }
    : { kind: 'variants', baseUrl: url, photos: [] }
  const listingUrl = supabase.storage.from(photoVariantsBucket).getPublicUrl(variantListingFile)
    .data.publicUrl
  const fetchListing = fetchWithDeadline(timeoutMs)

  /** The photos with uploaded variants; the last known ones when the listing cannot be read. */
  async function readVariantListing(): Promise<void> {
    try {
      const response = await fetchListing(listingUrl)
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel()
        images = { kind: 'variants', baseUrl: url, photos: [] }
        return
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const listing = v.parse(variantListingSchema, await response.json())
      images = { kind: 'variants', baseUrl: url, photos: Object.keys(listing.photos) }
    } catch (error) {
      log.warn(
        `The listing of photo variants (${photoVariantsBucket}/${variantListingFile}) could not be read, the gallery keeps the one it had: ${error instanceof Error ? error.message : error}`,
      )
    }
  }

  return {
    kind: 'supabase',
    images: () => images,
    urls: createGalleryImageUrls(
      (bucket, path) => supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl,
      new URL(url).host,
    ),

    async readAll() {
      const [{ data, count, error, status }] = await Promise.all([
        supabase.from(galleryTable).select('*', { count: 'exact' }),
        imageTransformations ? undefined : readVariantListing(),
      ])
      if (error) throw failure(`select from ${galleryTable}`, error, status)
      const rows: unknown = data ?? []
      if (!Array.isArray(rows)) {
        throw new GallerySourceError(
          `Supabase select from ${galleryTable} answered with something other than a list of rows`,
          { source: 'supabase', status },
        )
      }
      return { rows, count: count ?? rows.length }
    },

    async importFromStorage() {
      const { data, error, status } = await supabase.rpc(importGalleryFunction)
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
