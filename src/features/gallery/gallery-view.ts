import * as v from 'valibot'
import { type GalleryCategory, type GalleryItem, galleryCategories } from './gallery-item'

export const gallerySortOptions = ['featured', 'newest', 'alphabetical', 'location'] as const
export type GallerySort = (typeof gallerySortOptions)[number]

export const galleryCategoryFilters = ['all', ...galleryCategories] as const
export type GalleryCategoryFilter = (typeof galleryCategoryFilters)[number]

export const gallerySearchMaxLength = 100

export const gallerySearchDefaults = {
  category: 'all',
  sort: 'featured',
  q: '',
} as const satisfies { category: GalleryCategoryFilter; sort: GallerySort; q: string }

// The router parses `?q=123` into a number and `?q=true` into a boolean: read those as text too.
const searchText = v.pipe(
  v.union([v.string(), v.number(), v.boolean()]),
  v.transform(String),
  v.trim(),
)

/**
 * The /gallery search params. Every field falls back to its default, so a hand-edited or stale
 * URL degrades to a valid view instead of an error page.
 */
export const gallerySearchSchema = v.object({
  category: v.optional(
    v.fallback(v.picklist(galleryCategoryFilters), gallerySearchDefaults.category),
    gallerySearchDefaults.category,
  ),
  sort: v.optional(
    v.fallback(v.picklist(gallerySortOptions), gallerySearchDefaults.sort),
    gallerySearchDefaults.sort,
  ),
  q: v.optional(
    v.fallback(
      v.pipe(
        searchText,
        v.transform((text) => text.slice(0, gallerySearchMaxLength).trim()),
      ),
      gallerySearchDefaults.q,
    ),
    gallerySearchDefaults.q,
  ),
  project: v.fallback(v.optional(v.pipe(searchText, v.nonEmpty(), v.maxLength(200))), undefined),
})

export type GallerySearch = v.InferOutput<typeof gallerySearchSchema>
export type GallerySearchInput = v.InferInput<typeof gallerySearchSchema>

const titleCollator = new Intl.Collator('en-CA')
const byTitle = (a: GalleryItem, b: GalleryItem) => titleCollator.compare(a.title, b.title)
const newestFirst = (a: GalleryItem, b: GalleryItem) =>
  Date.parse(b.dateCreated) - Date.parse(a.dateCreated)
const featuredFirst = (a: GalleryItem, b: GalleryItem) => Number(b.featured) - Number(a.featured)

const comparators: Record<GallerySort, (a: GalleryItem, b: GalleryItem) => number> = {
  featured: (a, b) => featuredFirst(a, b) || a.sortOrder - b.sortOrder || byTitle(a, b),
  newest: (a, b) => newestFirst(a, b) || byTitle(a, b),
  alphabetical: byTitle,
  location: (a, b) => titleCollator.compare(a.location, b.location) || byTitle(a, b),
}

/** Case-insensitive match on title, description or category (spec section 4). */
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

/** The project after (or before) the given one, wrapping around; undefined when it is not listed. */
export function adjacentProject(
  list: readonly GalleryItem[],
  id: string,
  direction: 'next' | 'previous',
): GalleryItem | undefined {
  const index = list.findIndex((item) => item.id === id)
  if (index === -1) return undefined
  const step = direction === 'next' ? 1 : -1
  return list[(index + step + list.length) % list.length]
}

/** A portfolio section's projects: one category, featured first, then the newest. */
export function galleryForCategory(
  items: readonly GalleryItem[],
  category: GalleryCategory,
  limit: number,
): GalleryItem[] {
  return items
    .filter((item) => item.category === category)
    .sort((a, b) => featuredFirst(a, b) || newestFirst(a, b))
    .slice(0, Math.max(0, limit))
}
