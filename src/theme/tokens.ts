import { defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'
import { headingFontFamily, headingFontWeight } from './fonts'
import { palette } from './palette'

export const tokens = defineTokens({
  colors: Object.fromEntries(
    Object.entries(palette).map(([scale, shades]) => [
      scale,
      Object.fromEntries(Object.entries(shades).map(([shade, value]) => [shade, { value }])),
    ]),
  ),
  fonts: {
    body: {
      value:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    },
  },
  radii: {
    sm: { value: '4px' },
    md: { value: '8px' },
    lg: { value: '14px' },
    xl: { value: '22px' },
  },
  shadows: {
    sm: { value: '0 1px 2px rgba(9, 26, 48, 0.08)' },
    md: { value: '0 6px 18px -6px rgba(9, 26, 48, 0.18)' },
    lg: { value: '0 18px 40px -12px rgba(9, 26, 48, 0.28)' },
    header: { value: '0 2px 14px rgba(9, 26, 48, 0.12)' },
  },
  sizes: {
    container: { value: '1200px' },
    prose: { value: '68ch' },
    /** The phone's call-and-quote bar: two large buttons and their padding. */
    quickContactBar: { value: '4.75rem' },
  },
  durations: {
    fast: { value: '150ms' },
    normal: { value: '250ms' },
    slow: { value: '600ms' },
  },
})

export const semanticTokens = defineSemanticTokens({
  fonts: {
    heading: { value: headingFontFamily },
  },
  colors: {
    bg: {
      canvas: { value: 'white' },
      subtle: { value: '{colors.sand.50}' },
      muted: { value: '{colors.sand.100}' },
      inverse: { value: '{colors.navy.900}' },
      /** A panel set on the inverse band. */
      inverseRaised: { value: '{colors.navy.800}' },
      /** The darkest surface: tooltips, the photo viewer. */
      inverseDeep: { value: '{colors.navy.950}' },
      /** A placeholder while a picture loads, and the shine that sweeps it. */
      skeleton: { value: '{colors.sand.100}' },
      skeletonShine: { value: '{colors.sand.200}' },
      // Opaque: the page under the open menu must not show through it.
      overlay: { value: 'rgb(5, 15, 29)' },
      /** Behind a dialog over the page. */
      scrim: { value: 'rgba(5, 15, 29, 0.86)' },
      /** A round control over a photo. */
      photoControl: { value: 'rgba(5, 15, 29, 0.75)' },
      /** Under the pointer, on a control without a fill of its own over a dark band. */
      hoverOnDark: { value: 'rgba(255,255,255,0.12)' },
      /** Under the pointer, on a control without a fill of its own over any background. */
      hoverNeutral: { value: 'rgba(127,127,127,0.14)' },
    },
    /**
     * The shade over a hero's photo, dark on the text's side. Below 1280 px the text spans nearly
     * the whole width, so the shade stays at `narrow` across it: over a white pixel that leaves a
     * background of at most 6.5% luminance, on which the copper eyebrow still reads at 4.6:1.
     */
    heroShade: {
      from: { value: 'rgba(5, 15, 29, 0.88)' },
      narrow: { value: 'rgba(9, 26, 48, 0.8)' },
      /** Under the header, which sits on the hero until scrolled: its call reads on the photo's light side. */
      top: { value: 'rgba(5, 15, 29, 0.5)' },
      via: { value: 'rgba(9, 26, 48, 0.7)' },
      to: { value: 'rgba(9, 26, 48, 0.45)' },
    },
    /** The drawn map that stands in for the embedded one. */
    map: {
      land: { value: '#efe8dd' },
      water: { value: '{colors.navy.200}' },
      waterLabel: { value: '{colors.navy.600}' },
      road: { value: '{colors.sand.300}' },
      pin: { value: '{colors.navy.700}' },
      homePin: { value: '{colors.copper.600}' },
      pinDot: { value: 'white' },
      label: { value: '{colors.sand.900}' },
    },
    fg: {
      default: { value: '{colors.sand.900}' },
      muted: { value: '{colors.sand.700}' },
      heading: { value: '{colors.navy.800}' },
      inverse: { value: 'white' },
      inverseMuted: { value: '{colors.navy.100}' },
      /** Lead text on the inverse band, a shade softer than its headings. */
      inverseSoft: { value: '{colors.navy.50}' },
      /** The stars of a review rating. */
      rating: { value: '{colors.copper.500}' },
      link: { value: '{colors.navy.600}' },
      error: { value: '{colors.red.700}' },
    },
    border: {
      default: { value: '{colors.sand.200}' },
      strong: { value: '{colors.sand.300}' },
      /** Rules and outlines on the inverse band. */
      inverse: { value: '{colors.navy.700}' },
      /** An outline that must stand out on the inverse band. */
      inverseStrong: { value: 'white' },
      error: { value: '{colors.red.700}' },
    },
    brand: {
      solid: { value: '{colors.navy.700}' },
      solidHover: { value: '{colors.navy.800}' },
      subtle: { value: '{colors.navy.50}' },
      text: { value: '{colors.navy.700}' },
    },
    accent: {
      solid: { value: '{colors.copper.600}' },
      solidHover: { value: '{colors.copper.700}' },
      subtle: { value: '{colors.copper.100}' },
      text: { value: '{colors.copper.700}' },
      onDark: { value: '{colors.copper.300}' },
      /** The warm light in a corner of the call-to-action band. */
      glow: { value: '{colors.copper.400}' },
    },
    focusRing: { value: '{colors.copper.400}' },
    /** The owner's report: a Web Vital rated against Google's thresholds (named in text too). */
    vital: {
      good: { value: '{colors.navy.600}' },
      fair: { value: '{colors.copper.700}' },
      poor: { value: '{colors.red.700}' },
      bar: { value: '{colors.navy.700}' },
      track: { value: '{colors.sand.100}' },
    },
  },
})

export const textStyles = defineTextStyles({
  display: {
    value: {
      fontFamily: 'heading',
      fontWeight: headingFontWeight,
      fontSize: 'clamp(2.25rem, 1.6rem + 3.2vw, 4.25rem)',
      lineHeight: '1.08',
      letterSpacing: '-0.01em',
    },
  },
  h2: {
    value: {
      fontFamily: 'heading',
      fontWeight: headingFontWeight,
      fontSize: 'clamp(1.75rem, 1.4rem + 1.6vw, 2.75rem)',
      lineHeight: '1.15',
    },
  },
  h3: {
    value: {
      fontFamily: 'heading',
      fontWeight: headingFontWeight,
      fontSize: '1.375rem',
      lineHeight: '1.3',
    },
  },
  lead: { value: { fontSize: 'clamp(1.0625rem, 1rem + 0.4vw, 1.3125rem)', lineHeight: '1.6' } },
  body: { value: { fontSize: '1rem', lineHeight: '1.65' } },
  small: { value: { fontSize: '0.875rem', lineHeight: '1.5' } },
  eyebrow: {
    value: {
      fontSize: '0.8125rem',
      fontWeight: '700',
      letterSpacing: '0.14em',
      textTransform: 'uppercase',
    },
  },
})
