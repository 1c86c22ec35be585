import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { galleryCategoryFilters, gallerySortOptions } from '#src/features/gallery/gallery-search.ts'
import { selectGalleryView } from '#src/features/gallery/gallery-view.ts'
import type { Environment } from '../env-schema.server'
import { createGallerySource, viewOf } from './gallery.server'
import { createGalleryCache } from './gallery-cache.server'

const supabase = {
  DATA_DIR: '.data',
  GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SECRET_KEY: 'sb_secret_key',
} as const
const settings = (env: Partial<Environment>) => env as Environment

describe('createGallerySource', () => {
  it('uses Supabase when its variables are set, with render URLs when transformations are on', () => {
    const source = createGallerySource(
      settings({ ...supabase, SUPABASE_IMAGE_TRANSFORMATIONS: 'on' }),
    )
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
    expect(source.images([])).toEqual({ kind: 'render', baseUrl: 'https://abc.supabase.co' })
  })

  it.each(['off', 'auto'] as const)(
    'with transformations %s, shows the photos as they are until variants are listed',
    (setting) => {
      const source = createGallerySource(
        settings({ ...supabase, SUPABASE_IMAGE_TRANSFORMATIONS: setting }),
      )
      expect(source.images([])).toEqual({
        kind: 'variants',
        baseUrl: 'https://abc.supabase.co',
        photos: [],
      })
    },
  )

  it('uses the embedded database otherwise, without opening it yet', () => {
    const source = createGallerySource(
      settings({
        DATA_DIR: '/nonexistent/never-opened',
        GALLERY_BUCKET_DIR: '/nonexistent/bucket',
      }),
    )
    expect(source.images([])).toEqual({ kind: 'variants', baseUrl: '' })
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })
})

const categories = ['kitchen', 'bathroom', 'commercial', 'carpentry']
const project = (n: number): GalleryItem => ({
  id: `p${n}`,
  title: `${n % 7 === 0 ? 'Walnut' : 'Oak'} project ${n}`,
  description: n % 5 === 0 ? 'rain shower' : '',
  category: categories[n % 4] as string,
  location: ['Concord', 'Toronto', 'Aurora'][n % 3] as string,
  imageUrl: `/img/${n}.webp`,
  additionalImages: [],
  featured: n % 9 === 0,
  dateCreated: new Date(Date.UTC(2020, 0, 1) + ((n * 7919) % 500) * 86_400_000).toISOString(),
  sortOrder: (n * 31) % 17,
})
const items = Array.from({ length: 200 }, (_, n) => project(n))

describe('viewOf', () => {
  it('answers every view as selectGalleryView does over the whole list, and works each out once', async () => {
    const list = await createGalleryCache(async () => items, 60_000).read()
    fc.assert(
      fc.property(
        fc.constantFrom(...galleryCategoryFilters),
        fc.constantFrom(...gallerySortOptions),
        fc.constantFrom('', 'walnut', 'SHOWER', 'kitchen', 'nothing like it'),
        (category, sort, q) => {
          expect(viewOf(list, { category, sort, q })).toEqual(
            selectGalleryView(items, { category, sort, q }),
          )
          expect(viewOf(list, { category, sort, q })).toBe(viewOf(list, { category, sort, q }))
        },
      ),
      { numRuns: 200 },
    )
  })
})
