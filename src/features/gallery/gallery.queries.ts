import { queryOptions } from '@tanstack/react-query'
import { getCategoryShowcase, getGallery } from './gallery.functions'
import type { GalleryCategory } from './gallery-item'

/** Spec section 9: 2 retries, 5 minutes stale time, no refetch on window focus. */
const gallerySpec = { retry: 2, staleTime: 5 * 60_000, refetchOnWindowFocus: false } as const

export const galleryQueryOptions = () =>
  queryOptions({ queryKey: ['gallery'], queryFn: () => getGallery(), ...gallerySpec })

/** A category's few projects and hero, as service and location pages show them. */
export const categoryShowcaseQueryOptions = (category: GalleryCategory) =>
  queryOptions({
    queryKey: ['gallery', 'showcase', category],
    queryFn: () => getCategoryShowcase({ data: { category } }),
    ...gallerySpec,
  })
