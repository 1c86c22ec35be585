import { defineRecipe } from '@pandacss/dev'

export const buttonGroup = defineRecipe({
  className: 'button-group',
  description:
    'Call-to-action buttons together: on a phone stacked, each as wide as the group, so none wraps and none looks lesser',
  base: {
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    flexWrap: { sm: 'wrap' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: { base: '3', sm: '4' },
    // From a 360 px phone up a label keeps to one line; narrower, it wraps inside its button.
    '@media (min-width: 22.5em)': { '& > :is(a, button)': { whiteSpace: 'nowrap' } },
  },
  variants: {
    align: {
      start: { justifyContent: { sm: 'flex-start' } },
      center: { justifyContent: { sm: 'center' } },
    },
    /** In a narrow column beside a heading (large screens): stacked again, equal widths. */
    besideHeading: {
      true: { flexDirection: { lg: 'column' }, alignItems: { lg: 'stretch' } },
    },
  },
  defaultVariants: { align: 'start' },
})
