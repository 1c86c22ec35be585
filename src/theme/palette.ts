/**
 * The brand's colour scales as plain values. Panda's tokens are made from them (tokens.ts), and
 * the few places outside CSS that need a colour (the browser's theme-color) read them here
 * without pulling Panda's token map into the page.
 */
export const palette = {
  navy: {
    50: '#eef3f9',
    100: '#d6e2f0',
    200: '#a9c1de',
    300: '#7598c4',
    400: '#4871a6',
    500: '#2a5589',
    600: '#1c426f',
    700: '#143358',
    800: '#0e2643',
    900: '#091a30',
    950: '#050f1d',
  },
  sand: {
    50: '#fbf9f6',
    100: '#f5f0e8',
    200: '#e9e0d2',
    300: '#d6c8b3',
    400: '#b7a68d',
    500: '#8f7f68',
    600: '#6e604e',
    700: '#54493c',
    800: '#3a332a',
    900: '#26211b',
  },
  copper: {
    100: '#fbe9d9',
    300: '#eaa86b',
    400: '#dd8a41',
    500: '#c46f24',
    600: '#a3591a',
    700: '#7f4514',
  },
} as const

/** The colour a phone's browser paints its toolbar in: the brand's solid navy. */
export const browserThemeColor = palette.navy[700]
