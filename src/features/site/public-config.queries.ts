import { queryOptions } from '@tanstack/react-query'
import { getPublicConfig } from './public-config.functions'

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => getPublicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
  })

export type PublicConfig = Awaited<ReturnType<typeof getPublicConfig>>
