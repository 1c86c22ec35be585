import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button, card } from 'styled-system/recipes'
import { ArrowRightIcon } from '#src/components/icons/icons.tsx'
import { Picture } from '#src/components/Picture.tsx'
import { getServiceCard } from '#src/content/service-cards.ts'
import type { ServiceId } from '#src/content/services.ts'
import { siteImages } from '#src/content/site-images.ts'

type Props = {
  serviceId: ServiceId
  learnMoreLabel?: string
  /** The picture's width on the page, when the card is not one column of three. */
  imageSizes?: string
}

/** A service's image, title and short description, with a Learn More link to its page. */
export function ServiceCard({
  serviceId,
  learnMoreLabel = 'Learn More',
  imageSizes = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw',
}: Props) {
  const service = getServiceCard(serviceId)
  const styles = card({ interactive: true })
  const headingId = `service-card-${serviceId}`
  return (
    <article aria-labelledby={headingId} className={styles.root}>
      <div className={styles.media}>
        <Picture image={siteImages[service.image]} sizes={imageSizes} alt="" fit="cover" />
        {service.badge ? <span className={styles.badge}>{service.badge}</span> : null}
      </div>
      <div className={styles.body}>
        <h3 id={headingId} className={styles.title}>
          {service.title}
        </h3>
        <p className={css({ color: 'fg.muted', lineClamp: '3' })}>{service.cardDescription}</p>
      </div>
      <div className={styles.footer}>
        <Link
          to="/services/$serviceId"
          params={{ serviceId }}
          className={button({ variant: 'outline', size: 'sm' })}
        >
          {learnMoreLabel}
          <span className={css({ srOnly: true })}> about {service.title}</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    </article>
  )
}
