import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '#src/components/layout/NotFoundPage.tsx'
import { ServiceDetailPage } from '#src/features/services/components/ServiceDetailPage.tsx'
import { loadServicePage } from '#src/features/services/service-page-data.ts'
import { parseServiceAliasParam } from '#src/features/services/service-params.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'
import { notFoundHead, seoHeadOr } from '#src/lib/seo/seo-route.ts'

/**
 * /kitchen-remodeling and the other top-level service paths: a service page, canonical at
 * /services/<id>.
 */
export const Route = createFileRoute('/$serviceAlias')({
  params: { parse: parseServiceAliasParam, stringify: ({ serviceAlias }) => ({ serviceAlias }) },
  // The loader (the service's copy, and the head written from it) loads with the component.
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ context, params }) => loadServicePage(params.serviceAlias, context),
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHeadOr(notFoundHead('Page Not Found')),
  notFoundComponent: NotFoundPage,
  component: ServiceAliasRoute,
})

function ServiceAliasRoute() {
  const { serviceAlias } = Route.useParams()
  const { service } = Route.useLoaderData()
  return <ServiceDetailPage serviceId={serviceAlias} service={service} />
}
