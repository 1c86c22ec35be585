import { queryOptions } from '@tanstack/react-query'

/**
 * The server renders every page with this value and hands it to the browser with the page, so
 * the browser needs the server function (and its client) only if the value was never handed over:
 * it is imported on demand, and the value is kept for as long as the page lives.
 */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: async () => (await import('./public-config.functions')).getPublicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
