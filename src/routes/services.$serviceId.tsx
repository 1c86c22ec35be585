import { createFileRoute } from '@tanstack/react-router'
import {
  ServiceDetailPage,
  ServiceNotFound,
} from '#src/features/services/components/ServiceDetailPage.tsx'
import { serviceNotFoundHead } from '#src/features/services/service-head.ts'
import { loadServicePage } from '#src/features/services/service-page-data.ts'
import { parseServiceIdParam } from '#src/features/services/service-params.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'
import { seoHeadOr } from '#src/lib/seo/seo-route.ts'

export const Route = createFileRoute('/services/$serviceId')({
  params: { parse: parseServiceIdParam, stringify: ({ serviceId }) => ({ serviceId }) },
  // The loader (the service's copy, and the head written from it) loads with the component.
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ context, params }) => loadServicePage(params.serviceId, context),
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHeadOr(serviceNotFoundHead),
  notFoundComponent: ServiceNotFound,
  component: ServiceRoute,
})

function ServiceRoute() {
  const { serviceId } = Route.useParams()
  const { service } = Route.useLoaderData()
  return <ServiceDetailPage serviceId={serviceId} service={service} />
}
