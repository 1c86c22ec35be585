import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { CallToActionBand } from '~/components/CallToActionBand'
import { FaqAccordion } from '~/components/FaqAccordion'
import { Hero } from '~/components/Hero'
import { CheckIcon } from '~/components/icons/icons'
import { NotFoundHero } from '~/components/layout/NotFoundPage'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { CategoryProjects } from '~/features/gallery/components/CategoryProjects'
import { siteImages } from '~/features/media/site-images'
import type { ServiceId } from '../service-ids'
import { faqAnchor } from '../service-params'
import { getService } from '../services.content'
import { ProcessTimeline } from './ProcessTimeline'
import { StaticGallery } from './StaticGallery'

export const portfolioLimit = 6

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className={css({ display: 'grid', gap: '3' })}>
      {items.map((item) => (
        <li key={item} className={css({ display: 'flex', gap: '3' })}>
          <span className={css({ color: 'accent.solid', flexShrink: '0', mt: '0.5' })}>
            <CheckIcon size={20} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  )
}

export function ServiceDetailPage({ serviceId }: { serviceId: ServiceId }) {
  const service = getService(serviceId)
  return (
    <>
      <Hero
        eyebrow={service.badge ?? 'Our Services'}
        title={service.title}
        subtitle={service.subtitle}
        backgroundImage={siteImages[service.image]}
        showCallToAction
      />
      <Section labelledBy="service-overview-heading">
        <div
          className={css({
            display: 'grid',
            gap: '12',
            gridTemplateColumns: { base: '1fr', lg: '1.5fr 1fr' },
          })}
        >
          <div>
            <SectionHeading id="service-overview-heading" title={`About ${service.shortTitle}`} />
            <div className={css({ display: 'grid', gap: '4', color: 'fg.muted' })}>
              {service.description.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <div className={css({ display: 'grid', gap: '8', alignContent: 'start' })}>
            <section aria-labelledby="features-heading" className={panel}>
              <h2 id="features-heading" className={panelTitle}>
                Key Features
              </h2>
              <CheckList items={service.features} />
            </section>
            <section aria-labelledby="benefits-heading" className={panel}>
              <h2 id="benefits-heading" className={panelTitle}>
                Benefits
              </h2>
              <CheckList items={service.benefits} />
            </section>
          </div>
        </div>
      </Section>
      <Section tone="subtle" labelledBy="process-heading">
        <SectionHeading
          id="process-heading"
          title="Our Process"
          subtitle="Five clear steps from the first conversation to the final walkthrough."
          centered
        />
        <ProcessTimeline steps={service.process} />
      </Section>
      <Section labelledBy="portfolio-heading">
        <SectionHeading
          id="portfolio-heading"
          title="Recent Projects"
          subtitle={`A selection of ${service.shortTitle.toLowerCase()} work from our gallery.`}
          centered
        />
        <CategoryProjects
          category={service.galleryCategory}
          limit={portfolioLimit}
          errorText="Unable to load gallery images. Please try again later."
          emptyText="No gallery images available for this category."
          fallback={<StaticGallery images={service.fallbackGallery} />}
        />
        <div className={css({ display: 'flex', justifyContent: 'center', mt: '10' })}>
          <Link
            to="/gallery"
            search={{ category: service.galleryCategory }}
            className={button({ variant: 'outline', size: 'lg' })}
          >
            See More in the Gallery
          </Link>
        </div>
      </Section>
      <Section tone="subtle" narrow labelledBy="service-faq-heading">
        <SectionHeading id="service-faq-heading" title="Frequently Asked Questions" centered />
        <FaqAccordion
          items={service.faqs.map((faq) => ({ ...faq, id: faqAnchor(faq.question) }))}
        />
      </Section>
      <CallToActionBand
        id="service-cta-heading"
        title={`Ready to Talk About Your ${service.shortTitle} Project?`}
        subtitle="Book a free consultation and receive a transparent estimate with no hidden fees."
        service={serviceId}
      />
    </>
  )
}

const panel = css({
  bg: 'bg.subtle',
  borderRadius: 'lg',
  p: '7',
  borderWidth: '1px',
  borderColor: 'border.default',
})
const panelTitle = css({ textStyle: 'h3', mb: '4' })

export function ServiceNotFound() {
  return (
    <NotFoundHero
      title="Service Not Found"
      subtitle="We don't offer a service at that address. Browse everything we do, or get in touch and tell us about your project."
      links={[
        { to: '/services', label: 'View All Services' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  )
}
