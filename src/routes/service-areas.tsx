import { createFileRoute } from '@tanstack/react-router'
import { siteImages } from '~/content/site-images'
import { ServiceAreasPage } from '~/features/locations/components/ServiceAreasPage'
import { reloadForThirdParties } from '~/features/security/reload-for-third-parties'
import { pageSeo, seoHead } from '~/features/seo/seo-route'

export const Route = createFileRoute('/service-areas')({
  // Its policy allows what the page embeds; a document without that allowance reloads.
  beforeLoad: reloadForThirdParties,
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      title: 'Service Areas: Richmond Hill, Concord, Etobicoke & Toronto',
      description:
        'From our Richmond Hill base we renovate homes and businesses across the Greater Toronto Area, including Concord, Etobicoke and Midtown Toronto.',
      path: '/service-areas',
      lcpImage: siteImages['areas-hero'],
      breadcrumb: 'Service Areas',
    }),
  head: seoHead,
  component: ServiceAreasPage,
})
