/**
 * The gallery's views as the site answered them in memory before the database did (decision
 * 048): the reference public.gallery_view() is held to (gallery-view-sql.property.test.ts), and
 * the semantics the gallery's own tests describe.
 */
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import { type GalleryProjectResult, galleryPageSize } from '#src/features/gallery/gallery-pages.ts'
import type { GallerySearch, GallerySort } from '#src/features/gallery/gallery-search.ts'
import { featuredFirst, newestFirst } from '#src/features/gallery/gallery-view.ts'

let collator: Intl.Collator | undefined
function collate(a: string, b: string) {
  collator ??= new Intl.Collator('en-CA')
  return collator.compare(a, b)
}
const byTitle = (a: GalleryItem, b: GalleryItem) => collate(a.title, b.title)

const comparators: Record<GallerySort, (a: GalleryItem, b: GalleryItem) => number> = {
  featured: (a, b) => featuredFirst(a, b) || a.sortOrder - b.sortOrder || byTitle(a, b),
  newest: (a, b) => newestFirst(a, b) || byTitle(a, b),
  alphabetical: byTitle,
  location: (a, b) => collate(a.location, b.location) || byTitle(a, b),
}

/** Case-insensitive match on title, description or category. */
export function matchesGallerySearch(item: GalleryItem, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-CA')
  if (needle === '') return true
  return [item.title, item.description, item.category].some((field) =>
    field.toLocaleLowerCase('en-CA').includes(needle),
  )
}

/** The projects the gallery shows for a search: filtered by category and query, then sorted. */
export function selectGalleryView(
  items: readonly GalleryItem[],
  search: Pick<GallerySearch, 'category' | 'sort' | 'q'>,
): GalleryItem[] {
  return items
    .filter((item) => search.category === 'all' || item.category === search.category)
    .filter((item) => matchesGallerySearch(item, search.q))
    .sort(comparators[search.sort])
}

export const galleryPageCount = (total: number) => Math.max(1, Math.ceil(total / galleryPageSize))

/** The page of a view's list; a page past the end is the last page, one below 1 the first. */
export function galleryPage(list: readonly GalleryItem[], page: number) {
  const pageCount = galleryPageCount(list.length)
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount)
  const start = (shown - 1) * galleryPageSize
  return {
    items: list.slice(start, start + galleryPageSize),
    page: shown,
    pageCount,
    total: list.length,
  }
}

/** The project and its neighbours in the view's list, wrapping around; undefined when unlisted. */
export function projectNeighbours(
  list: readonly GalleryItem[],
  id: string,
): Pick<GalleryProjectResult, 'project' | 'previous' | 'next'> | undefined {
  const index = list.findIndex((item) => item.id === id)
  if (index === -1) return undefined
  const project = list[index] as GalleryItem
  if (list.length === 1) return { project }
  return {
    project,
    previous: list[(index - 1 + list.length) % list.length],
    next: list[(index + 1) % list.length],
  }
}
