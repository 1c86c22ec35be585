import { queryOptions } from '@tanstack/react-query'
import { getGallery } from './gallery.functions'

/** Spec section 9: 2 retries, 5 minutes stale time, no refetch on window focus. */
export const galleryQueryOptions = () =>
  queryOptions({
    queryKey: ['gallery'],
    queryFn: () => getGallery(),
    retry: 2,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  })
