import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { siteImages } from '~/content/site-images'
import { ContactDetails } from '~/features/contact/components/ContactDetails'
import { ContactForm } from '~/features/contact/components/ContactForm'
import { serviceOptionForId } from '~/features/contact/contact-schema'
import { MapStandIn } from '~/features/locations/components/MapStandIn'
import { reloadForThirdParties } from '~/features/security/reload-for-third-parties'
import { pageHead } from '~/features/seo/page-head'
import { breadcrumbJsonLd } from '~/features/seo/structured-data'

const contactSearchSchema = v.object({
  service: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(80))), undefined),
})

export const Route = createFileRoute('/contact-us')({
  validateSearch: contactSearchSchema,
  // Its policy allows what the page embeds; a document without that allowance reloads.
  beforeLoad: reloadForThirdParties,
  // The head is written from the page's copy in the loader, which loads with the component,
  // so this page's copy stays out of every other page's scripts.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => ({
    seo: {
      title: 'Contact Us for a Free Consultation',
      description:
        'Call, email or send us a message to book a free consultation for your kitchen, bathroom or home renovation in Richmond Hill and the Greater Toronto Area.',
      path: '/contact-us',
      siteUrl: context.publicConfig.siteUrl,
      lcpImage: siteImages['contact-hero'],
      structuredData: [
        breadcrumbJsonLd(context.publicConfig.siteUrl, [
          { name: 'Contact Us', path: '/contact-us' },
        ]),
      ],
    },
  }),
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.seo) : {}),
  component: ContactPage,
})

function ContactPage() {
  const { service } = Route.useSearch()
  const { publicConfig } = Route.useRouteContext()
  return (
    <>
      <Hero
        eyebrow="Free Consultation"
        title="Contact Us"
        subtitle="Tell us about your project. We reply within one business day, and the consultation is always free."
        backgroundImage={siteImages['contact-hero']}
      />
      <Section labelledBy="contact-form-heading">
        <div
          className={css({
            display: 'grid',
            gap: '12',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1.35fr' },
          })}
        >
          <div className={css({ display: 'grid', gap: '10', alignContent: 'start' })}>
            <section aria-labelledby="contact-details-heading">
              <SectionHeading id="contact-details-heading" title="Get in Touch" />
              <ContactDetails />
            </section>
            <MapStandIn title="Map of our Richmond Hill office" />
          </div>
          <div
            className={css({
              bg: 'bg.subtle',
              borderRadius: 'xl',
              p: { base: '6', md: '10' },
              borderWidth: '1px',
              borderColor: 'border.default',
              alignSelf: 'start',
            })}
          >
            <SectionHeading
              id="contact-form-heading"
              title="Send Us a Message"
              subtitle="Share a few details and we will get back to you shortly."
              showDivider={false}
            />
            <ContactForm
              siteKey={publicConfig.hcaptchaSiteKey}
              initialService={serviceOptionForId(service)}
            />
          </div>
        </div>
      </Section>
    </>
  )
}
