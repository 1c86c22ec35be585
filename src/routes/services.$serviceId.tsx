import { createFileRoute } from '@tanstack/react-router'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { pageCacheControl } from '~/features/seo/cache-control'
import { seoHeadOr } from '~/features/seo/seo-route'
import {
  ServiceDetailPage,
  ServiceNotFound,
} from '~/features/services/components/ServiceDetailPage'
import { serviceNotFoundHead } from '~/features/services/service-head'
import { parseServiceIdParam } from '~/features/services/service-params'
import { serviceSeo } from '~/features/services/service-seo'

export const Route = createFileRoute('/services/$serviceId')({
  params: { parse: parseServiceIdParam, stringify: ({ serviceId }) => ({ serviceId }) },
  // The loader (which also writes the head from the service's copy) loads with the component.
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
    return { seo: serviceSeo(params.serviceId, context.publicConfig.siteUrl) }
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHeadOr(serviceNotFoundHead),
  notFoundComponent: ServiceNotFound,
  component: ServiceRoute,
})

function ServiceRoute() {
  const { serviceId } = Route.useParams()
  return <ServiceDetailPage serviceId={serviceId} />
}
