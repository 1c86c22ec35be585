import { describe, expect, it, vi } from 'vitest'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { createGalleryCache } from './gallery-cache.server'

const list = (...ids: string[]) => ids.map((id) => ({ id }) as GalleryItem)

const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(load: () => Promise<GalleryItem[]>) {
  let time = 0
  const onError = vi.fn()
  const cache = createGalleryCache({
    load,
    ttlMs: 1_000,
    retryAfterMs: 100,
    now: () => time,
    onError,
  })
  return { cache, onError, advance: (ms: number) => (time += ms) }
}

describe('createGalleryCache', () => {
  it('says until when the list it serves is fresh: never for a stale list or the error state', async () => {
    let fail = false
    const load = vi.fn(async () => {
      if (fail) throw new Error('down')
      return list('a')
    })
    const { cache, advance } = setup(load)
    expect(await cache.read()).toEqual({
      result: { items: list('a'), status: 'ok' },
      freshUntil: 1_000,
    })
    advance(999)
    expect((await cache.read()).freshUntil).toBe(1_000)
    advance(1)
    fail = true
    expect(await cache.read()).toEqual({
      result: { items: list('a'), status: 'ok' },
      freshUntil: undefined,
    })
    cache.clear()
    await flush()
    advance(100)
    expect(await cache.read()).toEqual({
      result: { items: [], status: 'error' },
      freshUntil: undefined,
    })
  })

  it('loads once and serves the cached list while it is fresh', async () => {
    const load = vi.fn(async () => list('a'))
    const { cache, advance } = setup(load)
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    advance(999)
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shares one load between concurrent callers', async () => {
    const pending = deferred<GalleryItem[]>()
    const load = vi.fn(() => pending.promise)
    const { cache } = setup(load)
    const results = Promise.all([cache.get(), cache.get(), cache.get()])
    pending.resolve(list('a'))
    expect(await results).toEqual(Array(3).fill({ items: list('a'), status: 'ok' }))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('serves the stale list at once and refreshes it in the background', async () => {
    const refreshed = deferred<GalleryItem[]>()
    const load = vi.fn().mockResolvedValueOnce(list('a')).mockReturnValueOnce(refreshed.promise)
    const { cache, advance } = setup(load)
    await cache.get()
    advance(1_000)
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    expect(load).toHaveBeenCalledTimes(2)
    refreshed.resolve(list('a', 'b'))
    await flush()
    expect(await cache.get()).toEqual({ items: list('a', 'b'), status: 'ok' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps serving the last good list while the source fails, and reports it', async () => {
    const outage = new Error('backend down')
    const load = vi.fn().mockResolvedValueOnce(list('a')).mockRejectedValue(outage)
    const { cache, advance, onError } = setup(load)
    await cache.get()
    advance(1_000)
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    await flush()
    expect(onError).toHaveBeenCalledWith(outage, { servingLastGood: true })
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
    expect(load).toHaveBeenCalledTimes(2)
    advance(100)
    await cache.get()
    await flush()
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('answers an empty error result when the first load fails, and retries later', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(list('a'))
    const { cache, advance, onError } = setup(load)
    expect(await cache.get()).toEqual({ items: [], status: 'error' })
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { servingLastGood: false })
    expect(await cache.get()).toEqual({ items: [], status: 'error' })
    expect(load).toHaveBeenCalledTimes(1)
    advance(100)
    expect(await cache.get()).toEqual({ items: list('a'), status: 'ok' })
  })

  it('survives a load that throws synchronously', async () => {
    const load = vi.fn(() => {
      throw new Error('sync failure')
    })
    const { cache, advance } = setup(load)
    expect(await cache.get()).toEqual({ items: [], status: 'error' })
    advance(100)
    expect(await cache.get()).toEqual({ items: [], status: 'error' })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
