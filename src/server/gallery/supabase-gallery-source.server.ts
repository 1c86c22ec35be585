import { createClient, type PostgrestError } from '@supabase/supabase-js'
import { createGalleryImageUrls } from '~/features/gallery/storage-path'
import {
  type GallerySource,
  GallerySourceError,
  galleryTable,
  importGalleryFunction,
} from './gallery-source.server'

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

  return {
    kind: 'supabase',
    urls: createGalleryImageUrls(
      (bucket, path) => supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl,
      new URL(url).host,
    ),

    async readAll() {
      const { data, count, error, status } = await supabase
        .from(galleryTable)
        .select('*', { count: 'exact' })
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
