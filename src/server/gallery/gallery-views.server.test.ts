import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { galleryCategoryFilters, gallerySortOptions } from '#src/features/gallery/gallery-search.ts'
import { selectGalleryView } from '#src/features/gallery/gallery-view.ts'
import { createGalleryViews, galleryViewsOf, viewsKept } from './gallery-views.server'

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

describe('createGalleryViews', () => {
  it('answers every view as selectGalleryView does over the whole list', () => {
    const view = createGalleryViews(items)
    fc.assert(
      fc.property(
        fc.constantFrom(...galleryCategoryFilters),
        fc.constantFrom(...gallerySortOptions),
        fc.constantFrom('', 'walnut', 'SHOWER', 'kitchen', 'nothing like it'),
        (category, sort, q) => {
          expect(view({ category, sort, q })).toEqual(
            selectGalleryView(items, { category, sort, q }),
          )
        },
      ),
      { numRuns: 200 },
    )
  })

  it('works a view out once, and keeps at most viewsKept of them', () => {
    const view = createGalleryViews(items)
    const oak = view({ category: 'all', sort: 'featured', q: 'oak' })
    expect(view({ category: 'all', sort: 'featured', q: 'oak' })).toBe(oak)
    for (let n = 0; n < viewsKept; n++)
      view({ category: 'all', sort: 'featured', q: `search ${n}` })
    // The oldest went first: worked out again, equal but a new list.
    const again = view({ category: 'all', sort: 'featured', q: 'oak' })
    expect(again).not.toBe(oak)
    expect(again).toEqual(oak)
  })

  it('the views belong to one gallery list: a reloaded list gets its own', () => {
    const reloaded = items.slice(0, 10)
    const all = { category: 'all', sort: 'featured', q: '' } as const
    expect(galleryViewsOf(items)).toBe(galleryViewsOf(items))
    expect(galleryViewsOf(reloaded)(all)).toHaveLength(10)
    expect(galleryViewsOf(items)(all)).toHaveLength(200)
  })
})
