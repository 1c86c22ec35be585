import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { siteImages } from '~/content/site-images'
import { MapStandIn } from './MapStandIn'
import { ServiceAreaTabs } from './ServiceAreaTabs'

export function ServiceAreasPage() {
  return (
    <>
      <Hero
        eyebrow="Where We Work"
        title="Our Service Areas"
        subtitle="Based in Richmond Hill since 1998, we renovate homes and businesses across the Greater Toronto Area."
        backgroundImage={siteImages['areas-hero']}
      />
      <Section labelledBy="map-heading">
        <div
          className={css({
            display: 'grid',
            gap: '10',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1.3fr' },
            alignItems: 'center',
          })}
        >
          <SectionHeading
            id="map-heading"
            title="Serving the Greater Toronto Area"
            subtitle="Our crew works from Richmond Hill to Concord, Etobicoke and Midtown Toronto, and throughout the communities in between. Not sure if we cover your street? Ask us: if we can do the job well, we will."
          />
          <MapStandIn />
        </div>
      </Section>
      <Section tone="subtle" labelledBy="areas-list-heading">
        <SectionHeading id="areas-list-heading" title="Find Your Local Service" centered />
        <ServiceAreaTabs />
      </Section>
      <CallToActionBand
        id="areas-cta-heading"
        title="Book a Free Consultation"
        subtitle="Tell us where you are and what you have in mind. We will visit, measure and give you a transparent estimate."
        quoteLabel="Request a Consultation"
      />
    </>
  )
}
