import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button, siteContainer } from 'styled-system/recipes'
import { company } from '#app.config.ts'
import { mainNavigation } from '#src/content/navigation.ts'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'
import { PhoneLink } from './PhoneLink'
import { useScrolled } from './use-scrolled'

export const headerScrollThreshold = 10

export function SiteHeader() {
  const scrolled = useScrolled(headerScrollThreshold)
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
      })}
    >
      <div
        className={cx(
          siteContainer(),
          css({ display: 'flex', alignItems: 'center', gap: '6', h: { base: '16', lg: '20' } }),
        )}
      >
        <Link to="/" className={css({ mr: 'auto' })}>
          <Logo tone={scrolled ? 'dark' : 'light'} />
          <span className={css({ srOnly: true })}>, home</span>
        </Link>
        <nav aria-label="Main" className={css({ display: { base: 'none', lg: 'block' } })}>
          <ul className={css({ display: 'flex', gap: { lg: '1', xl: '2' } })}>
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ exact: item.to === '/' }}
                  className={css({
                    display: 'block',
                    px: { lg: '2', xl: '3' },
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
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Between 1024 and 1280 px the number leaves no room for the links: the icon stays. */}
        <PhoneLink
          aria-label={`Call ${company.phone.display}`}
          className={cx(
            button({ variant: 'accent', size: 'sm' }),
            css({ display: { base: 'none', lg: 'inline-flex' }, whiteSpace: 'nowrap' }),
          )}
        >
          <span className={css({ display: { base: 'none', xl: 'inline' } })}>
            {company.phone.display}
          </span>
        </PhoneLink>
        <MobileMenu />
      </div>
    </header>
  )
}
