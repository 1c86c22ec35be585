import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { planBucketFolderImport, writeBucketListing } from '#scripts/lib/bucket-folder-import.ts'
import { readBucketListing } from '#src/server/db/embedded-bucket.server.ts'

let folder: string
const put = (path: string, text = 'photo') => {
  mkdirSync(dirname(join(folder, path)), { recursive: true })
  writeFileSync(join(folder, path), text)
}
const manifest = () => JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'bucket-folder-'))
})
afterEach(() => {
  rmSync(folder, { recursive: true, force: true })
  vi.restoreAllMocks()
})

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
          scope: 'Full kitchen',
          weeks: 6,
          budgetFrom: 30000,
          budgetTo: 80000,
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
        scope: 'Full kitchen',
        weeks: 6,
        budgetFrom: 30000,
        budgetTo: 80000,
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
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    writeFileSync(join(folder, 'manifest.json'), '[{"path": "kitchen/oak.webp",')
    expect(readBucketListing(folder, () => [])).toBeUndefined()
    writeFileSync(join(folder, 'manifest.json'), '{}')
    expect(readBucketListing(folder, () => [])).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls[1]?.[0]).toContain('is not a list of projects')
  })
})

describe('npm run gallery:import on a folder whose photos are all gone', () => {
  const galleryImport = (...args: string[]) =>
    spawnSync(
      existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath,
      ['scripts/gallery-import.ts', ...args],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          GALLERY_BUCKET_DIR: folder,
          DATA_DIR: join(folder, '.data'),
        },
      },
    )

  it('refuses to empty the gallery unless told to, then writes the one form the site takes as empty', () => {
    put('kitchen/oak-galley.webp')
    writeBucketListing(folder, planBucketFolderImport(folder).listing)
    rmSync(join(folder, 'kitchen'), { recursive: true })

    const refused = galleryImport()
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain(
      'holds no project photo: manifest.json left as it is, so the gallery keeps its 1 project(s). To empty the gallery on purpose, run npm run gallery:import -- --allow-empty.',
    )
    expect(manifest()).toEqual([{ path: 'kitchen/oak-galley.webp', additional: [] }])

    const emptied = galleryImport('--allow-empty')
    expect(emptied.status).toBe(0)
    expect(manifest()).toEqual({ projects: [], allowEmpty: true })
    expect(readBucketListing(folder, () => [])).toEqual({ projects: [], allowEmpty: true })
    expect(planBucketFolderImport(folder).changed).toBe(false)
  })
})
