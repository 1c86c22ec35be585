import { LRUCache } from 'lru-cache'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { consoleLogger, errorFields } from '#supabase/functions/_shared/log.ts'
import { BucketSyncStoppedError } from '../db/embedded-bucket.server'

/** A loaded gallery (or the error state), and what pages worked out from it. */
export interface GalleryList {
  items: GalleryItem[]
  status: 'ok' | 'error'
  /** False for the error state and for a list kept through a failed refresh. */
  fresh: boolean
  derived: LRUCache<string, object, () => object>
}

const list = (items: GalleryItem[], status: GalleryList['status']): GalleryList => ({
  items,
  status,
  fresh: status === 'ok',
  derived: new LRUCache({ max: 64, memoMethod: (_, __, { context: make }) => make() }),
})
const errorState = list([], 'error')

/** Worked out once per list, while among its 64 most recent (visitors' searches are many). */
export const derive = <T extends object>(gallery: GalleryList, key: string, make: () => T) =>
  gallery.derived.memo(key, { context: make }) as T

/** The list in memory: fresh for `ttlMs`, stale while one reload runs, kept through outages. */
export function createGalleryCache(load: () => Promise<GalleryItem[]>, ttlMs: number) {
  const lists = new LRUCache<'gallery', GalleryList>({
    max: 1,
    ttl: ttlMs,
    ignoreFetchAbort: true,
    allowStaleOnFetchAbort: true,
    fetchMethod: async (_, last, { options }) => {
      try {
        return list(await load(), 'ok')
      } catch (error) {
        // Error level: in Supabase mode /readyz stays ready through a Data API outage (it must not
        // take every instance out), so this line is the alert.
        const kept = last?.status === 'ok'
        if (!(error instanceof BucketSyncStoppedError))
          consoleLogger.error(kept ? 'gallery.refresh_failed' : 'gallery.load_failed', {
            msg: kept
              ? 'Gallery refresh failed; still serving the last good list'
              : 'Gallery load failed',
            ...errorFields(error),
          })
        options.ttl = Math.min(10_000, ttlMs)
        return { ...(last ?? errorState), fresh: false }
      }
    },
  })
  const kept = () => lists.peek('gallery', { allowStale: true })

  return {
    /** Until when the list a page would show now stays fresh (undefined: stale or the error). */
    freshUntil(): number | undefined {
      const remaining = lists.getRemainingTTL('gallery')
      return kept()?.fresh && remaining > 0 ? Date.now() + remaining : undefined
    },
    async read(): Promise<GalleryList> {
      const last = kept()
      const loaded = await lists.fetch('gallery', {
        // A good list is served at once, stale or not; the error state waits for a due retry.
        allowStale: last?.status === 'ok',
        signal: AbortSignal.timeout(3_000),
      })
      return loaded ?? last ?? errorState
    },
  }
}
