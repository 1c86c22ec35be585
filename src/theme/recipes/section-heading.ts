import { defineSlotRecipe } from '@pandacss/dev'

export const sectionHeading = defineSlotRecipe({
  className: 'section-heading',
  description: 'The title, optional subtitle and divider that open a page section',
  slots: ['root', 'eyebrow', 'title', 'divider', 'subtitle'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', mb: { base: '8', md: '12' } },
    eyebrow: { textStyle: 'eyebrow', color: 'accent.text' },
    title: { textStyle: 'h2', color: 'fg.heading' },
    divider: { h: '1', w: '16', bg: 'accent.solid', borderRadius: 'full' },
    subtitle: { textStyle: 'lead', color: 'fg.muted', maxW: 'prose' },
  },
  variants: {
    centered: {
      true: {
        root: { alignItems: 'center', textAlign: 'center' },
        subtitle: { mx: 'auto' },
      },
    },
    /** Wide screens: the title on the left, the subtitle beside it on the right. */
    split: {
      true: {
        root: {
          display: { lg: 'grid' },
          gridTemplateColumns: { lg: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
          columnGap: { lg: '16' },
          rowGap: '4',
        },
        eyebrow: { gridColumn: { lg: '1' } },
        title: { gridColumn: { lg: '1' } },
        divider: { gridColumn: { lg: '1' } },
        subtitle: {
          gridColumn: { lg: '2' },
          gridRow: { lg: '1 / span 3' },
          alignSelf: { lg: 'end' },
        },
      },
    },
    /** No space below: the heading sits in a block that spaces its own parts. */
    flush: { true: { root: { mb: '0' } } },
    tone: {
      light: {},
      dark: {
        title: { color: 'fg.inverse' },
        subtitle: { color: 'fg.inverseMuted' },
        eyebrow: { color: 'accent.onDark' },
      },
    },
  },
  defaultVariants: { centered: false, split: false, flush: false, tone: 'light' },
})
