import { css } from 'styled-system/css'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { ServiceCard } from '#src/components/ServiceCard.tsx'
import { servicesPageOrder } from '#src/content/services.ts'
import { servicesPage } from '#src/content/services-page.content.ts'
import { siteImages } from '#src/content/site-images.ts'

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
