import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { ResponsiveImage } from '~/features/media/responsive-image'

export const imagePlaceholder = '/images/image-not-found.svg'

type PictureProps = {
  image: ResponsiveImage & { alt?: string }
  sizes: string
  /** The largest image above the fold: fetched first and never lazy. */
  priority?: boolean
  alt?: string
  /** Replaces the default `height: auto`, e.g. to fill a frame with `object-fit`. */
  className?: string
  /**
   * For pictures that may be missing (the gallery's photos): when the file cannot be loaded, a
   * neutral placeholder with this text takes its place.
   */
  fallbackAlt?: string
}

/**
 * An image in AVIF and WebP (or whatever format its server picks) at several widths, with its
 * intrinsic size reserved.
 */
export function Picture({
  image,
  sizes,
  priority = false,
  alt,
  className,
  fallbackAlt,
}: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string>()
  const failed = fallbackAlt !== undefined && failedSrc === image.src
  const ref = useRef<HTMLImageElement>(null)

  // An error that happened before hydration fired no React event: check once mounted.
  useEffect(() => {
    const img = ref.current
    if (fallbackAlt !== undefined && img?.complete && img.naturalWidth === 0) {
      setFailedSrc(image.src)
    }
  }, [image.src, fallbackAlt])

  const sources: Partial<ResponsiveImage> = failed ? {} : image
  return (
    <picture>
      {sources.avifSrcSet ? (
        <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />
      ) : null}
      {sources.webpSrcSet ? (
        <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      ) : null}
      <img
        ref={ref}
        src={failed ? imagePlaceholder : image.src}
        srcSet={sources.srcSet}
        sizes={sources.srcSet ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={failed ? fallbackAlt : (alt ?? image.alt ?? '')}
        data-failed={failed ? '' : undefined}
        onError={fallbackAlt === undefined ? undefined : () => setFailedSrc(image.src)}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={cx(css({ display: 'block', w: 'full' }), className ?? css({ h: 'auto' }))}
      />
    </picture>
  )
}
