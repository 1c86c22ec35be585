import { createFileRoute } from '@tanstack/react-router'
import { privacyContent } from '~/content/privacy.content'
import { siteImages } from '~/content/site-images'
import { PrivacyPolicyPage } from '~/features/privacy/components/PrivacyPolicyPage'
import { pageSeo, seoHead } from '~/features/seo/seo-route'

export const Route = createFileRoute('/privacy-policy')({
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...privacyContent.seo,
      path: '/privacy-policy',
      lcpImage: siteImages['privacy-hero'],
      breadcrumb: 'Privacy Policy',
    }),
  head: seoHead,
  component: PrivacyPolicyPage,
})
