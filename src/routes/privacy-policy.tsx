import { createFileRoute } from '@tanstack/react-router'
import { privacyContent } from '#src/content/privacy.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { PrivacyPolicyPage } from '#src/features/privacy/components/PrivacyPolicyPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

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
