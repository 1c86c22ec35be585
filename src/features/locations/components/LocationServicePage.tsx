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
import { testimonialsFrom } from '#src/content/testimonials.content.ts'
import { CategoryProjects } from '#src/features/gallery/components/CategoryProjects.tsx'
import { GalleryLoad } from '#src/features/gallery/components/GalleryLoad.tsx'
import { categoryShowcaseQueryOptions } from '#src/features/gallery/gallery.queries.ts'
import type { GalleryCategory } from '#src/features/gallery/gallery-item.ts'
import { heroProject } from '#src/features/gallery/gallery-view.ts'
import { responsivePhoto } from '#src/features/gallery/photo-variants.ts'
import type { LocationServicePair } from '#src/lib/location-service-path.ts'
import { locationServicePath } from '#src/lib/location-service-path.ts'

export const recentProjectsLimit = 3

/**
 * The hero's picture: the category's own image until the gallery arrives, then a project of the
 * area's own town (the category's image when the town has none).
 */
function LocationHeroBackground({
  category,
  town,
  fallback,
}: {
  category: GalleryCategory
  town: string
  fallback: HeroImage
}) {
  const { data } = useSuspenseQuery(categoryShowcaseQueryOptions(category))
  const project = heroProject(data.items, category, town)
  return (
    <HeroBackgroundImage
      image={project ? responsivePhoto(project.imageUrl, data.images, 'banner') : fallback}
    />
  )
}

export function LocationServicePage({ location, service }: LocationServicePair) {
  const content = buildLocationServiceContent(location, service)
  const categoryImage = siteImages[content.image]
  const categoryBackground = <HeroBackgroundImage image={categoryImage} />
  const related = serviceCatalog[content.relatedServiceId]
  const testimonials = testimonialsFrom(content.locationName)
  return (
    <>
      <Hero
        eyebrow={`Serving ${content.locationName}`}
        title={content.title}
        subtitle={content.subtitle}
        background={
          <GalleryLoad loading={categoryBackground} failed={categoryBackground}>
            <LocationHeroBackground
              category={content.galleryCategory}
              town={content.locationName}
              fallback={categoryImage}
            />
          </GalleryLoad>
        }
        showCallToAction
      />
      <OverviewSection
        id="location-about-heading"
        title={`${content.serviceTitle} for ${content.locationName}`}
        paragraphs={content.description}
        // The local approach below the reasons: beside the paragraphs and the approach, the panel
        // alone left an empty block of 330–490 px under it at 1440 px.
        aside={
          <div>
            <CheckListPanel
              id="reasons-heading"
              title={`Why ${content.locationName} Chooses Us`}
              items={content.reasons}
            />
            <section aria-labelledby="local-approach-heading" className={css({ mt: '8' })}>
              <h2 id="local-approach-heading" className={css({ textStyle: 'h3', mb: '3' })}>
                Our Local Approach
              </h2>
              <p className={css({ color: 'fg.muted' })}>{content.localApproach}</p>
            </section>
          </div>
        }
      >
        {/* Inline, not flex: a wrapped flex label is as wide as its column, which left the arrow
            far from the text's last word. The last word and the arrow never part. */}
        <p className={css({ mt: '6' })}>
          <Link
            to="/services/$serviceId"
            params={{ serviceId: content.relatedServiceId }}
            className={css({ color: 'fg.link', fontWeight: '700' })}
          >
            More about our {related.title.toLowerCase()}{' '}
            <span className={css({ whiteSpace: 'nowrap' })}>
              service
              <ArrowRightIcon
                size={16}
                className={css({ display: 'inline-block', ml: '2', verticalAlign: '-0.15em' })}
              />
            </span>
          </Link>
        </p>
      </OverviewSection>
      <Section tone="subtle" labelledBy="recent-projects-heading">
        <SectionHeading id="recent-projects-heading" title="Recent Projects" centered />
        <CategoryProjects
          category={content.galleryCategory}
          town={content.locationName}
          limit={recentProjectsLimit}
          errorText="Unable to load gallery images. Please try again later."
          emptyText="No project images available for this category yet."
        />
      </Section>
      {testimonials.length > 0 ? (
        <Section labelledBy="location-testimonials-heading">
          <SectionHeading
            id="location-testimonials-heading"
            title={`What Our Clients in ${content.locationName} Say`}
            centered
          />
          <ul
            className={
              testimonials.length === 1
                ? css({ maxW: '2xl', mx: 'auto' })
                : css({
                    display: 'grid',
                    gap: '6',
                    gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
                  })
            }
          >
            {testimonials.map((testimonial) => (
              <li key={testimonial.author}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
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
          {otherLocationServices(service).map((other) => (
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
