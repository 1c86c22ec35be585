/**
 * Compile-time proof that every gallery sort has its label in the sort select: `tsc` (part of
 * `npm test`) fails if the line marked @ts-expect-error starts to compile. Nothing here runs.
 */
import { gallerySortLabels } from './components/GalleryFilters'
import type { GallerySort } from './gallery-search'

export const labelledSorts: Record<GallerySort, string> = gallerySortLabels

// @ts-expect-error: a sort the labels do not have is refused, as a new sort would be
export const unlabelledSort: Record<GallerySort | 'sort-not-yet-labelled', string> =
  gallerySortLabels
