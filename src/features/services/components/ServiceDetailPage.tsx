import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { CheckListPanel } from '#src/components/CheckListPanel.tsx'
import { FaqAccordion } from '#src/components/FaqAccordion.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { NotFoundHero } from '#src/components/layout/NotFoundPage.tsx'
import { OverviewSection } from '#src/components/OverviewSection.tsx'
import { ProcessTimeline } from '#src/components/ProcessTimeline.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import type { ServiceContent } from '#src/content/schemas/service.schema.ts'
import type { ServiceId } from '#src/content/services.ts'
import { siteImages } from '#src/content/site-images.ts'
import { CategoryProjects } from '#src/features/gallery/components/CategoryProjects.tsx'
import { faqAnchor } from '../service-params'
import { StaticGallery } from './StaticGallery'

export const portfolioLimit = 6

/** A service's page, from the copy its route's loader loaded. */
export function ServiceDetailPage({
  serviceId,
  service,
}: {
  serviceId: ServiceId
  service: ServiceContent
}) {
  return (
    <>
      <Hero
        eyebrow={service.badge ?? 'Our Services'}
        title={service.title}
        subtitle={service.subtitle}
        backgroundImage={siteImages[service.image]}
        showCallToAction
      />
      <OverviewSection
        id="service-overview-heading"
        title={`About ${service.title}`}
        paragraphs={service.description}
        stacked
        aside={
          <div
            className={css({
              display: 'grid',
              gap: '8',
              gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            })}
          >
            <CheckListPanel id="features-heading" title="Key Features" items={service.features} />
            <CheckListPanel id="benefits-heading" title="Benefits" items={service.benefits} />
          </div>
        }
      />
      <Section tone="subtle" labelledBy="process-heading">
        <SectionHeading
          id="process-heading"
          title="Our Process"
          subtitle="Five clear steps, from a free consultation to the final inspection."
          centered
        />
        <ProcessTimeline steps={service.process} />
      </Section>
      <Section labelledBy="portfolio-heading">
        <SectionHeading
          id="portfolio-heading"
          title="Recent Projects"
          subtitle={`A selection of ${service.title.toLowerCase()} work from our gallery.`}
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
        title={`Ready to Talk About Your ${service.title} Project?`}
        subtitle="Book a free consultation and receive a transparent estimate with no hidden fees."
        service={serviceId}
      />
    </>
  )
}

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
