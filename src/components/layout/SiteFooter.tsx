import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { siteContainer } from 'styled-system/recipes'
import { company, formatAddress } from '#app.config.ts'
import { legalNavigation, mainNavigation } from '#src/content/navigation.ts'
import { footerServiceLinks } from '#src/content/services.ts'
import { ClockIcon, MailIcon, MapPinIcon } from '../icons/icons'
import { Logo } from './Logo'
import { PhoneLink } from './PhoneLink'

const columnTitle = css({
  fontFamily: 'heading',
  fontSize: 'lg',
  fontWeight: '600',
  color: 'fg.inverse',
  mb: '4',
})
const footerLink = css({
  color: 'fg.inverseMuted',
  textDecoration: 'none',
  _hover: { color: 'fg.inverse', textDecoration: 'underline' },
})
const linkList = css({ display: 'flex', flexDirection: 'column', gap: '2.5' })

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
      <span className={css({ color: 'accent.onDark', mt: '0.5' })}>{icon}</span>
      <span>{children}</span>
    </li>
  )
}

/** A titled column of footer links: its children are the list's items. */
function LinkColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={columnTitle}>
        {title}
      </h2>
      <ul className={linkList}>{children}</ul>
    </nav>
  )
}

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer
      className={css({
        bg: 'bg.inverse',
        color: 'fg.inverseMuted',
        pt: '16',
        pb: '8',
        // A rule where a page's own navy band (the 404's) runs into it.
        borderTopWidth: '1px',
        borderColor: 'border.inverse',
      })}
    >
      <div className={siteContainer()}>
        <div
          className={css({
            display: 'grid',
            gap: '10',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: '1.4fr 1fr 1fr' },
          })}
        >
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className={css({ srOnly: true })}>
              About {company.name}
            </h2>
            <Logo tone="light" />
            <p className={css({ mt: '5', maxW: '42ch' })}>
              Your one-stop shop for kitchen and bathroom remodeling. Family-run in Richmond Hill
              since {company.foundedYear}, we design and build with our own crew — no
              subcontractors, no hidden fees.
            </p>
            <ul className={cx(linkList, css({ mt: '6', gap: '3' }))}>
              <ContactLine icon={<MapPinIcon size={18} />}>{formatAddress()}</ContactLine>
              <li>
                <PhoneLink className={cx(footerLink, css({ display: 'inline-flex', gap: '3' }))} />
              </li>
              <ContactLine icon={<MailIcon size={18} />}>
                <a href={`mailto:${company.email}`} className={footerLink}>
                  {company.email}
                </a>
              </ContactLine>
              <ContactLine icon={<ClockIcon size={18} />}>
                {company.hours.map((h) => (
                  <span key={h.days} className={css({ display: 'block' })}>
                    {h.days}: {h.time}
                  </span>
                ))}
              </ContactLine>
            </ul>
          </section>
          <LinkColumn id="footer-quick-links" title="Quick Links">
            {[...mainNavigation, ...legalNavigation].map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </LinkColumn>
          <LinkColumn id="footer-services" title="Our Services">
            {footerServiceLinks.map((service) => (
              <li key={service.id}>
                <Link
                  to="/services/$serviceId"
                  params={{ serviceId: service.id }}
                  className={footerLink}
                >
                  {service.label}
                </Link>
              </li>
            ))}
          </LinkColumn>
        </div>
        <div
          className={css({
            mt: '12',
            pt: '6',
            borderTopWidth: '1px',
            borderColor: 'border.inverse',
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            gap: '3',
            justifyContent: 'space-between',
            fontSize: 'sm',
          })}
        >
          <p>
            © {year} {endSentence(company.legalName)} All rights reserved. Proudly Canadian —
            licensed, bonded and insured in Ontario.
          </p>
          <p>
            Website by{' '}
            <a
              href={company.studioCredit.url}
              target="_blank"
              rel="noopener"
              className={css({ color: 'fg.inverse', textDecoration: 'underline' })}
            >
              {company.studioCredit.name}
              <span className={css({ srOnly: true })}> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </div>
    </footer>
  )
}

/** "Maple Hearth Renovations Inc." ends its sentence already; a name without a stop gets one. */
const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`)
