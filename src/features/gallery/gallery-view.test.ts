import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { selectGalleryView } from '#test/support/gallery-view-reference.ts'
import type { GalleryItem } from './gallery-item'
import {
  galleryCategoryFilters,
  gallerySearchDefaults,
  gallerySearchSchema,
  gallerySortOptions,
} from './gallery-search'
import { adjacentProject, galleryForCategory } from './gallery-view'

const item = (id: string, details: Partial<GalleryItem> = {}): GalleryItem => ({
  id,
  title: id,
  description: '',
  category: 'kitchen',
  location: 'Toronto',
  imageUrl: `/img/${id}.webp`,
  additionalImages: [],
  featured: false,
  dateCreated: '2024-01-01T00:00:00.000Z',
  sortOrder: 0,
  ...details,
})

const items = [
  item('oak', {
    title: 'Oak Galley',
    category: 'kitchen',
    featured: true,
    sortOrder: 2,
    location: 'Richmond Hill',
    dateCreated: '2024-03-01T00:00:00.000Z',
  }),
  item('spa', {
    title: 'spa Ensuite',
    description: 'Heated floors and a rain shower',
    category: 'bathroom',
    location: 'Concord',
    dateCreated: '2025-01-01T00:00:00.000Z',
  }),
  item('clinic', {
    title: 'Clinic Reception',
    category: 'commercial',
    featured: true,
    sortOrder: 1,
    location: 'Etobicoke',
    dateCreated: '2023-05-01T00:00:00.000Z',
  }),
  item('walnut', {
    title: 'Walnut Built-ins',
    category: 'carpentry',
    location: 'Concord',
    dateCreated: '2024-08-01T00:00:00.000Z',
  }),
  item('island', {
    title: 'Island Kitchen',
    category: 'kitchen',
    featured: true,
    sortOrder: 2,
    location: 'Midtown Toronto',
    dateCreated: '2022-01-01T00:00:00.000Z',
  }),
]

const ids = (list: GalleryItem[]) => list.map((entry) => entry.id)
const view = (search: Record<string, string>) =>
  ids(selectGalleryView(items, v.parse(gallerySearchSchema, search)))

describe('selectGalleryView', () => {
  it('sorts featured first, then by sortOrder, then by title', () => {
    expect(view({})).toEqual(['clinic', 'island', 'oak', 'spa', 'walnut'])
  })

  it('sorts by newest, by title (case-insensitively) and by location', () => {
    expect(view({ sort: 'newest' })).toEqual(['spa', 'walnut', 'oak', 'clinic', 'island'])
    expect(view({ sort: 'alphabetical' })).toEqual(['clinic', 'island', 'oak', 'spa', 'walnut'])
    expect(view({ sort: 'location' })).toEqual(['spa', 'walnut', 'clinic', 'island', 'oak'])
  })

  it('filters by category', () => {
    expect(view({ category: 'kitchen' })).toEqual(['island', 'oak'])
    expect(view({ category: 'all' })).toHaveLength(items.length)
  })

  it('searches title, description and category, ignoring case', () => {
    expect(view({ q: 'GALLEY' })).toEqual(['oak'])
    expect(view({ q: 'rain shower' })).toEqual(['spa'])
    expect(view({ q: 'carpentry' })).toEqual(['walnut'])
    expect(view({ q: 'kitchen', category: 'kitchen', sort: 'alphabetical' })).toEqual([
      'island',
      'oak',
    ])
    expect(view({ q: 'nothing like this' })).toEqual([])
  })

  it('leaves the given list untouched', () => {
    const before = ids(items)
    selectGalleryView(items, { category: 'all', sort: 'newest', q: '' })
    expect(ids(items)).toEqual(before)
  })
})

describe('adjacentProject', () => {
  const list = items.slice(0, 3)

  it('steps forward and back, wrapping around both ends', () => {
    expect(adjacentProject(list, 'oak', 'next')?.id).toBe('spa')
    expect(adjacentProject(list, 'clinic', 'next')?.id).toBe('oak')
    expect(adjacentProject(list, 'oak', 'previous')?.id).toBe('clinic')
    expect(adjacentProject(list, 'spa', 'previous')?.id).toBe('oak')
  })

  it('stays on a lone project and knows nothing of unlisted ones', () => {
    expect(adjacentProject([items[0] as GalleryItem], 'oak', 'next')?.id).toBe('oak')
    expect(adjacentProject(list, 'walnut', 'next')).toBeUndefined()
    expect(adjacentProject([], 'oak', 'previous')).toBeUndefined()
  })
})

describe('galleryForCategory', () => {
  it('takes one category, featured first, then newest, up to the limit', () => {
    const more = [
      ...items,
      item('new-kitchen', { category: 'kitchen', dateCreated: '2026-01-01T00:00:00.000Z' }),
    ]
    expect(ids(galleryForCategory(more, 'kitchen', 6))).toEqual(['oak', 'island', 'new-kitchen'])
    expect(ids(galleryForCategory(more, 'kitchen', 2))).toEqual(['oak', 'island'])
    expect(galleryForCategory(more, 'carpentry', 0)).toEqual([])
  })
})

describe('gallerySearchSchema', () => {
  const parse = (input: unknown) => v.parse(gallerySearchSchema, input)

  it('fills the defaults of an empty search', () => {
    expect(parse({})).toEqual({ ...gallerySearchDefaults })
  })

  it('keeps valid values, trims the query and reads router-parsed numbers as text', () => {
    expect(
      parse({ category: 'bathroom', sort: 'newest', q: '  oak  ', project: 'abc-123' }),
    ).toEqual({ category: 'bathroom', sort: 'newest', q: 'oak', project: 'abc-123', page: 1 })
    expect(parse({ q: 2024, project: 17 })).toMatchObject({ q: '2024', project: '17' })
  })

  it('falls back field by field on junk', () => {
    expect(
      parse({ category: 'garage', sort: ['newest'], q: { $ne: 1 }, project: '', extra: 1 }),
    ).toEqual({ ...gallerySearchDefaults })
    expect(parse({ q: 'x'.repeat(250) }).q).toHaveLength(100)
    expect(parse({ project: null }).project).toBeUndefined()
  })

  it('turns any object into a valid search without throwing', () => {
    const key = fc.constantFrom('category', 'sort', 'q', 'project', 'other')
    fc.assert(
      fc.property(
        fc.oneof(fc.dictionary(key, fc.anything()), fc.object(), fc.dictionary(key, fc.string())),
        (input) => {
          const search = parse(input)
          expect(galleryCategoryFilters).toContain(search.category)
          expect(gallerySortOptions).toContain(search.sort)
          expect(typeof search.q).toBe('string')
          expect(search.q.length).toBeLessThanOrEqual(100)
          expect(search.q).toBe(search.q.trim())
          if (search.project !== undefined) expect(search.project).not.toBe('')
        },
      ),
      { numRuns: 500 },
    )
  })
})
