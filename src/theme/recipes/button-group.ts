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
    // A label that fits a phone in one line keeps to it (a number never breaks).
    '& > :is(a, button)': { whiteSpace: 'nowrap' },
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
