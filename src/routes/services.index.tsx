import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { servicesPageOrder } from '~/content/services'
import { siteImages } from '~/content/site-images'
import { pageHead } from '~/features/seo/page-head'
import { breadcrumbJsonLd } from '~/features/seo/structured-data'
import { ServiceCard } from '~/features/services/components/ServiceCard'

export const Route = createFileRoute('/services/')({
  // The head is written from the page's copy in the loader, which loads with the component,
  // so this page's copy stays out of every other page's scripts.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => ({
    seo: {
      title: 'Our Remodeling Services',
      description:
        'Kitchen, bathroom and commercial remodeling, home design, custom carpentry, cabinetry and laser cutting art, all by our own crew across the GTA.',
      path: '/services',
      siteUrl: context.publicConfig.siteUrl,
      lcpImage: siteImages['services-hero'],
      structuredData: [
        breadcrumbJsonLd(context.publicConfig.siteUrl, [{ name: 'Services', path: '/services' }]),
      ],
    },
  }),
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.seo) : {}),
  component: ServicesPage,
})

function ServicesPage() {
  return (
    <>
      <Hero
        eyebrow="What We Do"
        title="Our Remodeling Services"
        subtitle="From a single bathroom to a whole home or a storefront, one team plans and builds it, with free consultations and transparent estimates."
        backgroundImage={siteImages['services-hero']}
      />
      <Section labelledBy="services-list-heading">
        <SectionHeading
          id="services-list-heading"
          title="Everything Under One Roof"
          subtitle="Choose a service to see what is included, how we work and answers to common questions."
          centered
        />
        <ul
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          })}
        >
          {servicesPageOrder.map((id) => (
            <li key={id} className={css({ display: 'flex', '& > article': { flex: '1' } })}>
              <ServiceCard serviceId={id} />
            </li>
          ))}
        </ul>
      </Section>
      <CallToActionBand
        id="services-cta-heading"
        title="Not Sure Where to Start?"
        subtitle="Tell us about your space and we will recommend the right approach, free of charge."
        quoteLabel="Request a Consultation"
      />
    </>
  )
}
