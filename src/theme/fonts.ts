import { createFontStack } from '@capsizecss/core'
import fraunces from '@capsizecss/metrics/fraunces'
import georgia from '@capsizecss/metrics/georgia'
import notoSerif from '@capsizecss/metrics/notoSerif'
import timesNewRoman from '@capsizecss/metrics/timesNewRoman'
import { defineGlobalFontface } from '@pandacss/dev'

/**
 * Headings are set in Fraunces (SIL Open Font License), self-hosted from @fontsource: one weight,
 * the latin subset, 18 kB. `font-display: optional` lets the browser use it only if it is there
 * within the first ~100 ms (from the cache, after the first page), so a heading never changes
 * face once shown and nothing moves. Until then the local serif stands in, scaled by Capsize to
 * Fraunces' metrics (size-adjust, ascent and descent overrides), so both take the same room.
 */
const headingStack = createFontStack([fraunces, georgia, notoSerif, timesNewRoman], {
  fontFaceFormat: 'styleObject',
})

/** @fontsource/fraunces's latin subset. */
const latinRange =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'

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
