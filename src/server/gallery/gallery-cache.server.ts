import type { GalleryItem, GalleryResult } from '#src/features/gallery/gallery-item.ts'

export interface GalleryCacheOptions {
  load: () => Promise<GalleryItem[]>
  /** How long a loaded list counts as fresh; after that it is served while a reload runs. */
  ttlMs?: number
  /** After a failed load, how long to wait before the next attempt. */
  retryAfterMs?: number
  /**
   * With no list yet, how long a page waits for the first load (default 3 s). Past it the page
   * gets the error state and the load carries on, so the next page view gets the list: a slow
   * database never holds a page.
   */
  waitMs?: number
  /**
   * A load still unsettled after this long (default 30 s) counts as failed and its late result is
   * ignored, so a hung source cannot block every later reload.
   */
  loadTimeoutMs?: number
  now?: () => number
  onError?: (error: unknown, context: { servingLastGood: boolean }) => void
}

export interface GalleryCache {
  /** The gallery; never rejects. */
  get(): Promise<GalleryResult>
  /**
   * The gallery, and until when it counts as fresh: undefined for the error state or a list past
   * its TTL (served while a reload runs). A copy of a page showing it must not outlive that.
   */
  read(): Promise<{ result: GalleryResult; freshUntil: number | undefined }>
  /**
   * Until when the list a page would show now counts as fresh, without loading: undefined when a
   * page would show the error state or a stale list. For the Cache-Control of such pages.
   */
  freshUntil(): number | undefined
  clear(): void
}

/**
 * A load given up because the server is stopping (its source said why already): not a failure
 * to report, and nothing to retry in this process.
 */
export class GalleryLoadStoppedError extends Error {
  override name = 'GalleryLoadStoppedError'
}

const reportFailure: NonNullable<GalleryCacheOptions['onError']> = (error, { servingLastGood }) =>
  error instanceof GalleryLoadStoppedError ||
  console.error(
    servingLastGood
      ? 'Gallery refresh failed; still serving the last good list:'
      : 'Gallery load failed:',
    error,
  )

export class GalleryLoadTimeoutError extends Error {
  override name = 'GalleryLoadTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`The gallery source did not answer within ${timeoutMs} ms`)
  }
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
    timer.unref?.()
  })
  return Promise.race([promise.then(noop, noop), elapsed]).finally(() => clearTimeout(timer))
}

const noop = () => {}

/**
 * Keeps the gallery in memory so page views do not each hit the database: stale-while-revalidate,
 * one load at a time, the last good list kept through an outage, pages never held longer than
 * `waitMs`, and a hung load given up after `loadTimeoutMs`.
 */
export function createGalleryCache({
  load,
  ttlMs = 5 * 60_000,
  retryAfterMs = 10_000,
  waitMs = 3_000,
  loadTimeoutMs = 30_000,
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
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GalleryLoadTimeoutError(loadTimeoutMs)), loadTimeoutMs)
      timer.unref?.()
    })
    const attempt = Promise.race([Promise.resolve().then(load), deadline])
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
        clearTimeout(timer)
        inFlight = undefined
      })
    inFlight = attempt
    return attempt
  }

  const current = (): { result: GalleryResult; freshUntil: number | undefined } => {
    if (!lastGood) return { result: { items: [], status: 'error' }, freshUntil: undefined }
    const freshUntil = lastGood.loadedAt + ttlMs
    return {
      result: { items: lastGood.items, status: 'ok' },
      freshUntil: now() < freshUntil ? freshUntil : undefined,
    }
  }

  async function read() {
    const at = now()
    if (lastGood) {
      if (at - lastGood.loadedAt >= ttlMs && mayTryAgain(at)) void startLoad()
      return current()
    }
    if (inFlight || mayTryAgain(at)) await waitAtMost(startLoad(), waitMs)
    return current()
  }

  return {
    read,
    async get() {
      return (await read()).result
    },
    freshUntil: () => current().freshUntil,
    clear() {
      lastGood = undefined
      lastFailureAt = undefined
    },
  }
}
