import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { serviceAreasPage } from '~/content/service-areas.content'
import { siteImages } from '~/content/site-images'
import { ServiceAreasPage } from '~/features/locations/components/ServiceAreasPage'
import {
  serviceAreasSearchDefaults,
  serviceAreasSearchSchema,
} from '~/features/locations/service-areas-search'
import { reloadForThirdParties } from '~/features/security/reload-for-third-parties'
import { pageSeo, seoHead } from '~/features/seo/seo-route'

export const Route = createFileRoute('/service-areas')({
  validateSearch: serviceAreasSearchSchema,
  search: { middlewares: [stripSearchParams(serviceAreasSearchDefaults)] },
  // Its policy allows what the page embeds; a document without that allowance reloads.
  beforeLoad: reloadForThirdParties,
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...serviceAreasPage.seo,
      path: '/service-areas',
      lcpImage: siteImages['areas-hero'],
      breadcrumb: 'Service Areas',
    }),
  head: seoHead,
  component: ServiceAreasRoute,
})

function ServiceAreasRoute() {
  return <ServiceAreasPage view={Route.useSearch().view} />
}
