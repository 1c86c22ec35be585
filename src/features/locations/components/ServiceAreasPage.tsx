import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { serviceAreasPage } from '~/content/service-areas.content'
import { siteImages } from '~/content/site-images'
import type { ServiceAreaView } from '../service-areas-search'
import { MapStandIn } from './MapStandIn'
import { ServiceAreaTabs, serviceAreaListId } from './ServiceAreaTabs'

export function ServiceAreasPage({ view }: { view: ServiceAreaView }) {
  const { hero, map, listTitle, callToAction } = serviceAreasPage
  return (
    <>
      <Hero
        eyebrow={hero.eyebrow}
        title={hero.title}
        subtitle={hero.subtitle}
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
          <SectionHeading id="map-heading" title={map.title} subtitle={map.subtitle} />
          <MapStandIn />
        </div>
      </Section>
      <Section tone="subtle" labelledBy={serviceAreaListId}>
        <SectionHeading id={serviceAreaListId} title={listTitle} centered />
        <ServiceAreaTabs view={view} />
      </Section>
      <CallToActionBand
        id="areas-cta-heading"
        title={callToAction.title}
        subtitle={callToAction.subtitle}
        quoteLabel={callToAction.quoteLabel}
      />
    </>
  )
}
