import { css } from 'styled-system/css'
import { Picture } from '#src/components/Picture.tsx'
import { gridClass, gridImageSizes } from '#src/components/Skeleton.tsx'
import type { StaticImage } from '#src/content/schemas/content.schema.ts'
import { siteImages } from '#src/content/site-images.ts'

/** Our own example images, for when the gallery has nothing to show. */
export function StaticGallery({ images }: { images: readonly StaticImage[] }) {
  return (
    <ul className={gridClass}>
      {images.map((item) => (
        <li
          key={item.image}
          className={css({ borderRadius: 'lg', overflow: 'hidden', boxShadow: 'sm' })}
        >
          <Picture image={siteImages[item.image]} sizes={gridImageSizes} alt={item.alt} />
        </li>
      ))}
    </ul>
  )
}
