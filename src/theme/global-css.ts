import { defineGlobalStyles } from '@pandacss/dev'

export const globalCss = defineGlobalStyles({
  html: {
    scrollPaddingTop: '88px',
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
