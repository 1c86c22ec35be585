import { css, cx } from 'styled-system/css'
import type { SiteImage } from '~/features/media/site-images'

type PictureProps = {
  image: SiteImage
  sizes: string
  /** The largest image above the fold: fetched first and never lazy. */
  priority?: boolean
  alt?: string
  className?: string
}

/** One of our images in AVIF and WebP at several widths, with its intrinsic size reserved. */
export function Picture({ image, sizes, priority = false, alt, className }: PictureProps) {
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
        className={cx(css({ display: 'block', w: 'full', h: 'auto' }), className)}
      />
    </picture>
  )
}
