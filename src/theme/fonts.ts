import { createFontStack } from '@capsizecss/core'
import fraunces from '@capsizecss/metrics/fraunces'
import georgia from '@capsizecss/metrics/georgia'
import notoSerif from '@capsizecss/metrics/notoSerif'
import timesNewRoman from '@capsizecss/metrics/timesNewRoman'
import { defineGlobalFontface } from '@pandacss/dev'

/**
 * Headings are set in Fraunces (SIL Open Font License), self-hosted from @fontsource: one weight,
 * the latin subset, 18 kB, asked for by every page's response headers and head
 * (heading-font-preload.ts). A `font-display: optional` face is used when it has arrived before the
 * page first renders, and Chromium holds that first render a little for a preloaded one: a first
 * visit showed it every time measured at slow 4G (bench/heading-face.ts). Where it is later, the
 * headings keep the local serif, scaled by Capsize to Fraunces' metrics (size-adjust, ascent and
 * descent overrides), for the rest of that page's life, client navigation included: a face swapped
 * in late re-wraps headings and moves what follows them (measured with `swap`: a layout shift of
 * 0.056 on a service page at 1440 px). The next page load takes it from the cache.
 */
const headingStack = createFontStack([fraunces, georgia, notoSerif, timesNewRoman], {
  fontFaceFormat: 'styleObject',
})

/** @fontsource/fraunces's latin subset. */
const latinRange =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'

/** Fraunces, then its metric-matched fallbacks. */
export const headingFontFamily = `${headingStack.fontFamily}, serif`

export const headingFontWeight = '600'

export const fontFaces = defineGlobalFontface({
  Fraunces: {
    // Vite resolves the package path and ships the file under a hashed name.
    src: "url('@fontsource/fraunces/files/fraunces-latin-600-normal.woff2') format('woff2')",
    fontWeight: headingFontWeight,
    fontStyle: 'normal',
    fontDisplay: 'optional',
    unicodeRange: latinRange,
  },
  ...Object.fromEntries(
    headingStack.fontFaces.map(({ '@font-face': { fontFamily, ...face } }) => [fontFamily, face]),
  ),
})
