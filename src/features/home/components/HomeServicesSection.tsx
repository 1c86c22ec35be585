import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { ArrowRightIcon } from '#src/components/icons/icons.tsx'
import { Picture } from '#src/components/Picture.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { ServiceCard } from '#src/components/ServiceCard.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { homeServiceCards } from '#src/content/services.ts'
import { siteImages } from '#src/content/site-images.ts'

export function HomeServicesSection() {
  const { services } = homeContent
  const banner = services.laserBanner
  return (
    <Section labelledBy="services-heading">
      <SectionHeading
        id="services-heading"
        title={services.title}
        subtitle={services.subtitle}
        split
      />
      <aside
        aria-labelledby="laser-banner-heading"
        className={css({
          position: 'relative',
          overflow: 'hidden',
          isolation: 'isolate',
          borderRadius: 'xl',
          bg: 'bg.inverse',
          color: 'fg.inverse',
          mb: '10',
          display: 'grid',
          // Side by side from the large breakpoint: at 768 px the text's half left the button's
          // label too little room for one line.
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
        })}
      >
        <div
          className={css({
            p: { base: '5', md: '10' },
            display: 'grid',
            gap: '4',
            alignContent: 'center',
          })}
        >
          <p
            className={css({
              justifySelf: 'start',
              bg: 'accent.solid',
              color: 'fg.inverse',
              px: '3',
              py: '1',
              borderRadius: 'full',
              textStyle: 'eyebrow',
              fontSize: 'xs',
            })}
          >
            {banner.eyebrow}
          </p>
          <h3
            id="laser-banner-heading"
            className={css({
              textStyle: 'h2',
              color: 'fg.inverse',
              fontSize: { base: '2xl', md: '3xl' },
            })}
          >
            {banner.title}
          </h3>
          <p className={css({ color: 'fg.inverseSoft', maxW: '52ch' })}>{banner.text}</p>
          <Link
            to="/services/$serviceId"
            params={{ serviceId: banner.serviceId }}
            className={cx(css({ justifySelf: 'start' }), button({ variant: 'accent' }))}
          >
            {banner.linkLabel}
            {/* On a phone the label alone fills the line. */}
            <span className={css({ display: { base: 'none', sm: 'inline-flex' } })}>
              <ArrowRightIcon size={18} />
            </span>
          </Link>
        </div>
        <div className={css({ position: 'relative', minH: '56' })}>
          <Picture
            image={siteImages['laser-art']}
            sizes="(min-width: 1024px) 45vw, 100vw"
            alt=""
            fit="cover"
            className={css({ position: 'absolute', inset: '0' })}
          />
        </div>
      </aside>
      <ul
        className={css({
          display: 'grid',
          gap: '6',
          // One column, then all three on one row: two columns left the third card alone at 768.
          gridTemplateColumns: { base: '1fr', lg: 'repeat(3, 1fr)' },
        })}
      >
        {homeServiceCards.map((id) => (
          <li key={id} className={css({ display: 'flex', '& > article': { flex: '1' } })}>
            <ServiceCard serviceId={id} learnMoreLabel={services.learnMoreLabel} />
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', justifyContent: 'center', mt: '10' })}>
        <Link to="/services" className={button({ variant: 'primary', size: 'lg' })}>
          {services.viewAllLabel}
        </Link>
      </div>
    </Section>
  )
}
