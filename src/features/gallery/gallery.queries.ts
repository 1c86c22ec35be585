import { queryOptions } from '@tanstack/react-query'
import { getCategoryShowcase, getGalleryPage, getGalleryProject } from './gallery.functions'
import type { GalleryCategory } from './gallery-item'
import type { GalleryProjectResult, GalleryView } from './gallery-pages'

/** Every gallery query: 2 retries, 5 minutes stale time, no refetch on window focus. */
const galleryQuerySettings = {
  retry: 2,
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
} as const

/** One page of the gallery's view. */
export const galleryPageQueryOptions = ({ category, sort, q, page }: GalleryView) =>
  queryOptions({
    queryKey: ['gallery', 'page', { category, sort, q, page }],
    queryFn: () => getGalleryPage({ data: { category, sort, q, page } }),
    ...galleryQuerySettings,
  })

const noProjectOpen: GalleryProjectResult = { status: 'ok' }

/** The open project and its neighbours in the whole view; with none open, nothing to fetch. */
export const galleryProjectQueryOptions = (
  { category, sort, q }: Omit<GalleryView, 'page'>,
  project: string | undefined,
) =>
  queryOptions({
    queryKey: ['gallery', 'project', { category, sort, q, project }],
    queryFn: () =>
      project === undefined
        ? noProjectOpen
        : getGalleryProject({ data: { category, sort, q, project } }),
    ...(project === undefined ? { initialData: noProjectOpen } : {}),
    ...galleryQuerySettings,
  })

/** A category's few projects and hero, as service and location pages show them. */
export const categoryShowcaseQueryOptions = (category: GalleryCategory) =>
  queryOptions({
    queryKey: ['gallery', 'showcase', category],
    queryFn: () => getCategoryShowcase({ data: { category } }),
    ...galleryQuerySettings,
  })
