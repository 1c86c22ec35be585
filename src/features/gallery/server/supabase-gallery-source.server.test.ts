import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { galleryRow, uuidFor } from '#test/faults/gallery-rows.ts'
import { loadGallery } from '#test/support/load-gallery.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import {
  openPgliteSchemaDatabase,
  type SchemaDatabase,
  setGalleryRows,
} from '#test/support/supabase-schema.ts'
import { createGalleryCache } from './gallery-cache.server'
import { createSupabaseGallerySource } from './supabase-gallery-source.server'

let standIn: PostgrestStandIn | undefined
let schema: SchemaDatabase

beforeAll(async () => {
  schema = await openPgliteSchemaDatabase()
})
afterAll(() => schema?.close())
beforeEach(async () => {
  await setGalleryRows(schema.database, [])
  await schema.database.query("delete from storage.objects where bucket_id = 'gallery'")
})

async function start(rows: Record<string, unknown>[] = []) {
  await setGalleryRows(schema.database, rows)
  standIn = await startPostgrestStandIn({ database: schema.database })
  const source = createSupabaseGallerySource({
    url: standIn.url,
    anonKey: standIn.anonKey,
    secretKey: standIn.secretKey,
  })
  return { standIn, source }
}

/** The requests to the REST API (the image mode's probe and listing go to Storage). */
const databaseRequests = (standIn: PostgrestStandIn) =>
  standIn.requests.filter((r) => r.path.startsWith('/rest/')).map((r) => `${r.method} ${r.path}`)

afterEach(async () => {
  vi.restoreAllMocks()
  await standIn?.close()
  standIn = undefined
})

