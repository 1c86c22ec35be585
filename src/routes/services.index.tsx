import { createFileRoute } from '@tanstack/react-router'
import { servicesPage } from '~/content/services-page.content'
import { siteImages } from '~/content/site-images'
import { pageSeo, seoHead } from '~/features/seo/seo-route'
import { ServicesPage } from '~/features/services/components/ServicesPage'

export const Route = createFileRoute('/services/')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...servicesPage.seo,
      path: '/services',
      lcpImage: siteImages['services-hero'],
      breadcrumb: 'Services',
    }),
  head: seoHead,
  component: ServicesPage,
})
