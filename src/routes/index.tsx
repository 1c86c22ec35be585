import { createFileRoute } from '@tanstack/react-router'
import { homeContent } from '#src/content/home.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { HomePage } from '#src/features/home/components/HomePage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

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
