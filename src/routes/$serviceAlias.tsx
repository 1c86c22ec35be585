import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '~/components/layout/NotFoundPage'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { pageCacheControl } from '~/features/seo/cache-control'
import { notFoundHead, seoHeadOr } from '~/features/seo/seo-route'
import { ServiceDetailPage } from '~/features/services/components/ServiceDetailPage'
import { parseServiceAliasParam } from '~/features/services/service-params'
import { serviceSeo } from '~/features/services/service-seo'

/** /kitchen-remodeling and its six siblings: the service page, canonical at /services/<id>. */
export const Route = createFileRoute('/$serviceAlias')({
  params: { parse: parseServiceAliasParam, stringify: ({ serviceAlias }) => ({ serviceAlias }) },
  // The loader (which also writes the head from the service's copy) loads with the component.
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
    return { seo: serviceSeo(params.serviceAlias, context.publicConfig.siteUrl) }
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHeadOr(notFoundHead('Page Not Found')),
  notFoundComponent: NotFoundPage,
  component: ServiceAliasRoute,
})

function ServiceAliasRoute() {
  const { serviceAlias } = Route.useParams()
  return <ServiceDetailPage serviceId={serviceAlias} />
}
