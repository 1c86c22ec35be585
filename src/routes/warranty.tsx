import { createFileRoute } from '@tanstack/react-router'
import { siteImages } from '#src/content/site-images.ts'
import { warrantyContent } from '#src/content/warranty.content.ts'
import { WarrantyPage } from '#src/features/warranty/components/WarrantyPage.tsx'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

export const Route = createFileRoute('/warranty')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...warrantyContent.seo,
      path: '/warranty',
      lcpImage: siteImages['about-hero'],
      breadcrumb: 'Our Warranty',
    }),
  head: seoHead,
  component: WarrantyPage,
})
