import { css, cx } from 'styled-system/css'
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
      <Hero {...hero} backgroundImage={siteImages['services-hero']} />
      <Section labelledBy="services-list-heading">
        <SectionHeading id="services-list-heading" {...list} centered />
        <ul
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          })}
        >
          {servicesPageOrder.map((id, index) => (
            <li key={id} className={index === 0 ? cx(cardCell, promotedCell) : cardCell}>
              <ServiceCard
                serviceId={id}
                imageSizes={index === 0 ? '(min-width: 768px) 50vw, 100vw' : undefined}
              />
            </li>
          ))}
        </ul>
      </Section>
      <CallToActionBand id="services-cta-heading" {...callToAction} />
    </>
  )
}

const cardCell = css({ display: 'flex', '& > article': { flex: '1' } })

/**
 * The first card (the newest service, promoted) takes a row of its own from two columns up, its
 * picture beside its text, so the six after it fill their rows: seven cards in a grid of two or
 * three left one alone on the last row.
 */
const promotedCell = css({
  md: {
    gridColumn: '1 / -1',
    '& > article': {
      display: 'grid',
      gridTemplateColumns: '1fr 1fr',
      gridTemplateRows: '1fr auto',
    },
    '& > article > :first-child': { gridRow: '1 / span 2', aspectRatio: 'auto', minH: '64' },
    '& > article > :first-child img': { position: 'absolute', inset: '0' },
    '& > article > :not(:first-child)': { gridColumn: '2' },
  },
})
