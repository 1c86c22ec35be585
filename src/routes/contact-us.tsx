import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { contactPage } from '#src/content/contact.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { ContactPage } from '#src/features/contact/components/ContactPage.tsx'
import { serviceOptionForId } from '#src/features/contact/contact-schema.ts'
import { reloadForThirdParties } from '#src/features/security/reload-for-third-parties.ts'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

const contactSearchSchema = v.object({
  service: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(80))), undefined),
})

export const Route = createFileRoute('/contact-us')({
  validateSearch: contactSearchSchema,
  // Its policy allows what the page embeds; a document without that allowance reloads.
  beforeLoad: reloadForThirdParties,
  // Loader and component load together: the page's copy, its head, stays out of other pages.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    pageSeo(context.publicConfig.siteUrl, {
      ...contactPage.seo,
      path: '/contact-us',
      lcpImage: siteImages['contact-hero'],
      breadcrumb: 'Contact Us',
    }),
  head: seoHead,
  component: ContactRoute,
})

function ContactRoute() {
  const { service } = Route.useSearch()
  const { publicConfig } = Route.useRouteContext()
  return (
    <ContactPage
      siteKey={publicConfig.hcaptchaSiteKey}
      initialService={serviceOptionForId(service)}
    />
  )
}
