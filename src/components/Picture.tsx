import { css, cx } from 'styled-system/css'
import type { SiteImage } from '~/features/media/site-images'

type PictureProps = {
  image: SiteImage
  sizes: string
  /** The largest image above the fold: fetched first and never lazy. */
  priority?: boolean
  alt?: string
  /**
   * `natural`: as tall as its width makes it. `cover`: fills the box it sits in (which sets the
   * height), cropped to keep its proportions.
   */
  fit?: 'natural' | 'cover'
  /** Placement only (position, inset); the size comes from `fit`. */
  className?: string
}

// One class per fit, never both: Panda's utilities all share one cascade layer, so a height
// given twice would be settled by the stylesheet's order, not by which class came last.
const fitClass = {
  natural: css({ display: 'block', w: 'full', h: 'auto' }),
  cover: css({ display: 'block', w: 'full', h: 'full', objectFit: 'cover' }),
}

/** One of our images in AVIF and WebP at several widths, with its intrinsic size reserved. */
export function Picture({
  image,
  sizes,
  priority = false,
  alt,
  fit = 'natural',
  className,
}: PictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={cx(fitClass[fit], className)}
      />
    </picture>
  )
}
