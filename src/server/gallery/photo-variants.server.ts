// The one way every photo variant is made: by the build, by `npm run gallery:import` and by the
// server for a photo that has none. Relative imports with extensions: Node runs it as it is.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Sharp } from 'sharp'
import writeFileAtomic from 'write-file-atomic'
import {
  type PhotoVariantFormat,
  type PhotoVariantWidth,
  photoVariantFormats,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'

// Chosen on 4000 × 3000 camera JPEGs: an 800 px card is about 16 kB in AVIF, 23 kB in WebP. AVIF
// effort 2 rather than sharp's 4: files within a fifth of the size in a fifth of the time.
export const encoderSettings = {
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

/** Loaded on first use: libvips takes about 25 MB, which a server whose variants are ready never needs. */
export function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    applyImageWorkLimit(sharp)
    return sharp
  })
  return sharpModule
}

/**
 * No libvips operation cache (each photo is decoded once; the cache held up to 50 MB) and at most
 * `threads` threads per image: the server gives it one, so encoding leaves the other core to visitors.
 */
export function limitImageWork(threads: number) {
  imageWorkThreads = threads
  void sharpModule?.then(applyImageWorkLimit)
}

export interface PhotoVariant {
  width: PhotoVariantWidth
  format: PhotoVariantFormat
  data: Buffer
}

export const allPhotoVariants = photoVariantWidths.flatMap((width) =>
  photoVariantFormats.map((format) => ({ width, format })),
)

/**
 * Upright as the camera held it, at most `width` px wide (never enlarged), sRGB, without metadata
 * (EXIF, GPS position). Rejects when the photo cannot be read as an image.
 */
export async function makePhotoVariants(
  photo: string | Buffer,
  wanted: readonly { width: PhotoVariantWidth; format: PhotoVariantFormat }[] = allPhotoVariants,
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
  // A photo narrower than some widths has one copy under each of them: encoded once, one at a time.
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

/** Makes the variants into `dir` as `<width>.<format>`, each written whole (temp file, then rename). */
export async function writePhotoVariants(
  photoFile: string,
  dir: string,
  wanted: readonly { width: PhotoVariantWidth; format: PhotoVariantFormat }[] = allPhotoVariants,
): Promise<number> {
  const variants = await makePhotoVariants(photoFile, wanted)
  await mkdir(dir, { recursive: true })
  for (const { width, format, data } of variants) {
    await writeFileAtomic(join(dir, `${width}.${format}`), data)
  }
  return variants.length
}
