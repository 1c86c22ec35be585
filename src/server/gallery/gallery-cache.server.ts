import type { GalleryItem, GalleryResult } from '~/features/gallery/gallery-item'

export interface GalleryCacheOptions {
  load: () => Promise<GalleryItem[]>
  /** How long a loaded list counts as fresh; after that it is served while a reload runs. */
  ttlMs?: number
  /** After a failed load, how long to wait before the next attempt. */
  retryAfterMs?: number
  now?: () => number
  onError?: (error: unknown, context: { servingLastGood: boolean }) => void
}

export interface GalleryCache {
  /** The gallery; never rejects. */
  get(): Promise<GalleryResult>
  clear(): void
}

const reportFailure: NonNullable<GalleryCacheOptions['onError']> = (error, { servingLastGood }) =>
  console.error(
    servingLastGood
      ? 'Gallery refresh failed; still serving the last good list:'
      : 'Gallery load failed:',
    error,
  )

/**
 * Keeps the gallery in memory so page views do not each hit the database: stale-while-revalidate,
 * one load at a time, and the last good list kept through an outage.
 */
export function createGalleryCache({
  load,
  ttlMs = 5 * 60_000,
  retryAfterMs = 10_000,
  now = Date.now,
  onError = reportFailure,
}: GalleryCacheOptions): GalleryCache {
  let lastGood: { items: GalleryItem[]; loadedAt: number } | undefined
  let lastFailureAt: number | undefined
  let inFlight: Promise<void> | undefined

  const mayTryAgain = (at: number) =>
    lastFailureAt === undefined || at - lastFailureAt >= retryAfterMs

  function startLoad(): Promise<void> {
    if (inFlight) return inFlight
    const attempt = Promise.resolve()
      .then(load)
      .then(
        (items) => {
          lastGood = { items, loadedAt: now() }
          lastFailureAt = undefined
        },
        (error: unknown) => {
          lastFailureAt = now()
          onError(error, { servingLastGood: lastGood !== undefined })
        },
      )
      .finally(() => {
        inFlight = undefined
      })
    inFlight = attempt
    return attempt
  }

  const currentResult = (): GalleryResult =>
    lastGood ? { items: lastGood.items, status: 'ok' } : { items: [], status: 'error' }

  return {
    async get() {
      const at = now()
      if (lastGood) {
        if (at - lastGood.loadedAt >= ttlMs && mayTryAgain(at)) void startLoad()
        return currentResult()
      }
      if (inFlight || mayTryAgain(at)) await startLoad()
      return currentResult()
    },
    clear() {
      lastGood = undefined
      lastFailureAt = undefined
    },
  }
}
