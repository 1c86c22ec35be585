import { createFileRoute } from '@tanstack/react-router'
import { homeContent } from '~/content/home.content'
import { siteImages } from '~/content/site-images'
import { HomePage } from '~/features/home/components/HomePage'
import { pageSeo, seoHead } from '~/features/seo/seo-route'

export const Route = createFileRoute('/')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...homeContent.seo,
      path: '/',
      lcpImage: siteImages['home-hero'],
    }),
  head: seoHead,
  component: HomePage,
})
