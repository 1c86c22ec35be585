import { createFileRoute } from '@tanstack/react-router'
import { faqPage, faqs } from '#src/content/faq.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { FaqPage } from '#src/features/faq/components/FaqPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'
import { faqJsonLd } from '#src/lib/seo/structured-data.ts'

export const Route = createFileRoute('/faq')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...faqPage.seo,
      path: '/faq',
      lcpImage: siteImages['faq-hero'],
      structuredData: [faqJsonLd(faqs)],
      breadcrumb: 'FAQ',
    }),
  head: seoHead,
  component: FaqPage,
})
