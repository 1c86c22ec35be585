import { createFileRoute } from '@tanstack/react-router'
import { aboutContent } from '#src/content/about.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { AboutPage } from '#src/features/about/components/AboutPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

export const Route = createFileRoute('/about-us')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...aboutContent.seo,
      path: '/about-us',
      lcpImage: siteImages['about-hero'],
      breadcrumb: 'About Us',
    }),
  head: seoHead,
  component: AboutPage,
})
