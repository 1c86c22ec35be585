import { createFileRoute } from '@tanstack/react-router'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { pageHead } from '~/features/seo/page-head'
import {
  ServiceDetailPage,
  ServiceNotFound,
} from '~/features/services/components/ServiceDetailPage'
import { parseServiceIdParam } from '~/features/services/service-params'
import { getService } from '~/features/services/services.content'

export const Route = createFileRoute('/services/$serviceId')({
  params: { parse: parseServiceIdParam, stringify: ({ serviceId }) => ({ serviceId }) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
  },
  head: ({ match, params }) =>
    match.status === 'notFound' || !params.serviceId
      ? { meta: [{ title: 'Service Not Found | Maple Hearth' }] }
      : pageHead({
          ...getService(params.serviceId).seo,
          path: `/services/${params.serviceId}`,
          siteUrl: match.context.publicConfig.siteUrl,
        }),
  notFoundComponent: ServiceNotFound,
  component: ServiceRoute,
})

function ServiceRoute() {
  const { serviceId } = Route.useParams()
  return <ServiceDetailPage serviceId={serviceId} />
}
