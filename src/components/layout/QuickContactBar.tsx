import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { quoteLabels } from '#src/content/quote-labels.ts'
import { PhoneLink } from './PhoneLink'
import { usePageQuoteInView } from './use-page-quote-in-view'

/**
 * Below the medium breakpoint, a call and a free quote stay one tap away at every scroll position
 * (from it the header, fixed at the top, shows both: the bar would repeat them). Its quote fills
 * only while no page's own filled quote button is on screen, so one at a time shows filled.
 * Fixed to the bottom edge, where a thumb reaches; the layout keeps its height free at the end of
 * the page (`QuickContactBarSpace`), so it covers nothing once scrolled to the end and moves
 * nothing when it appears. Its height is `--quick-contact-bar-space` (global-css.ts), which
 * scroll padding and the toasts keep clear of too.
 */
export function QuickContactBar() {
  const pageQuoteInView = usePageQuoteInView()
  return (
    <nav
      aria-label="Call or ask for a quote"
      className={css({
        display: { base: 'grid', md: 'none' },
        gridTemplateColumns: '1fr 1fr',
        gap: '3',
        position: 'fixed',
        insetInline: '0',
        bottom: '0',
        zIndex: '30',
        h: 'var(--quick-contact-bar-space)',
        px: '4',
        pt: '3',
        pb: 'calc(token(spacing.3) + env(safe-area-inset-bottom, 0px))',
        bg: 'bg.canvas',
        borderTopWidth: '1px',
        borderColor: 'border.default',
        boxShadow: 'header',
      })}
    >
      <PhoneLink className={cx(button({ variant: 'outline', size: 'md' }), nowrap)}>
        Call Now
      </PhoneLink>
      <Link
        to="/contact-us"
        className={cx(
          button({ variant: pageQuoteInView ? 'outline' : 'accent', size: 'md' }),
          nowrap,
        )}
      >
        {quoteLabels.short}
      </Link>
    </nav>
  )
}

/** The bar's height, kept free after the footer on the screens that show the bar. */
export function QuickContactBarSpace() {
  return (
    <div
      aria-hidden="true"
      className={css({
        display: { base: 'block', md: 'none' },
        h: 'var(--quick-contact-bar-space)',
        bg: 'bg.inverse',
      })}
    />
  )
}

const nowrap = css({ whiteSpace: 'nowrap' })
