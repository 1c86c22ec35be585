import { createFileRoute } from '@tanstack/react-router'
import { SitemapPage } from '#src/features/navigation/components/SitemapPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

export const Route = createFileRoute('/sitemap')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      title: 'Sitemap',
      description:
        'Every page of the Maple Hearth Renovations website: services, service areas across the Greater Toronto Area, our gallery, FAQ and contact details.',
      path: '/sitemap',
      breadcrumb: 'Sitemap',
    }),
  head: seoHead,
  component: SitemapPage,
})
