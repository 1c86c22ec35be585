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
