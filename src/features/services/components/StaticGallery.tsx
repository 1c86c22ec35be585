import { css } from 'styled-system/css'
import { Picture } from '~/components/Picture'
import { gridClass, gridImageSizes } from '~/components/Skeleton'
import type { StaticImage } from '~/content/schemas/content.schema'
import { siteImages } from '~/content/site-images'

/** Our own example images, for when the gallery has nothing to show. */
export function StaticGallery({ images }: { images: readonly StaticImage[] }) {
  return (
    <ul className={gridClass}>
      {images.map((item) => (
        <li
          key={item.alt}
          className={css({ borderRadius: 'lg', overflow: 'hidden', boxShadow: 'sm' })}
        >
          <Picture image={siteImages[item.image]} sizes={gridImageSizes} alt={item.alt} />
        </li>
      ))}
    </ul>
  )
}
