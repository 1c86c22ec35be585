import type { GalleryItem } from './gallery-item'
import type { GallerySearch } from './gallery-search'
import type { GalleryImageDelivery } from './photo-variants'

/** Projects a page shows: whole rows at one, two and three columns. */
export const galleryPageSize = 12
/** Placeholders /gallery shows while its projects load: three rows of three. */
export const gallerySkeletonCount = 9

/** What a gallery page is chosen by: the filters, the sort and the page. */
export type GalleryView = Pick<GallerySearch, 'category' | 'sort' | 'q' | 'page'>

/** One page of a view, as the server sends it: never the whole gallery. */
export interface GalleryPageResult {
  status: 'ok' | 'error'
  items: GalleryItem[]
  /** The page shown: the one asked for, or the last page when it asked past the end. */
  page: number
  pageCount: number
  /** Projects in the whole view (every page). */
  total: number
  /** How the photos' responsive sources are built, for this page's photos only. */
  images?: GalleryImageDelivery
}

/** A category's showcase, as its server function returns it: a failed load is an empty list. */
export type GalleryShowcaseResult = Pick<GalleryPageResult, 'status' | 'items' | 'images'>

/** An open project and the projects before and after it in the whole view, wrapping around. */
export type GalleryProjectResult = Pick<GalleryPageResult, 'status' | 'images'> & {
  /** Undefined when the project is not in the view (or not at all). */
  project?: GalleryItem
  previous?: GalleryItem
  next?: GalleryItem
}

/**
 * The list the project viewer steps through: the project between its neighbours, so that its
 * `adjacentProject` finds them as it would in the whole view.
 */
export function viewerProjects({ project, previous, next }: GalleryProjectResult): GalleryItem[] {
  if (!project) return []
  if (!previous || !next) return [project]
  return [previous, project, next]
}

/**
 * The page numbers a pagination shows: the first, the last, and the current one with its
 * neighbours; `gap` where numbers are left out.
 */
export function pageLinks(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [
    ...new Set([1, page - 1, page, page + 1, pageCount].filter((n) => n >= 1 && n <= pageCount)),
  ].sort((a, b) => a - b)
  return shown.flatMap((n, index) => {
    const before = shown[index - 1]
    if (before === undefined || n === before + 1) return [n]
    return n === before + 2 ? [before + 1, n] : ['gap' as const, n]
  })
}

/**
 * Where a gallery address that names something the gallery does not show belongs: a page past
 * the end at the last page, a project not in the view (removed, or another view's) at the view
 * without it. Undefined when the address shows what it names, or when the gallery could not be
 * read (then nothing is known to be missing).
 */
export function galleryAddressShown(
  asked: { page: number; project: string | undefined },
  shown: { page: GalleryPageResult; project: GalleryProjectResult },
): { page: number; project: string | undefined } | undefined {
  const page = shown.page.status === 'ok' ? shown.page.page : asked.page
  const project =
    shown.project.status === 'ok' && !shown.project.project ? undefined : asked.project
  return page === asked.page && project === asked.project ? undefined : { page, project }
}
