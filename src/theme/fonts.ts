import { createFontStack } from '@capsizecss/core'
import fraunces from '@capsizecss/metrics/fraunces'
import georgia from '@capsizecss/metrics/georgia'
import notoSerif from '@capsizecss/metrics/notoSerif'
import timesNewRoman from '@capsizecss/metrics/timesNewRoman'
import { defineGlobalFontface } from '@pandacss/dev'

/**
 * Headings are set in Fraunces (SIL Open Font License), self-hosted from @fontsource: one weight,
 * the latin subset, 18 kB. A first visit does not wait for it or spend bandwidth on it while the
 * hero picture loads: its headings use the local serif, scaled by Capsize to Fraunces' metrics
 * (size-adjust, ascent and descent overrides) so both take the same room, and the face is fetched
 * into the cache once the page has loaded (features/boot/heading-font.ts). Pages that follow name
 * Fraunces first (`html[data-heading-font=cached]`), and `font-display: optional` uses it only if
 * it is there within the first ~100 ms, so a heading never changes face once shown.
 */
const headingStack = createFontStack([fraunces, georgia, notoSerif, timesNewRoman], {
  fontFaceFormat: 'styleObject',
})

/** @fontsource/fraunces's latin subset. */
const latinRange =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'

/** Fraunces, then its metric-matched fallbacks: once the face is known to be in the cache. */
export const headingFontFamily = `${headingStack.fontFamily}, serif`

/** The metric-matched fallbacks alone: a first visit, which has not fetched Fraunces yet. */
export const headingFallbackFamily = headingFontFamily.replace(/^Fraunces, /, '')

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
