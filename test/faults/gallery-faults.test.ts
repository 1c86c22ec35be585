/**
 * Gallery faults below the HTTP server: the real supabase-js behind a proxy that breaks the
 * connection on demand, and the cache that keeps pages answering. The same faults against the
 * production server are in e2e/faults/gallery-faults.spec.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { createEmbeddedGallerySource } from '#src/features/gallery/server/embedded-gallery-source.server.ts'
import { createGalleryCache } from '#src/features/gallery/server/gallery-cache.server.ts'
import { createSupabaseGallerySource } from '#src/features/gallery/server/supabase-gallery-source.server.ts'
import { loadGallery } from '#test/support/load-gallery.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '../support/postgrest-stand-in'
import {
  openPgliteSchemaDatabase,
  type SchemaDatabase,
  setGalleryRows,
} from '../support/supabase-schema'
import { type FaultProxy, startFaultProxy } from './fault-proxy'
import { galleryRow, uuidFor } from './gallery-rows'

const list = (...ids: string[]) => ids.map((id) => ({ id }) as GalleryItem)

let standIn: PostgrestStandIn | undefined
let proxy: FaultProxy | undefined
let schema: SchemaDatabase
beforeAll(async () => {
  schema = await openPgliteSchemaDatabase()
})
afterAll(() => schema?.close())
afterEach(async () => {
  vi.restoreAllMocks()
  await proxy?.close()
  await standIn?.close()
  proxy = standIn = undefined
})

async function supabaseBehindProxy(timeoutMs = 1_000) {
  await setGalleryRows(schema.database, [
    galleryRow('oak', { title: 'A oak' }),
    galleryRow('spa', { category: 'bathroom', title: 'B spa' }),
  ])
  standIn = await startPostgrestStandIn({ database: schema.database })
  proxy = await startFaultProxy(standIn.url)
  const source = createSupabaseGallerySource({
    url: proxy.url,
    anonKey: standIn.anonKey,
    secretKey: standIn.secretKey,
    timeoutMs,
  })
  return { standIn, proxy, source }
}

/** Every `AbortSignal.timeout(ms)` the code asks for, each fired only when the test says so. */
function timeoutsInTheTestsHands() {
  const waits: { ms: number; timeUp(): void }[] = []
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const wait = new AbortController()
    const timeUp = () => wait.abort(new DOMException('signal timed out', 'TimeoutError'))
    waits.push({ ms, timeUp })
    return wait.signal
  })
  return waits
}

const failedRead = /^Error: Supabase select from gallery_images failed/

