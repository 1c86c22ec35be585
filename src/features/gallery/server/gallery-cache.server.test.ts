import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { BucketSyncStoppedError } from '#src/server/db/embedded-bucket.server.ts'
import { createGalleryCache } from './gallery-cache.server'

const list = (...ids: string[]) => ids.map((id) => ({ id }) as GalleryItem)
const shown = async (cache: ReturnType<typeof createGalleryCache>) => {
  const { status, value } = await cache.read()
  const items = (value ?? []) as GalleryItem[]
  return { status, ids: items.map((item) => item.id) }
}
const deferred = () => {
  let resolve!: (items: GalleryItem[]) => void
  const promise = new Promise<GalleryItem[]>((done) => (resolve = done))
  return { promise, resolve }
}

const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => errors.mockClear())
/** The error lines written, parsed (each one JSON line). */
const errorLines = () => errors.mock.calls.map(([line]) => JSON.parse(String(line)) as unknown)

describe('createGalleryCache', () => {
  it('loads once, shares the load, and serves the list while it is fresh', async () => {
    const pending = deferred()
    const load = vi.fn(() => pending.promise)
    const cache = createGalleryCache(load, 60_000)
    const reads = Promise.all([cache.read(), cache.read(), cache.read()])
    pending.resolve(list('a'))
    expect((await reads).map((read) => read.value)).toEqual([list('a'), list('a'), list('a')])
    expect(await shown(cache)).toEqual({ status: 'ok', ids: ['a'] })
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.freshUntil()).toBeGreaterThan(Date.now() + 50_000)
  })

  it('serves a stale list at once, not fresh, while one reload runs in the background', async () => {
    const refresh = deferred()
    const load = vi.fn().mockResolvedValueOnce(list('a')).mockReturnValueOnce(refresh.promise)
    const cache = createGalleryCache(load, 100)
    await cache.read()
    await vi.waitFor(() => expect(cache.freshUntil()).toBeUndefined())
    expect(await shown(cache)).toEqual({ status: 'ok', ids: ['a'] })
    expect(await shown(cache)).toEqual({ status: 'ok', ids: ['a'] })
    expect(load).toHaveBeenCalledTimes(2)
    refresh.resolve(list('a', 'b'))
    await vi.waitFor(async () => expect((await shown(cache)).ids).toEqual(['a', 'b']))
    expect(cache.freshUntil()).toBeDefined()
  })

  it('keeps the last good list through a failed refresh, says so, and tries again later', async () => {
    const outage = new Error('backend down')
    const load = vi.fn().mockResolvedValueOnce(list('a')).mockRejectedValue(outage)
    const cache = createGalleryCache(load, 100)
    await cache.read()
    await vi.waitFor(() => expect(cache.freshUntil()).toBeUndefined())
    await cache.read()
    await vi.waitFor(() =>
      expect(errorLines()).toContainEqual(
        expect.objectContaining({
          level: 'error',
          event: 'gallery.refresh_failed',
          msg: 'Gallery refresh failed; still serving the last good list',
          error: 'Error: backend down',
          stack: expect.stringMatching(/^Error: backend down\n\s+at /),
        }),
      ),
    )
    expect(await shown(cache)).toEqual({ status: 'ok', ids: ['a'] })
    expect(cache.freshUntil()).toBeUndefined()
    // The retry waits its turn (here the TTL), then runs on the next page view.
    await vi.waitFor(async () => {
      await cache.read()
      expect(load).toHaveBeenCalledTimes(3)
    })
  })

  it('answers the error state when the first load fails, and the list once a retry succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(list('a'))
    const cache = createGalleryCache(load, 100)
    expect(await shown(cache)).toEqual({ status: 'error', ids: [] })
    expect(errorLines()).toContainEqual(
      expect.objectContaining({
        level: 'error',
        event: 'gallery.load_failed',
        error: 'Error: down',
      }),
    )
    expect(cache.freshUntil()).toBeUndefined()
    await vi.waitFor(async () => expect(await shown(cache)).toEqual({ status: 'ok', ids: ['a'] }))
  })

  it('does not report a load given up for the shutdown', async () => {
    const cache = createGalleryCache(() => Promise.reject(new BucketSyncStoppedError('stop')), 100)
    expect((await cache.read()).status).toBe('error')
    expect(errors).not.toHaveBeenCalled()
  })
})
