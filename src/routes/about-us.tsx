import { createFileRoute } from '@tanstack/react-router'
import { aboutContent } from '~/content/about.content'
import { siteImages } from '~/content/site-images'
import { AboutPage } from '~/features/about/components/AboutPage'
import { pageSeo, seoHead } from '~/features/seo/seo-route'

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
