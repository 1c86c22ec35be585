import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fixtureManifest } from '#test/support/gallery-fixtures.ts'
import { bucketObjectsFromManifest, readBucketListing } from './embedded-bucket.server'

describe('bucketObjectsFromManifest', () => {
  it('lists each project image with its details and each additional image once', async () => {
    const objects = await bucketObjectsFromManifest(fixtureManifest)
    expect(objects.map((object) => object.name)).toEqual([
      'kitchen/modern-oak-galley.webp',
      'kitchen/modern-oak-galley/detail-1.webp',
      'kitchen/modern-oak-galley/detail-2.webp',
      'bathroom/spa-ensuite.webp',
      'bathroom/spa-ensuite/detail-1.webp',
      'commercial/dental-clinic-reception.webp',
      'carpentry/walnut-built-ins.webp',
      'carpentry/walnut-built-ins/detail-1.webp',
    ])
    expect(objects[0]).toEqual({
      name: 'kitchen/modern-oak-galley.webp',
      metadata: { mimetype: 'image/webp' },
      user_metadata: {
        title: 'Modern Oak Galley',
        description: 'A galley kitchen opened up with white oak and quartz.',
        location: 'Richmond Hill',
        featured: true,
        order: 1,
        createdAt: '2025-03-14T15:00:00.000Z',
      },
    })
    expect(objects[1]?.user_metadata).toBeNull()
  })

  it('skips entries without a valid path, keeps the valid details of the others, saying why', async () => {
    const onInvalid = vi.fn()
    const objects = await bucketObjectsFromManifest(
      [
        { path: '../etc/passwd' },
        { title: 'no path' },
        { path: 'kitchen/a.JPG', featured: 'yes', title: 'Kept', additional: 'kitchen/a/1.jpg' },
        { path: 'bathroom/b.png' },
      ],
      onInvalid,
    )
    expect(objects).toEqual([
      {
        name: 'kitchen/a.JPG',
        metadata: { mimetype: 'image/jpeg' },
        user_metadata: { title: 'Kept' },
      },
      { name: 'bathroom/b.png', metadata: { mimetype: 'image/png' }, user_metadata: {} },
    ])
    expect(onInvalid.mock.calls.map(([index]) => index)).toEqual([0, 1, 2])
  })
})

describe('readBucketListing', () => {
  afterEach(() => vi.restoreAllMocks())
  const withManifest = (text: string | undefined, read: (folder: string) => void) => {
    const folder = mkdtempSync(join(tmpdir(), 'bucket-listing-'))
    try {
      if (text !== undefined) writeFileSync(join(folder, 'manifest.json'), text)
      read(folder)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }

  it('reads a list, the explicit empty gallery, or the bundled listing when there is no file', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    withManifest('[{"path":"kitchen/a.webp"}]', (folder) =>
      expect(readBucketListing(folder, () => [])).toEqual([{ path: 'kitchen/a.webp' }]),
    )
    withManifest('[]', (folder) => expect(readBucketListing(folder, () => [])).toEqual([]))
    withManifest('{ "projects": [], "allowEmpty": true }', (folder) =>
      expect(readBucketListing(folder, () => [])).toEqual({
        projects: [],
        allowEmpty: true,
      }),
    )
    withManifest(undefined, (folder) =>
      expect(readBucketListing(folder, () => fixtureManifest)).toBe(fixtureManifest),
    )
    expect(warn).not.toHaveBeenCalled()
  })

  it('leaves the gallery as it is, with a warning, for anything else', () => {
    for (const text of ['{ "projects": [] }', '{ "allowEmpty": true, "projects": [{}] }', '[']) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      withManifest(text, (folder) => expect(readBucketListing(folder, () => [])).toBe(undefined))
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/the gallery stays as it is/))
    }
  })
})

describe('a listing longer than a slice', () => {
  it('keeps a project’s own entry over a further photo of the same name, and counts entries across slices', async () => {
    const manifest = [
      ...Array.from({ length: 300 }, (_, index) => ({ path: `kitchen/p${index}.webp` })),
      ...fixtureManifest,
      { path: 'kitchen/modern-oak-galley/detail-1.webp', title: 'Its own project after all' },
      { title: 'no path' },
    ]
    const onInvalid = vi.fn()
    const objects = await bucketObjectsFromManifest(manifest, onInvalid)
    expect(
      objects.find((object) => object.name === 'kitchen/modern-oak-galley/detail-1.webp'),
    ).toMatchObject({
      user_metadata: { title: 'Its own project after all' },
    })
    expect(objects).toHaveLength(308)
    expect(onInvalid).toHaveBeenCalledWith(manifest.length - 1, expect.any(String))
  })
})