describe('gallery cache under a slow source', () => {
  it('answers the error state within 3 s when the first load is slow, then serves the list', async () => {
    // The page's wait, in the test's hands: each view's time-out fires when the test says so.
    const waits = timeoutsInTheTestsHands()
    const pastThePagesWait = async (view: Promise<unknown>) => {
      waits.at(-1)?.timeUp()
      return view
    }
    let finish: (items: GalleryItem[]) => void = () => {}
    const load = vi.fn(() => new Promise<GalleryItem[]>((resolve) => (finish = resolve)))
    const cache = createGalleryCache(load, 60_000)

    expect(await pastThePagesWait(cache.read())).toMatchObject({
      value: undefined,
      status: 'error',
    })
    expect(waits.map((wait) => wait.ms)).toEqual([3_000])
    // The load carries on: a page view meanwhile joins it instead of starting another.
    expect(await pastThePagesWait(cache.read())).toMatchObject({
      value: undefined,
      status: 'error',
    })
    expect(load).toHaveBeenCalledTimes(1)

    finish(list('a'))
    await vi.waitFor(async () =>
      expect(await cache.read()).toMatchObject({ value: list('a'), status: 'ok' }),
    )
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('Supabase gallery source behind a failing network (real supabase-js)', () => {
  it.each([
    ['refused connection', { kind: 'refuse' }],
    ['reset connection', { kind: 'reset' }],
    ['HTTP 503', { kind: 'status', status: 503 }],
  ] as const)('rejects, saying what failed, on a %s, before its time-out', async (_, fault) => {
    // Never fired: the fault alone must end the read.
    const waits = timeoutsInTheTestsHands()
    const { proxy, source } = await supabaseBehindProxy(800)
    await proxy.set(fault)
    expect(String(await source.readAll().catch((error: unknown) => error))).toMatch(failedRead)
    expect(waits.map((wait) => wait.ms)).toContain(800)
  })

  it.each([
    ['an answer that never comes', { kind: 'hang' }],
    ['a body that stalls after the headers', { kind: 'stall-body' }],
  ] as const)('rejects, saying what failed, on %s, once its time-out fires', async (_, fault) => {
    const waits = timeoutsInTheTestsHands()
    const { proxy, source } = await supabaseBehindProxy(800)
    await proxy.set(fault)
    let outcome: unknown = 'pending'
    const read = source.readAll().then(
      () => 'resolved',
      (error: unknown) => error,
    )
    void read.then((settled) => {
      outcome = settled
    })
    // The read is held where the fault holds it: no answer, or half a body.
    await vi.waitFor(() =>
      expect(proxy.seen.some((seen) => fault.kind === 'hang' || seen.stalled)).toBe(true),
    )
    expect(outcome).toBe('pending')
    expect(waits.map((wait) => wait.ms)).toContain(800)
    for (const wait of waits) wait.timeUp()
    expect(String(await read)).toMatch(failedRead)
  })

  it('refuses an answer that is not a list of rows', async () => {
    const { proxy, source } = await supabaseBehindProxy()
    await proxy.set({ kind: 'status', status: 200, body: { rows: 'not a list' } })
    await expect(source.readAll()).rejects.toThrow(/something other than a list of rows/)
  })

  it('skips malformed rows and keeps the rest', async () => {
    const { proxy, source } = await supabaseBehindProxy()
    // Rows the schema would never hold, as a broken or newer API might answer them.
    await proxy.set({
      kind: 'status',
      status: 200,
      body: [
        { ...galleryRow('oak'), id: 'oak' },
        { id: 'no-title', category: 'kitchen', filename: 'kitchen/x.webp' },
        null,
        'a string',
        { ...galleryRow('bad-date', { created_at: 'yesterday' }), id: 'bad-date' },
        { ...galleryRow('spa', { category: 'bathroom' }), id: 'spa' },
      ],
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const items = await loadGallery(source)
    expect(items.map((item) => item.id)).toEqual(['oak', 'spa'])
    const skipped = warn.mock.calls.map(([line]) =>
      String(line).match(/^Skipped gallery row (.+?):/),
    )
    expect(skipped.flatMap((match) => match?.[1] ?? [])).toEqual([
      'no-title',
      '(no id)',
      '(no id)',
      'bad-date',
    ])
  })

  it('through the cache: serves the last good list through an outage and recovers by itself', async () => {
    const { proxy, source } = await supabaseBehindProxy(500)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const cache = createGalleryCache(() => loadGallery(source), 200)
    const ids = async () => {
      const { status, value: items = [] } = await cache.read()
      return { status, ids: items.map((item) => item.id).sort() }
    }
    const both = [uuidFor('oak'), uuidFor('spa')].sort()
    expect(await ids()).toEqual({ status: 'ok', ids: both })

    await proxy.set({ kind: 'refuse' })
    await vi.waitFor(() => expect(cache.freshUntil()).toBeUndefined())
    // Stale: the refresh runs in the background and fails; the page keeps the list.
    expect(await ids()).toEqual({ status: 'ok', ids: both })
    await vi.waitFor(() => expect(proxy.seen.length).toBeGreaterThanOrEqual(1))
    expect(await ids()).toEqual({ status: 'ok', ids: both })

    await setGalleryRows(schema.database, [galleryRow('walnut', { category: 'carpentry' })])
    await proxy.set({ kind: 'pass' })
    // Time passes: the next refresh after the outage finds the source back, with the new row.
    await vi.waitFor(async () =>
      expect(await ids()).toEqual({ status: 'ok', ids: [uuidFor('walnut')] }),
    )
  })
})

describe('embedded gallery source when the database cannot open', () => {
  it('says why, even for the ErrnoError PGlite throws (not an Error)', async () => {
    const source = createEmbeddedGallerySource({
      database: () => Promise.reject({ name: 'ErrnoError', errno: 54 }),
    })
    await expect(source.readAll()).rejects.toThrow(
      "Embedded database select from gallery_images failed: { name: 'ErrnoError', errno: 54 }",
    )
  })
})
