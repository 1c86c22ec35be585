import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite, PGliteInterface } from '@electric-sql/pglite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type BucketListing,
  BucketSyncStoppedError,
  bucketListingVersion,
  bucketManifestFile,
  bucketObjectsFromManifest,
  readBucketListing,
} from '#src/server/db/embedded-bucket.server.ts'
import { bundledBucketManifest } from '#src/server/db/embedded-sql.server.ts'
import { fixtureManifest } from '#test/support/gallery-fixtures.ts'
import { loadGallery } from '#test/support/load-gallery.ts'
import { openMigratedPglite } from '#test/support/supabase-schema.ts'
import { syncBucketObjects } from '#test/support/sync-bucket.ts'
import { createEmbeddedGallerySource } from './embedded-gallery-source.server'

// One migrated database with the fixture bucket listed but nothing imported (as photos that were
// in the bucket before the gallery followed it); each test a clone.
let template: PGlite
let db: PGliteInterface | undefined

beforeAll(async () => {
  template = await openMigratedPglite()
  await template.exec('alter table storage.objects disable trigger user')
  await syncBucketObjects(template, await bucketObjectsFromManifest(fixtureManifest))
  await template.exec('alter table storage.objects enable trigger user')
})
afterEach(async () => {
  vi.restoreAllMocks()
  await db?.close()
  db = undefined
})
afterAll(async () => {
  await template.close()
})

async function fresh() {
  db = await template.clone()
  const opened = db
  return { db: opened, source: createEmbeddedGallerySource({ database: async () => opened }) }
}

