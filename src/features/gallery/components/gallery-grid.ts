import { css } from 'styled-system/css'

/**
 * The gallery's grid: one column on a phone (two left 160 px cards with 10 px text), two from
 * 640 px, three from a laptop. A page of projects fills whole rows.
 */
export const galleryGridClass = css({
  display: 'grid',
  gap: { base: '5', md: '6' },
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
})

/** The width of a photo filling a cell of galleryGridClass, for `sizes`. */
export const galleryImageSizes = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw'

/** The viewer's photo: the whole width below lg (at most 1080 px); beside the details from lg, at
 * most 960 px. */
export const viewerImageSizes = '(min-width: 1024px) min(960px, calc(100vw - 24rem)), 100vw'
