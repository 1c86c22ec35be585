import { defineRecipe } from '@pandacss/dev'

export const siteContainer = defineRecipe({
  className: 'site-container',
  description: 'Centres content at the site width with responsive gutters',
  base: {
    w: 'full',
    maxW: 'container',
    mx: 'auto',
    px: { base: '5', md: '8' },
  },
  variants: {
    size: {
      default: {},
      narrow: { maxW: '880px' },
    },
  },
  defaultVariants: { size: 'default' },
})
