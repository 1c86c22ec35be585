import { createFileRoute } from '@tanstack/react-router'
import { servicesPage } from '#src/content/services-page.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { ServicesPage } from '#src/features/services/components/ServicesPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

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
