import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '~/features/home/components/HomePage'
import { homeContent } from '~/features/home/home.content'
import { siteImages } from '~/features/media/site-images'
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
