import { defaultParseSearch } from '@tanstack/react-router'
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  galleryPage,
  galleryPageCount,
  projectNeighbours,
} from '#test/support/gallery-view-reference.ts'
import type { GalleryItem } from './gallery-item'
import { galleryAddressShown, galleryPageSize, pageLinks, viewerProjects } from './gallery-pages'
import { gallerySearchSchema } from './gallery-search'
import { adjacentProject } from './gallery-view'

const project = (n: number): GalleryItem => ({
  id: `p${n}`,
  title: `Project ${n}`,
  description: '',
  category: 'kitchen',
  location: 'Toronto',
  imageUrl: `/img/${n}.webp`,
  additionalImages: [],
  featured: false,
  dateCreated: '2024-01-01T00:00:00.000Z',
  sortOrder: n,
})
const projects = (count: number) => Array.from({ length: count }, (_, n) => project(n))
const ids = (list: GalleryItem[]) => list.map((item) => item.id)
const pageOf = (query: string) => v.parse(gallerySearchSchema, defaultParseSearch(query)).page

describe('the page in the URL', () => {
  it('reads a whole number from 1', () => {
    expect(pageOf('?page=2')).toBe(2)
    expect(pageOf('?page=%222%22')).toBe(2)
    expect(pageOf('?page=1000')).toBe(1000)
  })

  it('is the first page when absent, 0, negative, fractional or junk', () => {
    for (const query of [
      '',
      '?page=0',
      '?page=-3',
      '?page=2.5',
      '?page=two',
      '?page=',
      '?page=[2]',
    ])
      expect(pageOf(query), query).toBe(1)
  })
})

describe('galleryPage', () => {
  it('slices a page of twelve, whole rows at one, two and three columns', () => {
    expect(galleryPageSize % 6).toBe(0)
    const page = galleryPage(projects(30), 2)
    expect(ids(page.items)).toEqual(ids(projects(30).slice(12, 24)))
    expect(page).toMatchObject({ page: 2, pageCount: 3, total: 30 })
    expect(galleryPage(projects(30), 3).items).toHaveLength(6)
  })

  it('shows the last page for one past the end, and one page for an empty view', () => {
    expect(galleryPage(projects(30), 99)).toMatchObject({ page: 3, pageCount: 3 })
    expect(galleryPage([], 5)).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 })
    expect(galleryPage(projects(5), 0).page).toBe(1)
  })

  it('the pages together are the view, each project once, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (count) => {
        const list = projects(count)
        const pages = Array.from({ length: galleryPageCount(count) }, (_, i) =>
          galleryPage(list, i + 1),
        )
        expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(list))
        for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(galleryPageSize)
      }),
    )
  })
})

describe('projectNeighbours and the viewer', () => {
  it('wraps from the last project of the view to the first, across pages', () => {
    const list = projects(30)
    expect(projectNeighbours(list, 'p29')).toMatchObject({
      project: { id: 'p29' },
      previous: { id: 'p28' },
      next: { id: 'p0' },
    })
    expect(projectNeighbours(list, 'p0')?.previous?.id).toBe('p29')
    expect(projectNeighbours(list, 'p12')?.previous?.id).toBe('p11')
  })

  it('has no neighbours for a project alone, and nothing for one not in the view', () => {
    expect(projectNeighbours(projects(1), 'p0')).toEqual({ project: project(0) })
    expect(viewerProjects({ status: 'ok', project: project(0) })).toEqual([project(0)])
    expect(projectNeighbours(projects(3), 'elsewhere')).toBeUndefined()
    expect(viewerProjects({ status: 'ok' })).toEqual([])
  })

  it('the viewer steps from the three projects as it would through the whole view', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 0, max: count - 1 }))),
        fc.constantFrom('next' as const, 'previous' as const),
        ([count, at], direction) => {
          const list = projects(count)
          const id = `p${at}`
          const neighbours = projectNeighbours(list, id)
          const shown = viewerProjects({ status: 'ok', ...neighbours })
          expect(adjacentProject(shown, id, direction)).toEqual(
            adjacentProject(list, id, direction),
          )
        },
      ),
    )
  })
})

describe('pageLinks', () => {
  it('all pages when few', () => {
    expect(pageLinks(1, 1)).toEqual([1])
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('the first, the last and the current with its neighbours, gaps between', () => {
    expect(pageLinks(1, 1667)).toEqual([1, 2, 'gap', 1667])
    expect(pageLinks(800, 1667)).toEqual([1, 'gap', 799, 800, 801, 'gap', 1667])
    expect(pageLinks(1667, 1667)).toEqual([1, 'gap', 1666, 1667])
    // One left-out page is linked rather than shown as a gap.
    expect(pageLinks(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10])
  })
})

describe('galleryAddressShown', () => {
  const list = Array.from({ length: 30 }, (_, n) => project(n + 1))
  const pageOf = (page: number) => ({ status: 'ok' as const, ...galleryPage(list, page) })
  const projectOf = (id: string | undefined) => ({
    status: 'ok' as const,
    ...(id === undefined ? {} : projectNeighbours(list, id)),
  })
  const failed = { status: 'error' as const, items: [], page: 1, pageCount: 1, total: 0 }

  it('leaves an address that shows what it names', () => {
    for (const [page, project] of [
      [1, undefined],
      [3, undefined],
      [2, 'p30'],
    ] as const) {
      expect(
        galleryAddressShown({ page, project }, { page: pageOf(page), project: projectOf(project) }),
      ).toBeUndefined()
    }
  })

  it('sends a page past the end to the last page, and a project not shown to its view', () => {
    expect(
      galleryAddressShown(
        { page: 1_000_000_000, project: undefined },
        { page: pageOf(1_000_000_000), project: projectOf(undefined) },
      ),
    ).toEqual({ page: 3, project: undefined })
    expect(
      galleryAddressShown(
        { page: 2, project: 'removed' },
        { page: pageOf(2), project: projectOf('removed') },
      ),
    ).toEqual({ page: 2, project: undefined })
    expect(
      galleryAddressShown(
        { page: 9, project: 'p4' },
        { page: pageOf(9), project: projectOf('p4') },
      ),
    ).toEqual({ page: 3, project: 'p4' })
  })

  it('sends nowhere while the gallery cannot be read', () => {
    expect(
      galleryAddressShown(
        { page: 9, project: 'p4' },
        { page: failed, project: { status: 'error' } },
      ),
    ).toBeUndefined()
  })
})
