import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { PhoneLink } from './layout/PhoneLink'
import { Section } from './Section'
import { SectionHeading } from './SectionHeading'

type Props = {
  id: string
  title: string
  subtitle?: ReactNode
  quoteLabel?: string
  callLabel?: string
  /** Preselects the service on the contact form. */
  service?: string
}

/** The closing band of a page: a free quote and a call, on navy. */
export function CallToActionBand({
  id,
  title,
  subtitle,
  quoteLabel = 'Get Your Free Quote',
  callLabel = 'Call Now',
  service,
}: Props) {
  return (
    <Section tone="inverse" labelledBy={id}>
      <SectionHeading id={id} title={title} subtitle={subtitle} centered tone="dark" />
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', justifyContent: 'center' })}
      >
        <Link
          to="/contact-us"
          search={service ? { service } : undefined}
          className={button({ variant: 'accent', size: 'lg' })}
        >
          {quoteLabel}
        </Link>
        <PhoneLink className={button({ variant: 'outlineOnDark', size: 'lg' })}>
          {callLabel}
        </PhoneLink>
      </div>
    </Section>
  )
}
