import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type PostgrestStandIn,
  startPostgrestStandIn,
} from '../../../test/support/postgrest-stand-in'
import { createGalleryCache } from './gallery-cache.server'
import { GallerySourceError } from './gallery-source.server'
import { loadGallery } from './load-gallery.server'
import { createSupabaseGallerySource } from './supabase-gallery-source.server'

const row = (id: string, details: Record<string, unknown> = {}) => ({
  id,
  title: `Project ${id}`,
  description: null,
  category: 'kitchen',
  location: null,
  filename: `kitchen/${id}.webp`,
  additional_images: [],
  featured: false,
  created_at: '2025-02-03T04:05:06.789+00:00',
  order: 0,
  ...details,
})

let standIn: PostgrestStandIn | undefined

async function start(options: Parameters<typeof startPostgrestStandIn>[0] = {}) {
  standIn = await startPostgrestStandIn(options)
  const source = createSupabaseGallerySource({ url: standIn.url, anonKey: standIn.anonKey })
  return { standIn, source }
}

afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe('Supabase gallery source (real supabase-js, PostgREST stand-in)', () => {
  it('reads every row with an exact count and builds public URLs', async () => {
    const { standIn, source } = await start({ tables: { gallery_images: [] } })
    standIn.tables.gallery_images = [
      row('oak', {
        additional_images: [
          'gallery/kitchen/oak/detail-1.webp',
          `${standIn.url}/storage/v1/object/public/gallery/kitchen/oak/kept.webp`,
          'archive/2019/oak before.jpg',
        ],
      }),
      row('spa', { category: 'bathroom', location: 'Concord', featured: true, order: 3 }),
    ]

    expect(await source.readAll()).toMatchObject({ count: 2 })
    const items = await loadGallery(source)

    expect(items[0]).toEqual({
      id: 'oak',
      title: 'Project oak',
      description: '',
      category: 'kitchen',
      location: 'Toronto',
      imageUrl: `${standIn.url}/storage/v1/object/public/gallery/kitchen/oak.webp`,
      additionalImages: [
        `${standIn.url}/storage/v1/object/public/gallery/kitchen/oak/detail-1.webp`,
        `${standIn.url}/storage/v1/object/public/gallery/kitchen/oak/kept.webp`,
        `${standIn.url}/storage/v1/object/public/archive/2019/oak%20before.jpg`,
      ],
      featured: false,
      dateCreated: '2025-02-03T04:05:06.789Z',
      sortOrder: 0,
    })
    expect(items[1]).toMatchObject({ id: 'spa', location: 'Concord', featured: true, sortOrder: 3 })

    const [read] = standIn.requests
    expect(read).toMatchObject({ method: 'GET', path: '/rest/v1/gallery_images' })
    expect(read?.searchParams.get('select')).toBe('*')
    expect(read?.headers.prefer).toContain('count=exact')
    expect(read?.headers.apikey).toBe(standIn.anonKey)
    expect(read?.headers.authorization).toBe(`Bearer ${standIn.anonKey}`)
  })

  it('imports from storage when the table is empty, then reads again', async () => {
    const { standIn, source } = await start({
      tables: { gallery_images: [] },
      rpc: {
        import_gallery_images_from_storage: (_body, self) => {
          self.tables.gallery_images = [row('oak'), row('spa')]
          return 2
        },
      },
    })

    const items = await loadGallery(source)

    expect(items.map((item) => item.id)).toEqual(['oak', 'spa'])
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /rest/v1/gallery_images',
      'POST /rest/v1/rpc/import_gallery_images_from_storage',
      'GET /rest/v1/gallery_images',
    ])
    expect(JSON.parse(standIn.requests[1]?.body ?? '')).toEqual({})
  })

  it('turns a PostgREST error body into a GallerySourceError', async () => {
    const { standIn, source } = await start({ tables: { gallery_images: [] } })
    standIn.fail({
      status: 401,
      body: {
        code: '42501',
        message: 'permission denied for table gallery_images',
        details: null,
        hint: null,
      },
    })

    const failure = await source.readAll().catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(GallerySourceError)
    expect(failure).toMatchObject({
      source: 'supabase',
      code: '42501',
      status: 401,
      message:
        'Supabase select from gallery_images failed (HTTP 401): 42501 permission denied for table gallery_images',
    })
  })

  it('reports a missing import function and a non-count answer', async () => {
    const { standIn, source } = await start({
      tables: { gallery_images: [] },
      rpc: {},
    })
    await expect(source.importFromStorage()).rejects.toMatchObject({
      code: 'PGRST202',
      status: 404,
    })
    await standIn.close()

    const other = await startPostgrestStandIn({
      rpc: { import_gallery_images_from_storage: () => 'three' },
    })
    const odd = createSupabaseGallerySource({ url: other.url, anonKey: other.anonKey })
    await expect(odd.importFromStorage()).rejects.toThrow(/something other than a count/)
    await other.close()
  })

  it('fails fast through an outage (503 or connection refused), without retry delays', async () => {
    const { standIn, source } = await start({ tables: { gallery_images: [row('oak')] } })
    standIn.fail({ status: 503 })
    const started = performance.now()
    await expect(source.readAll()).rejects.toMatchObject({ code: 'PGRST002', status: 503 })
    expect(standIn.requests).toHaveLength(1)

    await standIn.close()
    await expect(source.readAll()).rejects.toBeInstanceOf(GallerySourceError)
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('keeps the last good gallery through an outage when cached', async () => {
    const { standIn, source } = await start({ tables: { gallery_images: [row('oak')] } })
    let time = 0
    const onError = vi.fn()
    const cache = createGalleryCache({
      load: () => loadGallery(source),
      ttlMs: 1_000,
      now: () => time,
      onError,
    })
    expect((await cache.get()).items.map((item) => item.id)).toEqual(['oak'])

    standIn.fail({ status: 503 })
    time += 1_000
    expect(await cache.get()).toMatchObject({ status: 'ok', items: [{ id: 'oak' }] })
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(GallerySourceError)
    expect(await cache.get()).toMatchObject({ status: 'ok', items: [{ id: 'oak' }] })
  })
})
