import { createFileRoute } from '@tanstack/react-router'
import { faqPage, faqs } from '~/content/faq.content'
import { siteImages } from '~/content/site-images'
import { FaqPage } from '~/features/faq/components/FaqPage'
import { pageSeo, seoHead } from '~/features/seo/seo-route'
import { faqJsonLd } from '~/features/seo/structured-data'

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
