import { createFileRoute } from '@tanstack/react-router'
import { siteImages } from '~/content/site-images'
import { pageSeo, seoHead } from '~/features/seo/seo-route'
import { ServicesPage } from '~/features/services/components/ServicesPage'

export const Route = createFileRoute('/services/')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      title: 'Our Remodeling Services',
      description:
        'Kitchen, bathroom and commercial remodeling, home design, custom carpentry, cabinetry and laser cutting art, all by our own crew across the GTA.',
      path: '/services',
      lcpImage: siteImages['services-hero'],
      breadcrumb: 'Services',
    }),
  head: seoHead,
  component: ServicesPage,
})
