import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { serviceAreasPage } from '#src/content/service-areas.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { ServiceAreasPage } from '#src/features/locations/components/ServiceAreasPage.tsx'
import {
  serviceAreasSearchDefaults,
  serviceAreasSearchSchema,
} from '#src/features/locations/service-areas-search.ts'
import { reloadForThirdParties } from '#src/features/security/reload-for-third-parties.ts'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

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
