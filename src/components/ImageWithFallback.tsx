import { type ComponentProps, useEffect, useRef, useState } from 'react'

export const imagePlaceholder = '/images/image-not-found.svg'

type Props = Omit<ComponentProps<'img'>, 'src'> & { src: string; fallbackAlt?: string }

/** An image that swaps to a neutral placeholder when its file cannot be loaded. */
export function ImageWithFallback({
  src,
  alt,
  fallbackAlt = 'Image Not Available',
  ...props
}: Props) {
  const [failedSrc, setFailedSrc] = useState<string>()
  const failed = failedSrc === src
  const ref = useRef<HTMLImageElement>(null)

  // An error that happened before hydration fired no React event: check once mounted.
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0) setFailedSrc(src)
  }, [src])

  return (
    <img
      ref={ref}
      {...props}
      src={failed ? imagePlaceholder : src}
      alt={failed ? fallbackAlt : alt}
      data-failed={failed ? '' : undefined}
      onError={() => setFailedSrc(src)}
    />
  )
}
