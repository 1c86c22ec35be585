import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button, siteContainer } from 'styled-system/recipes'
import { company } from '#app.config.ts'
import { quoteLabels } from '#src/content/quote-labels.ts'
import { Logo } from './Logo'
import { MainNavItems, MobileMenu } from './MobileMenu'
import { PhoneLink } from './PhoneLink'
import { usePageQuoteInView } from './use-page-quote-in-view'
import { useScrolled } from './use-scrolled'

export const headerScrollThreshold = 10

export function SiteHeader() {
  const scrolled = useScrolled(headerScrollThreshold)
  const pageQuoteInView = usePageQuoteInView()
  return (
    <header
      data-scrolled={scrolled ? '' : undefined}
      className={css({
        position: 'fixed',
        insetInline: '0',
        top: '0',
        zIndex: '40',
        color: 'fg.inverse',
        bg: 'transparent',
        transition: 'background-color token(durations.normal), box-shadow token(durations.normal)',
        '&[data-scrolled]': { bg: 'bg.canvas', color: 'brand.text', boxShadow: 'header' },
        // Without scripts nothing tells the header the page has scrolled: it stays solid, its
        // wordmark in its colours on white, readable over any part of the page.
        '@media (scripting: none)': {
          bg: 'bg.canvas',
          color: 'brand.text',
          boxShadow: 'header',
          '& svg[data-tone]': { color: 'brand.solid' },
          '& svg[data-tone] [data-mark]': { color: 'accent.solid' },
        },
      })}
    >
      <div
        className={cx(
          siteContainer(),
          // From 1024 px the links, the call and the quote share the row: closer together, so that
          // from 1280 px, with the number shown, they still end at the content's edge.
          css({
            display: 'flex',
            alignItems: 'center',
            gap: { base: '6', lg: '3' },
            h: { base: '16', lg: '20' },
          }),
        )}
      >
        <Link to="/" className={css({ mr: 'auto' })}>
          <Logo tone={scrolled ? 'dark' : 'light'} />
          <span className={css({ srOnly: true })}>, home</span>
        </Link>
        <nav aria-label="Main" className={css({ display: { base: 'none', lg: 'block' } })}>
          <ul className={css({ display: 'flex', gap: { lg: '1' } })}>
            <MainNavItems
              className={css({
                display: 'block',
                px: { lg: '1.5' },
                whiteSpace: 'nowrap',
                py: '2',
                fontWeight: '600',
                fontSize: 'sm',
                borderRadius: 'sm',
                textDecoration: 'none',
                textUnderlineOffset: '6px',
                _hover: { textDecoration: 'underline' },
                '&[aria-current=page]': {
                  textDecoration: 'underline',
                  textDecorationThickness: '2px',
                },
              })}
            />
          </ul>
        </nav>
        {/* From the medium breakpoint the header offers the call and the quote side by side, as
            plain links that work at first paint; below it the phone's bar at the bottom does. The
            quote fills only while no page's own filled quote button is on screen. */}
        <div
          className={css({
            display: { base: 'none', md: 'flex' },
            alignItems: 'center',
            gap: '2',
            flexShrink: '0',
          })}
        >
          {/* Between 1024 and 1280 px the number leaves no room for the links: the icon stays. */}
          <PhoneLink
            aria-label={`Call ${company.phone.display}`}
            className={cx(
              button({ variant: 'ghost', size: 'sm' }),
              css({
                whiteSpace: 'nowrap',
                borderColor: 'currentColor',
                px: { lg: '2.5' },
              }),
            )}
          >
            <span className={css({ display: { base: 'inline', lg: 'none', xl: 'inline' } })}>
              {company.phone.display}
            </span>
          </PhoneLink>
          <Link
            to="/contact-us"
            className={cx(
              pageQuoteInView
                ? cx(button({ variant: 'ghost', size: 'sm' }), css({ borderColor: 'currentColor' }))
                : button({ variant: 'accent', size: 'sm' }),
              css({ whiteSpace: 'nowrap' }),
            )}
          >
            {quoteLabels.short}
          </Link>
        </div>
        <MobileMenu />
      </div>
    </header>
  )
}