describe('Supabase gallery source (real supabase-js, PostgREST stand-in over Postgres)', () => {
  it('carries what a project was from the photo’s metadata; a bad fact edited into the table is left out with a warning', async () => {
    const { source } = await start()
    await schema.database.query(
      `insert into storage.objects (bucket_id, name, metadata, user_metadata)
       values ('gallery', 'kitchen/oak.webp', '{"mimetype":"image/webp"}', $1)`,
      [
        JSON.stringify({
          location: 'Aurora',
          scope: 'Full kitchen',
          weeks: '6',
          budgetFrom: 30000,
          budgetTo: 80000,
        }),
      ],
    )
    const [oak] = await loadGallery(source)
    expect(oak).toMatchObject({
      location: 'Aurora',
      facts: { scope: 'Full kitchen', weeks: 6, budget: { from: 30000, to: 80000 } },
    })

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await schema.database.query('update public.gallery_images set duration_weeks = 0')
    const [edited] = await loadGallery(source)
    expect(edited?.facts).toEqual({ scope: 'Full kitchen', budget: { from: 30000, to: 80000 } })
    expect(warn).toHaveBeenCalledWith(
      `Gallery row ${oak?.id}: a project fact was left out: duration_weeks must be at least 1`,
    )
  })

  it('reads every row and builds public URLs', async () => {
    const { standIn, source } = await start()
    await setGalleryRows(schema.database, [
      galleryRow('oak', {
        additional_images: [
          'gallery/kitchen/oak/detail-1.webp',
          `${standIn.url}/storage/v1/object/public/gallery/kitchen/oak/kept.webp`,
          'archive/2019/oak before.jpg',
        ],
      }),
      galleryRow('spa', { category: 'bathroom', location: 'Concord', featured: true, order: 3 }),
    ])

    expect(await source.readAll()).toHaveLength(2)
    const items = await loadGallery(source)

    expect(items.find((item) => item.id === uuidFor('oak'))).toEqual({
      id: uuidFor('oak'),
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
    expect(items.find((item) => item.id === uuidFor('spa'))).toMatchObject({
      location: 'Concord',
      featured: true,
      sortOrder: 3,
    })

    const [read] = standIn.requests
    expect(read).toMatchObject({ method: 'GET', path: '/rest/v1/gallery_images' })
    expect(read?.searchParams.get('select')).toBe('*')
    expect(read?.headers.apikey).toBe(standIn.anonKey)
    expect(read?.headers.authorization).toBe(`Bearer ${standIn.anonKey}`)
  })

  const uploadTwoPhotos = () =>
    schema.database.query(
      `insert into storage.objects (bucket_id, name, metadata) values
         ('gallery', 'kitchen/oak-galley.webp', '{"mimetype":"image/webp"}'),
         ('gallery', 'bathroom/spa-ensuite.webp', '{"mimetype":"image/webp"}')`,
    )

  it('shows photos uploaded to the bucket with no import call: the gallery follows the bucket', async () => {
    const { standIn, source } = await start()
    await uploadTwoPhotos()

    const items = await loadGallery(source)

    expect(items.map((item) => item.title).sort()).toEqual(['Oak Galley', 'Spa Ensuite'])
    expect(databaseRequests(standIn)).toEqual(['GET /rest/v1/gallery_images'])
  })

  it('imports from storage when the table is empty, then reads again', async () => {
    const { standIn, source } = await start()
    // Photos that were in the bucket before the gallery followed it.
    await schema.database.query('alter table storage.objects disable trigger user')
    try {
      await uploadTwoPhotos()
    } finally {
      await schema.database.query('alter table storage.objects enable trigger user')
    }

    const items = await loadGallery(source)

    expect(items.map((item) => item.title).sort()).toEqual(['Oak Galley', 'Spa Ensuite'])
    expect(databaseRequests(standIn)).toEqual([
      'GET /rest/v1/gallery_images',
      'POST /rest/v1/rpc/import_gallery_images_from_storage',
      'GET /rest/v1/gallery_images',
    ])
    const importCall = standIn.requests.find((request) => request.path.includes('/rpc/'))
    expect(JSON.parse(importCall?.body ?? '')).toEqual({})
    // The API roles may not run the import: the server runs it with the secret key.
    expect(importCall?.headers.apikey).toBe(standIn.secretKey)
  })

  it('reads as anon: row level security keeps the contact tables closed to the publishable key', async () => {
    const { standIn } = await start()
    const refused = await fetch(`${standIn.url}/rest/v1/contact_messages?select=*`, {
      headers: { apikey: standIn.anonKey },
    })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: '42501' })
    const rpc = await fetch(`${standIn.url}/rest/v1/rpc/consume_contact_rate_limit`, {
      method: 'POST',
      headers: { apikey: standIn.anonKey },
    })
    expect(rpc.ok).toBe(false)
  })

  it('turns a PostgREST error body into an error that says what failed', async () => {
    const { standIn, source } = await start()
    standIn.fail({
      status: 401,
      body: {
        code: '42501',
        message: 'permission denied for table gallery_images',
        details: null,
        hint: null,
      },
    })
    await expect(source.readAll()).rejects.toThrow(
      'Supabase select from gallery_images failed (HTTP 401): 42501 permission denied for table gallery_images',
    )
  })

  it('reports a failing import function', async () => {
    const { standIn, source } = await start()
    standIn.fail({
      status: 404,
      body: { code: 'PGRST202', message: 'Could not find the function', details: null, hint: null },
      path: /rpc/,
    })
    await expect(source.importFromStorage()).rejects.toThrow(
      'Supabase rpc import_gallery_images_from_storage failed (HTTP 404): PGRST202',
    )
  })

  it('fails fast through an outage (503 or connection refused), without retry delays', async () => {
    const { standIn, source } = await start([galleryRow('oak')])
    standIn.fail({ status: 503 })
    // Time stands still: a retry after a delay would never come, and the read would never settle.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] })
    await expect(source.readAll()).rejects.toThrow(/\(HTTP 503\): PGRST002/)
    expect(standIn.requests).toHaveLength(1)

    await standIn.close()
    await expect(source.readAll()).rejects.toThrow(/^Supabase select from gallery_images failed/)
  })

  it('with image transformations forced on, its photos are rendered by Supabase unless refused, and no listing is read', async () => {
    await setGalleryRows(schema.database, [galleryRow('oak')])
    standIn = await startPostgrestStandIn({ database: schema.database })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const source = createSupabaseGallerySource({
      url: standIn.url,
      anonKey: standIn.anonKey,
      secretKey: standIn.secretKey,
      imageTransformations: 'on',
    })
    await source.readAll()
    // The stand-in has no such object (404): no answer about the feature, so true stands.
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/inconclusive: HTTP 404/)),
    )
    expect(source.images([])).toEqual({ kind: 'render', baseUrl: standIn.url })
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/rest/v1/gallery_images',
      '/storage/v1/render/image/public/gallery/kitchen/oak.webp',
    ])
  })

  it('by default, probes one render URL and uses render URLs only when an image comes back', async () => {
    const storage = mkdtempSync(join(tmpdir(), 'supabase-source-render-'))
    try {
      mkdirSync(join(storage, 'gallery', 'kitchen'), { recursive: true })
      writeFileSync(
        join(storage, 'gallery', 'kitchen', 'oak.webp'),
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a6' } })
          .webp()
          .toBuffer(),
      )
      await setGalleryRows(schema.database, [galleryRow('oak')])
      standIn = await startPostgrestStandIn({ database: schema.database, storageDir: storage })
      vi.useFakeTimers({ toFake: ['Date'] })
      const info = vi.spyOn(console, 'info').mockImplementation(() => {})
      const source = createSupabaseGallerySource({
        url: standIn.url,
        anonKey: standIn.anonKey,
        secretKey: standIn.secretKey,
      })
      const renderPath = '/storage/v1/render/image/public/gallery/kitchen/oak.webp'
      const probes = () => standIn?.requests.filter((r) => r.path === renderPath).length

      await source.readAll()
      await vi.waitFor(() =>
        expect(source.images([])).toEqual({ kind: 'render', baseUrl: standIn?.url }),
      )
      expect(info).toHaveBeenCalledWith(
        expect.stringMatching(
          /"event":"gallery\.image_mode".*"msg":"Gallery images: render \(Supabase transformed kitchen\/oak\.webp/,
        ),
      )
      // Decided: the next loads ask nothing more until the recheck is due.
      await source.readAll()
      expect(probes()).toBe(1)

      // The owner turns transformations off (or the plan ends): the recheck sees the 403.
      standIn.setImageTransformations(false)
      vi.setSystemTime(Date.now() + 10 * 60_000)
      await source.readAll()
      await vi.waitFor(() =>
        expect(standIn?.requests.at(-1)?.path).toBe(
          '/storage/v1/object/public/gallery-variants/index.json',
        ),
      )
      expect(probes()).toBe(2)
      expect(source.images([])).toEqual({ kind: 'variants', baseUrl: standIn.url, photos: [] })
      expect(info).toHaveBeenLastCalledWith(
        expect.stringMatching(
          /"msg":"Gallery images: variants \(Supabase refused .*HTTP 403 FeatureNotEnabled/,
        ),
      )

      // A failed load makes the next good one ask again, at once.
      standIn.setImageTransformations(true)
      standIn.fail({ status: 503 })
      await expect(source.readAll()).rejects.toThrow(/^Supabase select from gallery_images failed/)
      standIn.fail(undefined)
      await source.readAll()
      await vi.waitFor(() =>
        expect(source.images([])).toEqual({ kind: 'render', baseUrl: standIn?.url }),
      )
      expect(probes()).toBe(3)
    } finally {
      vi.useRealTimers()
      rmSync(storage, { recursive: true, force: true })
    }
  })

  it('without them, reads which photos have uploaded variants along with the rows, and a page carries only its own', async () => {
    const storage = mkdtempSync(join(tmpdir(), 'supabase-source-storage-'))
    try {
      await setGalleryRows(schema.database, [
        galleryRow('oak', { additional_images: ['gallery/kitchen/oak/detail 1.webp'] }),
        galleryRow('spa', { category: 'bathroom' }),
      ])
      standIn = await startPostgrestStandIn({ database: schema.database, storageDir: storage })
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      vi.spyOn(console, 'info').mockImplementation(() => {})
      const source = createSupabaseGallerySource({
        url: standIn.url,
        anonKey: standIn.anonKey,
        secretKey: standIn.secretKey,
        imageTransformations: 'off',
      })
      const listingPath = '/storage/v1/object/public/gallery-variants/index.json'
      const listingReads = () => standIn?.requests.filter((r) => r.path === listingPath).length
      const withVariants = { kind: 'variants', baseUrl: standIn.url }

      // Before any import: no listing, so the photos show as they are.
      const items = await loadGallery(source)
      await vi.waitFor(() => expect(listingReads()).toBe(1))
      const oak = items.filter((item) => item.id === uuidFor('oak'))
      expect(source.images(items)).toEqual({ ...withVariants, photos: [] })

      mkdirSync(join(storage, 'gallery-variants'))
      const listing = join(storage, 'gallery-variants', 'index.json')
      const photos = ['kitchen/oak.webp', 'kitchen/oak/detail 1.webp', 'kitchen/deleted.webp']
      writeFileSync(
        listing,
        JSON.stringify({
          photos: Object.fromEntries(photos.map((path) => [path, { version: '"1"' }])),
        }),
      )
      await source.readAll()
      await vi.waitFor(() => expect(listingReads()).toBe(2))
      await vi.waitFor(() =>
        expect(source.images(oak)).toEqual({ ...withVariants, photos: photos.slice(0, 2) }),
      )
      expect(source.images(items)).toEqual({ ...withVariants, photos: photos.slice(0, 2) })

      // A listing it cannot read keeps the one it had, with a warning.
      writeFileSync(listing, '{"photos": "garbled"')
      await source.readAll()
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/gallery-variants\/index\.json/)),
      )
      expect(source.images(oak)).toEqual({ ...withVariants, photos: photos.slice(0, 2) })
    } finally {
      rmSync(storage, { recursive: true, force: true })
    }
  })

  it('keeps the last good gallery through an outage when cached', async () => {
    const { standIn, source } = await start([galleryRow('oak')])
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const cache = createGalleryCache(() => loadGallery(source), 200)
    const ids = async () => ((await cache.read()).value ?? []).map((item) => item.id)
    expect(await ids()).toEqual([uuidFor('oak')])

    standIn.fail({ status: 503 })
    await vi.waitFor(() => expect(cache.freshUntil()).toBeUndefined())
    expect(await ids()).toEqual([uuidFor('oak')])
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      level: 'error',
      event: 'gallery.refresh_failed',
      error: expect.stringMatching(/select from gallery_images failed \(HTTP 503\)/),
    })
    expect(await ids()).toEqual([uuidFor('oak')])
  })
})
