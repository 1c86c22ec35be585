import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import {
  type PortraitSources,
  portraitScreen,
  type ResponsiveImage,
} from '#src/content/responsive-image.ts'

export const imagePlaceholder = '/images/image-not-found.svg'

type PictureProps = {
  image: ResponsiveImage & { alt?: string }
  sizes: string
  /** The largest image above the fold: fetched first and never lazy. */
  priority?: boolean
  alt?: string
  /**
   * `natural`: as tall as its width makes it. `cover`: fills the box it sits in (which sets the
   * height), cropped to keep its proportions. `contain`: the whole picture within that box.
   */
  fit?: 'natural' | 'cover' | 'contain'
  /** Placement only (position, inset); the size comes from `fit`. */
  className?: string
  /**
   * For pictures that may be missing (the gallery's photos): when the file cannot be loaded, a
   * neutral placeholder with this text takes its place.
   */
  fallbackAlt?: string
  /** Crops a phone held upright takes instead (a hero that fills a portrait box). */
  portrait?: PortraitSources
}

// One class per fit, never both: Panda's utilities all share one cascade layer, so a height
// given twice would be settled by the stylesheet's order, not by which class came last.
const fitClass = {
  natural: css({ display: 'block', w: 'full', h: 'auto' }),
  cover: css({ display: 'block', w: 'full', h: 'full', objectFit: 'cover' }),
  contain: css({ display: 'block', w: 'full', h: 'full', objectFit: 'contain' }),
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
  fit = 'natural',
  className,
  fallbackAlt,
  portrait,
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
      {portrait && !failed ? (
        <>
          <source
            type="image/avif"
            media={portraitScreen}
            srcSet={portrait.avifSrcSet}
            sizes={sizes}
          />
          <source
            type="image/webp"
            media={portraitScreen}
            srcSet={portrait.webpSrcSet}
            sizes={sizes}
          />
        </>
      ) : null}
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
        className={cx(fitClass[fit], className)}
      />
    </picture>
  )
}
