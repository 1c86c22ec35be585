import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { servicesPageOrder } from '~/content/services'
import { siteImages } from '~/content/site-images'
import { ServiceCard } from './ServiceCard'

export function ServicesPage() {
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
