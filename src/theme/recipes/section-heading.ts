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
    tone: {
      light: {},
      dark: {
        title: { color: 'fg.inverse' },
        subtitle: { color: 'fg.inverseMuted' },
        eyebrow: { color: 'accent.onDark' },
      },
    },
  },
  defaultVariants: { centered: false, tone: 'light' },
})
