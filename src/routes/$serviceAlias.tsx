import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '~/components/layout/NotFoundPage'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { pageCacheControl } from '~/features/seo/cache-control'
import { ServiceDetailPage } from '~/features/services/components/ServiceDetailPage'
import { serviceHead } from '~/features/services/service-head'
import { parseServiceAliasParam } from '~/features/services/service-params'

/** /kitchen-remodeling and its six siblings: the service page, canonical at /services/<id>. */
export const Route = createFileRoute('/$serviceAlias')({
  params: { parse: parseServiceAliasParam, stringify: ({ serviceAlias }) => ({ serviceAlias }) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: ({ match, params }) =>
    match.status === 'notFound' || !params.serviceAlias
      ? {
          meta: [
            { title: 'Page Not Found | Maple Hearth' },
            { name: 'robots', content: 'noindex' },
          ],
        }
      : serviceHead(params.serviceAlias, match.context.publicConfig.siteUrl),
  notFoundComponent: NotFoundPage,
  component: ServiceAliasRoute,
})

function ServiceAliasRoute() {
  const { serviceAlias } = Route.useParams()
  return <ServiceDetailPage serviceId={serviceAlias} />
}
