import { LRUCache } from 'lru-cache'
import { BucketSyncStoppedError } from '#src/server/db/embedded-bucket.server.ts'
import { consoleLogger, errorFields } from '#supabase/functions/_shared/log.ts'

/** What the cache answers for a key: the value loaded, or the error state. */
export interface GalleryAnswer<T> {
  value: T | undefined
  status: 'ok' | 'error'
  /** False for the error state and for a value kept through a failed refresh. */
  fresh: boolean
}

const errorState: GalleryAnswer<never> = { value: undefined, status: 'error', fresh: false }

/**
 * Answers of the gallery's database (a view's page, a showcase, the sitemap) by key, at most
 * `max` of them: each fresh for `ttlMs`, stale while one reload runs, kept through outages. The
 * same key asked again does not reach the database while its answer is kept.
 */
export function createGalleryCache<T extends object>(
  load: (key: string) => Promise<T>,
  ttlMs: number,
  max = 1_000,
) {
  let answers = newAnswers()
  function newAnswers() {
    return new LRUCache<string, GalleryAnswer<T>>({
      max,
      ttl: ttlMs,
      ignoreFetchAbort: true,
      allowStaleOnFetchAbort: true,
      fetchMethod: async (key, last, { options }) => {
        try {
          return { value: await load(key), status: 'ok', fresh: true }
        } catch (error) {
          // Error level: in Supabase mode /readyz stays ready through a Data API outage (it must
          // not take every instance out), so this line is the alert.
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
  }
  const kept = (key: string) => answers.peek(key, { allowStale: true })

  return {
    /**
     * Until when what a page would show now stays fresh: the soonest any kept fresh answer goes
     * stale (undefined when the last answer loaded was a failure, or none is fresh).
     */
    freshUntil(key?: string): number | undefined {
      const keys = key === undefined ? [...answers.keys()] : [key]
      let until = Number.POSITIVE_INFINITY
      for (const each of keys) {
        const answer = kept(each)
        const remaining = answers.getRemainingTTL(each)
        if (answer === undefined || remaining <= 0) continue
        if (!answer.fresh) return undefined
        until = Math.min(until, Date.now() + remaining)
      }
      return Number.isFinite(until) ? until : undefined
    },
    async read(key = ''): Promise<GalleryAnswer<T>> {
      const last = kept(key)
      const loaded = await answers.fetch(key, {
        // A good answer is served at once, stale or not; the error state waits for a due retry.
        allowStale: last?.status === 'ok',
        signal: AbortSignal.timeout(3_000),
      })
      return loaded ?? last ?? errorState
    },
    /** The gallery's data changed: every answer kept is out of date (loads under way finish). */
    clear() {
      answers = newAnswers()
    },
  }
}
