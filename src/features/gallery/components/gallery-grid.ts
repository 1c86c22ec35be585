import { css } from 'styled-system/css'

/**
 * The gallery's grid: two columns from the smallest phone (a card's photo and title still read at
 * 160 px, and the page is half as long), three from a laptop. A page of projects fills whole rows.
 */
export const galleryGridClass = css({
  display: 'grid',
  gap: { base: '3', sm: '5', md: '6' },
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
})

/** The width of a photo filling a cell of galleryGridClass, for `sizes`. */
export const galleryImageSizes = '(min-width: 1024px) 380px, 50vw'
