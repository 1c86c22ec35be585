// Relative, with extensions: `npm run gallery:import` runs the server code that imports this under
// Node as it is.
import type { ResponsiveImage } from '#src/content/responsive-image.ts'
import { galleryBucket, publicObjectUrl } from './storage-path.ts'

/**
 * Widths (px) of the variants made of every gallery photo, in AVIF and WebP. A photo narrower
 * than a width gets a variant of its own width under that name: nothing is enlarged.
 */
export const photoVariantWidths = [400, 800, 1200, 1600] as const
export type PhotoVariantWidth = (typeof photoVariantWidths)[number]

export const photoVariantFormats = ['avif', 'webp'] as const
export type PhotoVariantFormat = (typeof photoVariantFormats)[number]

/** The bucket (embedded: served by the site) that holds `<photo path>/<width>.<format>`. */
export const photoVariantsBucket = 'gallery-variants'

/** Quality asked of Supabase's render endpoint (its default is 80). */
export const renderQuality = 70

/**
 * How the gallery's photos reach the browser:
 * - `variants`: files made with sharp, at `<baseUrl>/storage/v1/object/public/gallery-variants/…`
 *   (embedded: the site makes and serves them; Supabase without image transformations: `npm run
 *   gallery:import` uploads them). `photos` lists the photos that have them; absent: every one.
 * - `render`: Supabase Storage's image transformation URLs (paid plans).
 * `baseUrl` is where the photos' public URLs start: '' for the site itself, else SUPABASE_URL.
 */
export type GalleryImageDelivery =
  | { kind: 'variants'; baseUrl: string; photos?: readonly string[] }
  | { kind: 'render'; baseUrl: string }

/**
 * Where a photo is shown, which decides the widths offered, and the width of `src`, for browsers
 * that take no srcset.
 */
const widthsFor = {
  // A card is 300-600 CSS px wide: 800 px covers a laptop's 2x, and a phone at 3x gets no more,
  // which keeps a whole gallery of cards light.
  card: { offered: [400, 800], plain: 800 },
  thumbnail: { offered: [400], plain: 400 },
  viewer: { offered: [800, 1200, 1600], plain: 1200 },
  banner: { offered: [400, 800, 1200, 1600], plain: 1200 },
} as const satisfies Record<
  string,
  { offered: readonly PhotoVariantWidth[]; plain: PhotoVariantWidth }
>

export type PhotoUse = keyof typeof widthsFor

/** The aspect the gallery shows photos at (cards crop to it, the viewer letterboxes). */
export const photoFrame = { width: 1200, height: 900 } as const

/** The photo formats the gallery takes. */
export const photoFile = /\.(jpe?g|png|webp|avif)$/i

export const photoVariantPath = (
  photoPath: string,
  width: PhotoVariantWidth,
  format: PhotoVariantFormat,
) => `${photoPath}/${width}.${format}`

export type PhotoVariantRequest = NonNullable<ReturnType<typeof parsePhotoVariantPath>>

const isVariantWidth = (width: number): width is PhotoVariantWidth =>
  (photoVariantWidths as readonly number[]).includes(width)

/**
 * `<photo path>/<width>.<format>` read back; undefined for anything else (another width, a
 * format we do not make, a path that is not a photo, or one that climbs out of the bucket).
 */
export function parsePhotoVariantPath(variantPath: string) {
  const match = /^(.+)\/(\d{3,4})\.(avif|webp)$/.exec(variantPath)
  if (!match) return undefined
  const [, photoPath = '', widthText = '', format = ''] = match
  const width = Number(widthText)
  const segments = photoPath.split('/')
  if (
    !isVariantWidth(width) ||
    !photoFile.test(photoPath) ||
    photoPath.includes('\\') ||
    photoPath.includes('\0') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return undefined
  }
  return { photoPath, width, format: format as PhotoVariantFormat }
}

/**
 * The path inside the gallery bucket of a photo's public URL (as storage-path.ts and supabase-js
 * build them from `baseUrl`); undefined for any other URL, and for a file that is not a photo.
 */
export function galleryPhotoPath(publicUrl: string, baseUrl: string): string | undefined {
  const prefix = `${baseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${galleryBucket}/`
  if (!publicUrl.startsWith(prefix) || /[?#]/.test(publicUrl)) return undefined
  let path: string
  try {
    path = decodeURI(publicUrl.slice(prefix.length))
  } catch {
    return undefined
  }
  return parsePhotoVariantPath(photoVariantPath(path, 400, 'webp')) ? path : undefined
}

/**
 * The sources of a gallery photo, from its public URL (GalleryItem.imageUrl or one of its
 * additionalImages), for where it is shown. A URL outside the gallery bucket, or a photo the
 * delivery has no variants of, is the photo itself.
 */
export function responsivePhoto(
  publicUrl: string,
  delivery: GalleryImageDelivery | undefined,
  use: PhotoUse,
): ResponsiveImage {
  const photo: ResponsiveImage = { src: publicUrl, ...photoFrame }
  const path = delivery ? galleryPhotoPath(publicUrl, delivery.baseUrl) : undefined
  if (!delivery || path === undefined) return photo
  const { offered: widths, plain } = widthsFor[use]

  if (delivery.kind === 'render') {
    const rendered = (width: number) =>
      `${publicObjectUrl(delivery.baseUrl, galleryBucket, path, 'render/image')}?width=${width}&resize=contain&quality=${renderQuality}`
    return {
      ...photo,
      src: rendered(plain),
      srcSet: widths.map((width) => `${rendered(width)} ${width}w`).join(', '),
    }
  }

  if (delivery.photos && !delivery.photos.includes(path)) return photo
  const variant = (width: PhotoVariantWidth, format: PhotoVariantFormat) =>
    publicObjectUrl(delivery.baseUrl, photoVariantsBucket, photoVariantPath(path, width, format))
  const srcSet = (format: PhotoVariantFormat) =>
    widths.map((width) => `${variant(width, format)} ${width}w`).join(', ')
  return {
    ...photo,
    src: variant(plain, 'webp'),
    avifSrcSet: srcSet('avif'),
    webpSrcSet: srcSet('webp'),
  }
}
