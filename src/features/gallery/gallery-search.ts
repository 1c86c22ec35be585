import * as v from 'valibot'
import { galleryCategories } from './gallery-item'

export const gallerySortOptions = ['featured', 'newest', 'alphabetical', 'location'] as const
export type GallerySort = (typeof gallerySortOptions)[number]

export const galleryCategoryFilters = ['all', ...galleryCategories] as const

export const gallerySearchMaxLength = 100

export const gallerySearchDefaults = {
  category: 'all',
  sort: 'featured',
  q: '',
  page: 1,
} as const

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
  /**
   * Which page of the view, from 1. Junk, 0 or a negative number is the first page; a page past
   * the end shows the last one (the database clamps it: the number of pages is its answer).
   */
  page: v.optional(
    v.fallback(
      v.pipe(v.union([v.number(), v.string()]), v.toNumber(), v.integer(), v.minValue(1)),
      gallerySearchDefaults.page,
    ),
    gallerySearchDefaults.page,
  ),
  project: v.fallback(v.optional(v.pipe(searchText, v.nonEmpty(), v.maxLength(200))), undefined),
  /** Which of the open project's images the viewer shows, from 1; the first when absent. */
  image: v.fallback(
    v.optional(v.pipe(v.union([v.number(), v.string()]), v.toNumber(), v.integer(), v.minValue(2))),
    undefined,
  ),
})

export type GallerySearch = v.InferOutput<typeof gallerySearchSchema>

/** A search reducer to another page or view with no project open (a new view's first page). */
export const withoutProject =
  <Changes extends object>(changes: Changes) =>
  <Search extends object>(previous: Search) => ({
    ...previous,
    ...changes,
    project: undefined,
    image: undefined,
  })

/** A search reducer opening this project, at its first image. */
export const showingProject =
  (projectId: string) =>
  <Search extends object>(previous: Search) => ({
    ...previous,
    project: projectId,
    image: undefined,
  })
