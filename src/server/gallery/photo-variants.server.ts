import type { Sharp } from 'sharp'
// Relative, with extensions: `npm run gallery:import` runs this file under Node as it is.
import {
  type PhotoVariantFormat,
  type PhotoVariantWidth,
  photoVariantFormats,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'

/**
 * Encoder settings, chosen on 4000 × 3000 camera-sized JPEGs: AVIF at quality 45 makes an 800 px
 * card of about 16 kB; WebP, for browsers without AVIF, about 23 kB. AVIF effort 2 rather than
 * sharp's default 4: files within a fifth of the size in a fifth of the time, which matters
 * for an owner's whole import, a build and a server making the variants of a new photo. A variant
 * made with other settings keeps its name: caches renew it within a week.
 */
const encoderSettings = {
  avif: { quality: 45, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 72, effort: 4, smartSubsample: true },
} as const

const encode: Record<PhotoVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(encoderSettings.avif),
  webp: (image) => image.webp(encoderSettings.webp),
}

type SharpModule = typeof import('sharp').default
let sharpModule: Promise<SharpModule> | undefined
let imageWorkThreads: number | undefined

const applyImageWorkLimit = (sharp: SharpModule) => {
  if (imageWorkThreads === undefined) return
  sharp.cache(false)
  sharp.concurrency(imageWorkThreads)
}

/**
 * sharp, loaded on first use: libvips and its libraries take about 25 MB of a process once loaded,
 * and a server whose variants are all ready (the build's, the import's, or Supabase's) never
 * needs it.
 */
export function loadSharp(): Promise<SharpModule> {
  const loading =
    sharpModule ??
    import('sharp').then(({ default: sharp }) => {
      applyImageWorkLimit(sharp)
      return sharp
    })
  sharpModule = loading
  return loading
}

/** Changes whenever the variants of the same photo would come out different (the build's cache). */
export async function photoVariantEncoding(): Promise<string> {
  const sharp = await loadSharp()
  return JSON.stringify({
    encoderSettings,
    sharp: sharp.versions.sharp,
    vips: sharp.versions.vips,
  })
}

/**
 * libvips for a process that makes variants now and then: no operation cache (each photo is
 * decoded once, so a cached operation is never reused, and the cache held up to 50 MB), and at
 * most `threads` threads per image. The server gives it one, so a photo being encoded leaves the
 * other cores to visitors; a build or an import, every core. Applies once sharp is loaded.
 */
export function limitImageWork(threads: number) {
  imageWorkThreads = threads
  void sharpModule?.then(applyImageWorkLimit)
}

export const photoVariantContentTypes: Record<PhotoVariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
}

export interface PhotoVariant {
  width: PhotoVariantWidth
  format: PhotoVariantFormat
  data: Buffer
}

/**
 * Variants of one photo (a file path or its bytes): turned upright as the camera held it, at most
 * `width` px wide (never enlarged), sRGB, with its metadata (EXIF, GPS position) left out.
 * Rejects when the photo cannot be read as an image.
 */
export async function makePhotoVariants(
  photo: string | Buffer,
  wanted: { width: PhotoVariantWidth; format: PhotoVariantFormat }[] = allPhotoVariants,
): Promise<PhotoVariant[]> {
  // Decoded once, at the largest width wanted (a JPEG decodes faster at a fraction of its size).
  const largest = Math.max(...wanted.map((variant) => variant.width))
  const sharp = await loadSharp()
  const { data, info } = await sharp(photo, { failOn: 'error' })
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  // A photo narrower than some widths has the same copy under each of them: encoded once.
  const encoded = new Map<string, Buffer>()
  const variants: PhotoVariant[] = []
  for (const { width, format } of wanted) {
    const key = `${Math.min(width, info.width)}.${format}`
    let bytes = encoded.get(key)
    if (!bytes) {
      const resized = sharp(data, { raw }).resize({ width, withoutEnlargement: true })
      bytes = await encode[format](resized).toBuffer()
      encoded.set(key, bytes)
    }
    variants.push({ width, format, data: bytes })
  }
  return variants
}

export const allPhotoVariants = photoVariantWidths.flatMap((width) =>
  photoVariantFormats.map((format) => ({ width, format })),
)