describe('embedded gallery source', () => {
  it('imports the bucket on the first read of an empty table and maps site-relative URLs', async () => {
    const { source } = await fresh()
    expect(await source.readAll()).toEqual([])

    const items = await loadGallery(source)

    expect(items).toHaveLength(fixtureManifest.length)
    const oak = items.find((item) => item.title === 'Modern Oak Galley')
    expect(oak).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Modern Oak Galley',
      description: 'A galley kitchen opened up with white oak and quartz.',
      category: 'kitchen',
      location: 'Richmond Hill',
      imageUrl: '/storage/v1/object/public/gallery/kitchen/modern-oak-galley.webp',
      additionalImages: [
        '/storage/v1/object/public/gallery/kitchen/modern-oak-galley/detail-1.webp',
        '/storage/v1/object/public/gallery/kitchen/modern-oak-galley/detail-2.webp',
      ],
      featured: true,
      dateCreated: '2025-03-14T15:00:00.000Z',
      sortOrder: 1,
    })
    expect(items.find((item) => item.category === 'commercial')).toMatchObject({
      title: 'Dental Clinic Reception',
      description: '',
      location: 'Toronto',
    })
    await source.importFromStorage()
    expect(await source.readAll()).toHaveLength(items.length)
  })

  it('reads as anon, so the grants and row-level security apply', async () => {
    const { db, source } = await fresh()
    await source.importFromStorage()
    await db.exec('drop policy "Gallery images are public" on public.gallery_images')
    expect(await source.readAll()).toEqual([])

    await db.exec('revoke select on public.gallery_images from anon')
    await expect(source.readAll()).rejects.toThrow(
      /^Embedded database select from gallery_images failed: permission denied/,
    )
  })

  it('imports every project of the shipped bucket, in all four categories', async () => {
    const { db, source } = await fresh()
    await syncBucketObjects(
      db,
      await bucketObjectsFromManifest(bundledBucketManifest() as unknown[]),
    )
    const items = await loadGallery(source)
    expect(items.length).toBeGreaterThanOrEqual(16)
    expect(new Set(items.map((item) => item.category))).toEqual(
      new Set(['kitchen', 'bathroom', 'commercial', 'carpentry']),
    )
    expect(items.some((item) => item.additionalImages.length > 0)).toBe(true)
    for (const item of items) {
      expect(item.imageUrl).toMatch(/^\/storage\/v1\/object\/public\/gallery\/[a-z]+\/[^/]+\.\w+$/)
    }
  })

  it('mirrors the bucket listing before each read: added photos appear, removed ones go', async () => {
    const { db } = await fresh()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let listing: unknown[] | undefined = fixtureManifest.filter(
      (entry) => entry.path !== 'kitchen/modern-oak-galley.webp',
    )
    const source = createEmbeddedGallerySource({
      database: async () => db,
      bucketListing: () => listing,
    })
    const titles = async () => (await loadGallery(source)).map((item) => item.title).sort()
    const withoutOak = await titles()
    expect(withoutOak).not.toContain('Modern Oak Galley')
    expect(withoutOak).toHaveLength(fixtureManifest.length - 1)

    listing = [
      ...fixtureManifest,
      { path: 'kitchen/new-walnut-kitchen.webp' },
      { title: 'no path' },
    ]
    expect(await titles()).toEqual(
      [...withoutOak, 'Modern Oak Galley', 'New Walnut Kitchen'].sort(),
    )
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/skipped manifest entry 5: path/))

    // An unreadable listing leaves the gallery as it is.
    listing = undefined
    expect(await titles()).toHaveLength(fixtureManifest.length + 1)

    listing = [{ path: 'kitchen/new-walnut-kitchen.webp' }]
    expect(await titles()).toEqual(['New Walnut Kitchen'])

    // Details the owner writes into the listing later reach the project.
    listing = [{ path: 'kitchen/new-walnut-kitchen.webp', title: 'Walnut and Brass Kitchen' }]
    expect(await titles()).toEqual(['Walnut and Brass Kitchen'])
  })

  it("reads the bucket folder's manifest.json again only once the file has changed", async () => {
    const { db } = await fresh()
    const folder = mkdtempSync(join(tmpdir(), 'embedded-bucket-'))
    const write = (listing: unknown) =>
      writeFileSync(join(folder, bucketManifestFile), JSON.stringify(listing))
    write(fixtureManifest)
    const read = vi.fn(() => readBucketListing(folder, () => []))
    const source = createEmbeddedGallerySource({
      database: async () => db,
      bucketListing: read,
      bucketVersion: () => bucketListingVersion(folder),
    })
    try {
      const titles = async () => (await loadGallery(source)).map((item) => item.title)
      expect(await titles()).toHaveLength(fixtureManifest.length)
      expect(await titles()).toHaveLength(fixtureManifest.length)
      expect(read).toHaveBeenCalledTimes(1)

      // Written anew, as `npm run gallery:import` replaces it: the next read mirrors it.
      write([{ path: 'kitchen/new-walnut-kitchen.webp', title: 'Walnut and Brass Kitchen' }])
      expect(await titles()).toEqual(['Walnut and Brass Kitchen'])
      expect(read).toHaveBeenCalledTimes(2)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('refuses a listing that names no project while the gallery has some, says so once, and empties it when asked', async () => {
    const { db } = await fresh()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let listing: BucketListing = fixtureManifest
    const source = createEmbeddedGallerySource({
      database: async () => db,
      bucketListing: () => listing,
    })
    const titles = async () => (await loadGallery(source)).map((item) => item.title).sort()
    const shown = await titles()
    const photos = (await bucketObjectsFromManifest(fixtureManifest)).length
    expect(shown).toHaveLength(fixtureManifest.length)

    listing = []
    expect(await titles()).toEqual(shown)
    listing = [{ title: 'an entry without a path' }]
    expect(await titles()).toEqual(shown)
    const refusals = warn.mock.calls.filter(([line]) => /lists no project/.test(String(line)))
    expect(refusals).toEqual([
      [
        `Embedded bucket: manifest.json lists no project, so the gallery keeps its ${photos} photo(s) rather than empty the site; to empty the gallery on purpose, write {"projects":[],"allowEmpty":true} in manifest.json (npm run gallery:import -- --allow-empty does it when the folder has no photo)`,
      ],
    ])

    listing = { projects: [], allowEmpty: true }
    expect(await loadGallery(source)).toEqual([])
  })

  it('stops a large mirror between two batches when the server stops, and the next one completes it', async () => {
    const { db } = await fresh()
    const stopping = new AbortController()
    const listing = Array.from({ length: 1_000 }, (_, index) => ({
      path: `kitchen/project-${String(index).padStart(4, '0')}.webp`,
    }))
    const info = vi.spyOn(console, 'info').mockImplementation((line: string) => {
      // The import is under way: stop it, as SIGTERM does.
      if (line.includes('mirroring manifest.json')) queueMicrotask(() => stopping.abort())
    })
    const stopped = createEmbeddedGallerySource({
      database: async () => db,
      bucketListing: () => listing,
      signal: stopping.signal,
    })
    await expect(stopped.readAll()).rejects.toThrow(BucketSyncStoppedError)
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(
        /stopped mirroring manifest\.json for the shutdown .* the next start carries on/,
      ),
    )
    const { rows } = await db.query<{ projects: number }>(
      'select count(*)::integer as projects from public.gallery_images',
    )
    expect(rows[0]?.projects).toBeLessThan(listing.length)

    const next = createEmbeddedGallerySource({
      database: async () => db,
      bucketListing: () => listing,
    })
    expect(await loadGallery(next)).toHaveLength(listing.length)
  })

  it('reports a database that cannot open as a source failure', async () => {
    const source = createEmbeddedGallerySource({
      database: () => Promise.reject(new Error('Another server is using the embedded database')),
    })
    await expect(source.readAll()).rejects.toThrow(
      'Embedded database select from gallery_images failed: Another server is using the embedded database',
    )
  })
})
