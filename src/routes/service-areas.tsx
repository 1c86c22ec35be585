import { createFileRoute } from '@tanstack/react-router'
import { ServiceAreasPage } from '~/features/locations/components/ServiceAreasPage'
import { siteImages } from '~/features/media/site-images'
import { pageSeo, seoHead } from '~/features/seo/seo-route'
import { reloadForThirdParties } from '~/features/site/page-third-parties'

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
