import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button, card } from 'styled-system/recipes'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { CheckListPanel } from '#src/components/CheckListPanel.tsx'
import { Hero, HeroBackgroundImage, type HeroImage } from '#src/components/Hero.tsx'
import { ArrowRightIcon } from '#src/components/icons/icons.tsx'
import { NotFoundHero } from '#src/components/layout/NotFoundPage.tsx'
import { OverviewSection } from '#src/components/OverviewSection.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { TestimonialCard } from '#src/components/TestimonialCard.tsx'
import { buildLocationServiceContent, otherLocationServices } from '#src/content/location-pages.ts'
import { locationServices } from '#src/content/locations.content.ts'
import { serviceCatalog } from '#src/content/services.ts'
import { siteImages } from '#src/content/site-images.ts'
import { locationTestimonials } from '#src/content/testimonials.content.ts'
import { CategoryProjects } from '#src/features/gallery/components/CategoryProjects.tsx'
import { GalleryLoad } from '#src/features/gallery/components/GalleryLoad.tsx'
import { categoryShowcaseQueryOptions } from '#src/features/gallery/gallery.queries.ts'
import type { GalleryCategory } from '#src/features/gallery/gallery-item.ts'
import { heroProject } from '#src/features/gallery/gallery-view.ts'
import { responsivePhoto } from '#src/features/gallery/photo-variants.ts'
import type { LocationServicePair } from '#src/lib/location-service-path.ts'
import { locationServicePath } from '#src/lib/location-service-path.ts'

export const recentProjectsLimit = 3
export const otherServicesLimit = 3

/** The hero's picture: the category's own image until the gallery arrives, then its project. */
function LocationHeroBackground({
  category,
  fallback,
}: {
  category: GalleryCategory
  fallback: HeroImage
}) {
  const { data } = useSuspenseQuery(categoryShowcaseQueryOptions(category))
  const project = heroProject(data.items, category)
  return (
    <HeroBackgroundImage
      image={project ? responsivePhoto(project.imageUrl, data.images, 'banner') : fallback}
    />
  )
}

export function LocationServicePage({ location, service }: LocationServicePair) {
  const content = buildLocationServiceContent(location, service)
  const categoryImage = siteImages[content.image]
  const related = serviceCatalog[content.relatedServiceId]
  return (
    <>
      <Hero
        eyebrow={`Serving ${content.locationName}`}
        title={content.title}
        subtitle={content.subtitle}
        background={
          <GalleryLoad
            loading={<HeroBackgroundImage image={categoryImage} />}
            failed={<HeroBackgroundImage image={categoryImage} />}
          >
            <LocationHeroBackground category={content.galleryCategory} fallback={categoryImage} />
          </GalleryLoad>
        }
        showCallToAction
      />
      <OverviewSection
        id="location-about-heading"
        title={`${content.serviceTitle} for ${content.locationName}`}
        paragraphs={content.description}
        aside={
          <CheckListPanel
            id="reasons-heading"
            title={`Why ${content.locationName} Chooses Us`}
            items={content.reasons}
            className={css({ alignSelf: 'start' })}
          />
        }
      >
        <section aria-labelledby="local-approach-heading" className={css({ mt: '8' })}>
          <h3 id="local-approach-heading" className={css({ textStyle: 'h3', mb: '3' })}>
            Our Local Approach
          </h3>
          <p className={css({ color: 'fg.muted' })}>{content.localApproach}</p>
        </section>
        <Link
          to="/services/$serviceId"
          params={{ serviceId: content.relatedServiceId }}
          className={css({
            mt: '6',
            display: 'inline-flex',
            gap: '2',
            alignItems: 'center',
            color: 'fg.link',
            fontWeight: '700',
          })}
        >
          More about our {related.title.toLowerCase()} service
          <ArrowRightIcon size={16} />
        </Link>
      </OverviewSection>
      <Section tone="subtle" labelledBy="recent-projects-heading">
        <SectionHeading id="recent-projects-heading" title="Recent Projects" centered />
        <CategoryProjects
          category={content.galleryCategory}
          limit={recentProjectsLimit}
          errorText="Unable to load gallery images. Please try again later."
          emptyText="No project images available for this category yet."
        />
      </Section>
      <Section labelledBy="location-testimonials-heading">
        <SectionHeading id="location-testimonials-heading" title="What Our Clients Say" centered />
        <ul
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
          })}
        >
          {locationTestimonials.map((testimonial) => (
            <li key={testimonial.author}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </Section>
      <CallToActionBand
        id="location-cta-heading"
        title={`Get a Free Quote in ${content.locationName}`}
        subtitle="Tell us about your project and we will visit, measure and give you a transparent estimate with no hidden fees."
        service={service}
      />
      <Section tone="subtle" labelledBy="other-services-heading">
        <SectionHeading
          id="other-services-heading"
          title={`More Services in ${content.locationName}`}
          centered
        />
        <ul
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
          })}
        >
          {otherLocationServices(service, otherServicesLimit).map((other) => (
            <li key={other} className={card().root}>
              <div className={card().body}>
                <h3 className={card().title}>{locationServices[other].title}</h3>
                <Link
                  to="/areas-of-service/$locationService"
                  params={{ locationService: locationServicePath(location, other) }}
                  className={button({ variant: 'outline', size: 'sm' })}
                  style={{ justifySelf: 'start' }}
                >
                  Learn More
                  <span className={css({ srOnly: true })}>
                    {' '}
                    about {locationServices[other].title} in {content.locationName}
                  </span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}

export function LocationServiceNotFound() {
  return (
    <NotFoundHero
      title="Service Not Found"
      subtitle="We couldn't match that address to one of our service areas. Location pages look like /areas-of-service/location-service, for example /areas-of-service/concord-kitchen-remodeling."
      links={[
        { to: '/service-areas', label: 'View Service Areas' },
        { to: '/services', label: 'All Services' },
        { to: '/', label: 'Home' },
      ]}
    />
  )
}
