import { defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'
import { headingFallbackFamily, headingFontFamily, headingFontWeight } from './fonts'

export const tokens = defineTokens({
  colors: {
    navy: {
      50: { value: '#eef3f9' },
      100: { value: '#d6e2f0' },
      200: { value: '#a9c1de' },
      300: { value: '#7598c4' },
      400: { value: '#4871a6' },
      500: { value: '#2a5589' },
      600: { value: '#1c426f' },
      700: { value: '#143358' },
      800: { value: '#0e2643' },
      900: { value: '#091a30' },
      950: { value: '#050f1d' },
    },
    sand: {
      50: { value: '#fbf9f6' },
      100: { value: '#f5f0e8' },
      200: { value: '#e9e0d2' },
      300: { value: '#d6c8b3' },
      400: { value: '#b7a68d' },
      500: { value: '#8f7f68' },
      600: { value: '#6e604e' },
      700: { value: '#54493c' },
      800: { value: '#3a332a' },
      900: { value: '#26211b' },
    },
    copper: {
      100: { value: '#fbe9d9' },
      300: { value: '#eaa86b' },
      400: { value: '#dd8a41' },
      500: { value: '#c46f24' },
      600: { value: '#a3591a' },
      700: { value: '#7f4514' },
    },
  },
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
  },
  durations: {
    fast: { value: '150ms' },
    normal: { value: '250ms' },
    slow: { value: '600ms' },
  },
})

export const semanticTokens = defineSemanticTokens({
  fonts: {
    // Fraunces is named first once the browser has it cached (features/boot/heading-font.ts).
    heading: { value: { base: headingFallbackFamily, _headingFontCached: headingFontFamily } },
  },
  colors: {
    bg: {
      canvas: { value: 'white' },
      subtle: { value: '{colors.sand.50}' },
      muted: { value: '{colors.sand.100}' },
      inverse: { value: '{colors.navy.900}' },
      overlay: { value: 'rgba(5, 15, 29, 0.97)' },
      /** Behind a dialog over the page. */
      scrim: { value: 'rgba(5, 15, 29, 0.86)' },
      /** A round control over a photo. */
      photoControl: { value: 'rgba(5, 15, 29, 0.75)' },
      /** Fades the bottom of a picture so a control over it reads. */
      veil: { value: 'rgba(255,255,255,0.9)' },
    },
    /** The shade over a hero's photo, dark on the text's side. */
    heroShade: {
      from: { value: 'rgba(5, 15, 29, 0.88)' },
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
      link: { value: '{colors.navy.600}' },
      error: { value: '{colors.red.700}' },
    },
    border: {
      default: { value: '{colors.sand.200}' },
      strong: { value: '{colors.sand.300}' },
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
    },
    focusRing: { value: '{colors.copper.400}' },
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
