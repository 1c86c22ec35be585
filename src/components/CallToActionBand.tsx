import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { button, buttonGroup, siteContainer } from 'styled-system/recipes'
import { quoteLabels } from '#src/content/quote-labels.ts'
import { PhoneLink } from './layout/PhoneLink'
import { pageQuoteAttribute } from './layout/use-page-quote-in-view'
import { RegistrationsLine } from './RegistrationsLine'
import { SectionHeading } from './SectionHeading'

type QuoteAndCallProps = {
  quoteLabel?: string
  callLabel?: string
  /** Preselects the service on the contact form. */
  service?: string
}

/** The page's own filled quote button and a call, on a dark band (a hero's, a closing band's). */
export function QuoteAndCall({
  quoteLabel = quoteLabels.full,
  callLabel = 'Call Now',
  service,
}: QuoteAndCallProps) {
  return (
    <>
      <Link
        to="/contact-us"
        search={service ? { service } : undefined}
        {...pageQuoteAttribute}
        className={button({ variant: 'accent', size: 'lg' })}
      >
        {quoteLabel}
      </Link>
      <PhoneLink className={button({ variant: 'outlineOnDark', size: 'lg' })}>
        {callLabel}
      </PhoneLink>
    </>
  )
}

/**
 * The closing call to action of a page: a free quote and a call, on a navy panel that sits on a
 * light band, so it reads as its own block and not as the top of the (also navy) footer.
 */
export function CallToActionBand({
  id,
  title,
  subtitle,
  ...actions
}: QuoteAndCallProps & { id: string; title: string; subtitle?: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={css({
        bg: 'bg.subtle',
        py: { base: '12', md: '20' },
        // Right after a band of the same tone, that band's own bottom space is gap enough.
        '[data-tone=subtle] + &': { pt: '0' },
      })}
    >
      <div className={siteContainer()}>
        <div
          className={css({
            display: 'grid',
            gap: '8',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' },
            alignItems: 'center',
            bg: 'bg.inverse',
            bgImage:
              'radial-gradient(circle at 100% 0%, color-mix(in srgb, token(colors.accent.glow) 30%, transparent), transparent 55%)',
            color: 'fg.inverseMuted',
            borderRadius: 'xl',
            boxShadow: 'lg',
            px: { base: '5', md: '12', lg: '16' },
            py: { base: '10', md: '14' },
          })}
        >
          <SectionHeading id={id} title={title} subtitle={subtitle} tone="dark" flush />
          <div className={buttonGroup({ besideHeading: true })}>
            <QuoteAndCall {...actions} />
          </div>
          <div className={css({ gridColumn: '1 / -1' })}>
            <RegistrationsLine tone="dark" />
          </div>
        </div>
      </div>
    </section>
  )
}
