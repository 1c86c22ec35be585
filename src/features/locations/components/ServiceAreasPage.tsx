import { css } from 'styled-system/css'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { MapStandIn } from '#src/components/MapStandIn.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { serviceAreasPage } from '#src/content/service-areas.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import type { ServiceAreaView } from '../service-areas-search'
import { ServiceAreaTabs, serviceAreaListId } from './ServiceAreaTabs'

export function ServiceAreasPage({ view }: { view: ServiceAreaView }) {
  const { hero, map, listTitle, callToAction } = serviceAreasPage
  return (
    <>
      <Hero {...hero} backgroundImage={siteImages['areas-hero']} />
      <Section labelledBy="map-heading">
        <div
          className={css({
            display: 'grid',
            gap: '10',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1.3fr' },
            alignItems: 'center',
          })}
        >
          <SectionHeading id="map-heading" title={map.title} subtitle={map.subtitle} />
          <MapStandIn />
        </div>
      </Section>
      <Section tone="subtle" labelledBy={serviceAreaListId}>
        <SectionHeading id={serviceAreaListId} title={listTitle} centered />
        <ServiceAreaTabs view={view} />
      </Section>
      <CallToActionBand id="areas-cta-heading" {...callToAction} />
    </>
  )
}
