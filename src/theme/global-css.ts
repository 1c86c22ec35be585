import { defineGlobalStyles } from '@pandacss/dev'

export const globalCss = defineGlobalStyles({
  // The phone's call-and-quote bar (below the medium breakpoint): what it takes of the screen's
  // bottom edge, so focus, anchors and toasts stay clear of it.
  ':root': {
    '--quick-contact-bar-space':
      'calc(token(sizes.quickContactBar) + env(safe-area-inset-bottom, 0px))',
  },
  '@media (min-width: 48em)': { ':root': { '--quick-contact-bar-space': '0px' } },
  html: {
    scrollPaddingTop: '88px',
    scrollPaddingBottom: 'var(--quick-contact-bar-space)',
    WebkitTextSizeAdjust: '100%',
  },
  // A modal dialog (the site menu) keeps the page behind it still.
  'html:has(dialog:modal)': { overflow: 'hidden' },
  body: {
    fontFamily: 'body',
    color: 'fg.default',
    bg: 'bg.canvas',
    textStyle: 'body',
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3, h4': { color: 'fg.heading', textWrap: 'balance' },
  ':focus-visible': {
    outline: '3px solid token(colors.focusRing)',
    outlineOffset: '2px',
  },
  img: { maxWidth: '100%', height: 'auto' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
})
