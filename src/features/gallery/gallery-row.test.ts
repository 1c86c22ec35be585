import { describe, expect, it } from 'vitest'
import { type RejectedGalleryRow, toGalleryItems } from './gallery-row'
import { siteImageUrls } from './storage-path'

const row = {
  id: '5b6f9c1e-8a53-4c53-9a4b-0a3d0b7e2f10',
  title: 'Modern Oak Galley',
  description: 'White oak and quartz.',
  category: 'kitchen',
  location: 'Richmond Hill',
  filename: 'kitchen/modern-oak-galley.webp',
  additional_images: ['gallery/kitchen/modern-oak-galley/detail-1.webp'],
  featured: true,
  created_at: '2025-03-14T15:00:00+00:00',
  order: 2,
}

const map = (rows: unknown[]) => {
  const rejected: RejectedGalleryRow[] = []
  const items = toGalleryItems(rows, siteImageUrls, (r) => rejected.push(r))
  return { items, rejected }
}

describe('toGalleryItems', () => {
  it('maps a Supabase row to a gallery item with public URLs', () => {
    expect(map([row])).toEqual({
      items: [
        {
          id: row.id,
          title: 'Modern Oak Galley',
          description: 'White oak and quartz.',
          category: 'kitchen',
          location: 'Richmond Hill',
          imageUrl: '/storage/v1/object/public/gallery/kitchen/modern-oak-galley.webp',
          additionalImages: [
            '/storage/v1/object/public/gallery/kitchen/modern-oak-galley/detail-1.webp',
          ],
          featured: true,
          dateCreated: '2025-03-14T15:00:00.000Z',
          sortOrder: 2,
        },
      ],
      rejected: [],
    })
  })

  it('gives missing details their defaults: no description, Toronto, no extra photos, not featured, order 0', () => {
    const { items } = map([
      {
        ...row,
        description: null,
        location: '  ',
        additional_images: null,
        featured: null,
        order: null,
      },
    ])
    expect(items[0]).toMatchObject({
      description: '',
      location: 'Toronto',
      additionalImages: [],
      featured: false,
      sortOrder: 0,
    })
  })

  it('accepts what PGlite returns: Date timestamps and numeric ids', () => {
    const { items } = map([{ ...row, id: 42, created_at: new Date('2024-01-02T03:04:05Z') }])
    expect(items[0]).toMatchObject({ id: '42', dateCreated: '2024-01-02T03:04:05.000Z' })
  })

  it('skips malformed rows and reports their id and reason without their contents', () => {
    const { items, rejected } = map([
      row,
      { ...row, id: 'no-title', title: '   ' },
      { ...row, id: 'bad-date', created_at: 'last spring' },
      { ...row, id: 7, featured: 'yes', order: 1.5 },
      { title: 'No id' },
      'not a row',
    ])
    expect(items.map((item) => item.id)).toEqual([row.id])
    expect(rejected).toEqual([
      { id: 'no-title', reason: 'title must not be empty' },
      { id: 'bad-date', reason: 'created_at must be a valid timestamp' },
      { id: '7', reason: 'featured must be true or false; order must be a whole number' },
      {
        id: undefined,
        reason: 'id is missing; category is missing; filename is missing; created_at is missing',
      },
      { id: undefined, reason: 'row must be an object' },
    ])
    expect(JSON.stringify(rejected)).not.toContain('last spring')
  })
})

/** Maps rows, collecting the facts and before photos left out. */
const mapWithSkips = (rows: unknown[]) => {
  const skipped: { id: string; reason: string }[] = []
  const items = toGalleryItems(
    rows,
    siteImageUrls,
    () => {},
    (s) => skipped.push(s),
  )
  return { items, skipped }
}

describe('project facts', () => {
  it('carries scope, weeks and the budget band the row gives', () => {
    const { items, skipped } = mapWithSkips([
      { ...row, scope: ' Full kitchen ', duration_weeks: 6, budget_from: 30000, budget_to: 80000 },
    ])
    expect(items[0]?.facts).toEqual({
      scope: 'Full kitchen',
      weeks: 6,
      budget: { from: 30000, to: 80000 },
    })
    expect(skipped).toEqual([])
  })

  it('has none when the row gives none, with or without the columns', () => {
    const { items, skipped } = mapWithSkips([
      row,
      { ...row, id: 'b', scope: null, duration_weeks: null, budget_from: null, budget_to: null },
    ])
    expect(items.map((item) => 'facts' in item)).toEqual([false, false])
    expect(skipped).toEqual([])
  })

  it('leaves out a bad fact with its reason and keeps the project and its other facts', () => {
    const { items, skipped } = mapWithSkips([
      { ...row, scope: 'Ensuite', duration_weeks: 0, budget_from: 40000, budget_to: 15000 },
      { ...row, id: 'b', scope: 7, duration_weeks: 2.5, budget_from: 15000 },
    ])
    expect(items.map((item) => item.facts)).toEqual([{ scope: 'Ensuite' }, undefined])
    expect(skipped).toEqual([
      { id: row.id, reason: 'duration_weeks must be at least 1' },
      { id: row.id, reason: 'budget_from must not be above budget_to' },
      { id: 'b', reason: 'scope must be text' },
      { id: 'b', reason: 'duration_weeks must be a whole number' },
      { id: 'b', reason: 'a budget band needs both budget_from and budget_to' },
    ])
  })
})

describe('before and after', () => {
  const beforePath = 'kitchen/modern-oak-galley/before.webp'

  it('carries the before photo and keeps it out of the project photos', () => {
    const { items, skipped } = mapWithSkips([
      {
        ...row,
        additional_images: [...row.additional_images, `gallery/${beforePath}`],
        before_image: ` ${beforePath} `,
      },
    ])
    expect(items[0]?.beforeImageUrl).toBe(`/storage/v1/object/public/gallery/${beforePath}`)
    expect(items[0]?.additionalImages).toEqual([
      '/storage/v1/object/public/gallery/kitchen/modern-oak-galley/detail-1.webp',
    ])
    expect(skipped).toEqual([])
  })

  it('has none when the row gives none', () => {
    const { items, skipped } = mapWithSkips([row, { ...row, id: 'b', before_image: null }])
    expect(items.map((item) => 'beforeImageUrl' in item)).toEqual([false, false])
    expect(skipped).toEqual([])
  })

  it('leaves out a before photo that is no photo of the project folder, keeping the project', () => {
    const { items, skipped } = mapWithSkips([
      { ...row, id: 'a', before_image: 7 },
      { ...row, id: 'b', before_image: 'kitchen/other-kitchen/before.webp' },
      { ...row, id: 'c', before_image: 'kitchen/modern-oak-galley/notes.txt' },
      { ...row, id: 'd', before_image: 'https://example.com/before.webp' },
    ])
    expect(items.map((item) => [item.id, item.beforeImageUrl])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', undefined],
      ['d', undefined],
    ])
    expect(skipped).toEqual([
      { id: 'a', reason: 'before_image must be text' },
      ...['b', 'c', 'd'].map((id) => ({
        id,
        reason: 'before_image must be a photo in the project folder',
      })),
    ])
  })
})
