import { LRUCache } from 'lru-cache'
import type { GalleryItem } from '#src/features/gallery/gallery-item.ts'
import type { GallerySearch } from '#src/features/gallery/gallery-search.ts'
import { matchesGallerySearch, selectGalleryView } from '#src/features/gallery/gallery-view.ts'

type ViewFilters = Pick<GallerySearch, 'category' | 'sort' | 'q'>

/** Views kept per gallery list: the filter links and sorts, and the latest searches. */
export const viewsKept = 64

/**
 * A gallery list's views (filtered and sorted), each worked out once: a page of a view is then a
 * slice. The views of one list are kept while it is the cache's list; a reloaded list starts
 * afresh, and the old one's views go with it. At most `viewsKept`, the least recently used going
 * first, so searches typed by visitors cannot fill the memory.
 */
export function createGalleryViews(items: readonly GalleryItem[]) {
  const views = new LRUCache<string, GalleryItem[]>({ max: viewsKept })
  const sorted = new Map<GallerySearch['sort'], GalleryItem[]>()

  /** The whole list in a sort's order: a filtered view keeps it (filtering keeps the order). */
  const inOrder = (sort: GallerySearch['sort']) => {
    let list = sorted.get(sort)
    if (!list) {
      list = selectGalleryView(items, { category: 'all', sort, q: '' })
      sorted.set(sort, list)
    }
    return list
  }

  return function view(filters: ViewFilters): GalleryItem[] {
    const key = JSON.stringify([filters.category, filters.sort, filters.q])
    const kept = views.get(key)
    if (kept) return kept
    const list = inOrder(filters.sort).filter(
      (item) =>
        (filters.category === 'all' || item.category === filters.category) &&
        matchesGallerySearch(item, filters.q),
    )
    views.set(key, list)
    return list
  }
}

export type GalleryViews = ReturnType<typeof createGalleryViews>

const viewsOfList = new WeakMap<readonly GalleryItem[], GalleryViews>()

/** The views of the cache's current list (made on first use, dropped with the list). */
export function galleryViewsOf(items: readonly GalleryItem[]): GalleryViews {
  let views = viewsOfList.get(items)
  if (!views) {
    views = createGalleryViews(items)
    viewsOfList.set(items, views)
  }
  return views
}
