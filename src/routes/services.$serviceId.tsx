import { createFileRoute } from '@tanstack/react-router'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { pageCacheControl } from '~/features/seo/cache-control'
import {
  ServiceDetailPage,
  ServiceNotFound,
} from '~/features/services/components/ServiceDetailPage'
import { serviceHead, serviceNotFoundHead } from '~/features/services/service-head'
import { parseServiceIdParam } from '~/features/services/service-params'

export const Route = createFileRoute('/services/$serviceId')({
  params: { parse: parseServiceIdParam, stringify: ({ serviceId }) => ({ serviceId }) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: ({ match, params }) =>
    match.status === 'notFound' || !params.serviceId
      ? serviceNotFoundHead
      : serviceHead(params.serviceId, match.context.publicConfig.siteUrl),
  notFoundComponent: ServiceNotFound,
  component: ServiceRoute,
})

function ServiceRoute() {
  const { serviceId } = Route.useParams()
  return <ServiceDetailPage serviceId={serviceId} />
}
