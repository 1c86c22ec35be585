/**
 * An image with the sources a browser picks from by the width it shows it at and the formats it
 * takes. Our own pictures (site-images.ts) and the gallery's photos (photo-variants.ts) are both.
 */
export type ResponsiveImage = {
  /** What a browser that takes none of the sources loads; width and height give the aspect. */
  src: string
  width: number
  height: number
  avifSrcSet?: string
  webpSrcSet?: string
  /** One URL per width whose format the server chooses (Supabase's render endpoint). */
  srcSet?: string
}

/** A hero's portrait crops (AVIF and WebP at each width), for the box it fills on a phone. */
export type PortraitSources = { avifSrcSet: string; webpSrcSet: string }

/**
 * The screens that take a hero's portrait crop: a phone held upright, whose hero box is taller
 * than wide, where the landscape file would be cropped to a third of its width and come out soft.
 * The preload in the page's head uses the same query, so each screen fetches one file.
 */
export const portraitScreen = '(max-aspect-ratio: 2/3)'
export const landscapeScreen = `not all and ${portraitScreen}`
