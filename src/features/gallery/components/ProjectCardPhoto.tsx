import { Picture } from '#src/components/Picture.tsx'
import { gridImageSizes } from '#src/components/Skeleton.tsx'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'

/** A project's photo on its card: its smaller variants, cropped to the card's frame. */
export function ProjectCardPhoto({
  url,
  images,
  sizes = gridImageSizes,
}: {
  url: string
  images: GalleryImageDelivery | undefined
  /** The photo's width in its grid; a portfolio section's grid by default. */
  sizes?: string
}) {
  return (
    <Picture
      image={responsivePhoto(url, images, 'card')}
      sizes={sizes}
      alt=""
      fit="cover"
      fallbackAlt="Image Not Available"
    />
  )
}
