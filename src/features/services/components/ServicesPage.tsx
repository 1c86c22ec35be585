import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { servicesPageOrder } from '~/content/services'
import { servicesPage } from '~/content/services-page.content'
import { siteImages } from '~/content/site-images'
import { ServiceCard } from './ServiceCard'

export function ServicesPage() {
  const { hero, list, callToAction } = servicesPage
  return (
    <>
      <Hero
        eyebrow={hero.eyebrow}
        title={hero.title}
        subtitle={hero.subtitle}
        backgroundImage={siteImages['services-hero']}
      />
      <Section labelledBy="services-list-heading">
        <SectionHeading
          id="services-list-heading"
          title={list.title}
          subtitle={list.subtitle}
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
        title={callToAction.title}
        subtitle={callToAction.subtitle}
        quoteLabel={callToAction.quoteLabel}
      />
    </>
  )
}
