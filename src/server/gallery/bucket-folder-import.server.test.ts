import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readBucketListing } from '../db/embedded-bucket.server'
import { planBucketFolderImport, writeBucketListing } from './bucket-folder-import.server'

let folder: string
const put = (path: string, text = 'photo') => {
  mkdirSync(dirname(join(folder, path)), { recursive: true })
  writeFileSync(join(folder, path), text)
}
const manifest = () => JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'bucket-folder-'))
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

describe('planBucketFolderImport', () => {
  it('lists new photos as projects, with the photos of their folder as further photos', () => {
    put('kitchen/oak-galley.webp')
    put('kitchen/oak-galley/detail-10.jpg')
    put('kitchen/oak-galley/detail-2.jpg')
    put('bathroom/Spa Ensuite.JPG')
    put('kitchen/notes.txt')
    put('garage/workbench.webp')
    put('loose.webp')
    const plan = planBucketFolderImport(folder)
    expect(plan.added).toEqual(['bathroom/Spa Ensuite.JPG', 'kitchen/oak-galley.webp'])
    expect(plan.listing).toEqual([
      { path: 'bathroom/Spa Ensuite.JPG', additional: [] },
      {
        path: 'kitchen/oak-galley.webp',
        additional: ['kitchen/oak-galley/detail-2.jpg', 'kitchen/oak-galley/detail-10.jpg'],
      },
    ])
    expect(plan.skipped.map((s) => s.path).sort()).toEqual(['garage/workbench.webp', 'loose.webp'])
    expect(plan.changed).toBe(true)
  })

  it('keeps the owner’s details, drops projects and further photos that were removed', () => {
    put('kitchen/oak.webp')
    put('kitchen/oak/detail-1.webp')
    put('kitchen/oak/detail-3.webp')
    put('bathroom/spa.webp')
    writeFileSync(
      join(folder, 'manifest.json'),
      JSON.stringify([
        {
          path: 'kitchen/oak.webp',
          additional: ['kitchen/oak/detail-2.webp', 'kitchen/oak/detail-1.webp'],
          title: 'The Oak Kitchen',
          featured: true,
        },
        { path: 'carpentry/gone.webp', additional: [], title: 'Gone' },
      ]),
    )
    const plan = planBucketFolderImport(folder)
    expect(plan.listing).toEqual([
      {
        path: 'kitchen/oak.webp',
        additional: ['kitchen/oak/detail-1.webp', 'kitchen/oak/detail-3.webp'],
        title: 'The Oak Kitchen',
        featured: true,
      },
      { path: 'bathroom/spa.webp', additional: [] },
    ])
    expect(plan).toMatchObject({
      added: ['bathroom/spa.webp'],
      removed: ['carpentry/gone.webp'],
      updated: ['kitchen/oak.webp'],
      photos: [
        'kitchen/oak.webp',
        'kitchen/oak/detail-1.webp',
        'kitchen/oak/detail-3.webp',
        'bathroom/spa.webp',
      ],
      // What needs variants made: the photos the listing on disk did not name.
      newPhotos: ['kitchen/oak/detail-3.webp', 'bathroom/spa.webp'],
    })

    writeBucketListing(folder, plan.listing)
    expect(manifest()).toEqual(plan.listing)
    expect(planBucketFolderImport(folder)).toMatchObject({
      changed: false,
      added: [],
      removed: [],
      newPhotos: [],
    })
  })

  it('refuses a manifest.json that is not a list, writing nothing', () => {
    writeFileSync(join(folder, 'manifest.json'), '{"path": "kitchen/oak.webp"}')
    expect(() => planBucketFolderImport(folder)).toThrow('is not a list of projects')
  })
})

describe('readBucketListing', () => {
  it('reads the folder’s listing as it is now, or the bundled one when the folder has none', () => {
    const bundled = [{ path: 'kitchen/bundled.webp' }]
    expect(readBucketListing(folder, () => bundled)).toBe(bundled)
    writeBucketListing(folder, [{ path: 'kitchen/oak.webp' }])
    expect(readBucketListing(folder, () => bundled)).toEqual([{ path: 'kitchen/oak.webp' }])
  })

  it('keeps the gallery as it is (undefined, with a warning) for a listing it cannot read', () => {
    const warn = vi.fn()
    writeFileSync(join(folder, 'manifest.json'), '[{"path": "kitchen/oak.webp",')
    expect(readBucketListing(folder, () => [], { warn })).toBeUndefined()
    writeFileSync(join(folder, 'manifest.json'), '{}')
    expect(readBucketListing(folder, () => [], { warn })).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls[1]?.[0]).toContain('is not a list of projects')
  })
})
