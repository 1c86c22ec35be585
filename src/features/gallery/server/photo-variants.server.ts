// The one way photo variants are made: by the build, by `npm run gallery:import` and by the server
// for a photo that has none.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
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

let sharpModule: Promise<typeof import('sharp').default> | undefined

/** Loaded on first use: libvips takes about 25 MB, which a server whose variants are ready never needs. */
export const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default))

/** No libvips operation cache (it held up to 50 MB, never reused) and `threads` per image. */
export async function limitImageWork(threads: number) {
  const sharp = await loadSharp()
  sharp.cache(false)
  sharp.concurrency(threads)
}

type VariantSpec = { width: PhotoVariantWidth; format: PhotoVariantFormat }
export type PhotoVariant = VariantSpec & { data: Buffer }

export const allPhotoVariants: readonly VariantSpec[] = photoVariantWidths.flatMap((width) =>
  photoVariantFormats.map((format) => ({ width, format })),
)

/** Upright, at most `width` px wide (never enlarged), sRGB, without metadata (EXIF, GPS position). */
export async function makePhotoVariants(
  photo: string | Buffer,
  wanted: readonly VariantSpec[] = allPhotoVariants,
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
    if (!encoded.has(key)) {
      const resized = sharp(data, { raw }).resize({ width, withoutEnlargement: true })
      const image =
        format === 'avif' ? resized.avif(encoderSettings.avif) : resized.webp(encoderSettings.webp)
      encoded.set(key, await image.toBuffer())
    }
    variants.push({ width, format, data: encoded.get(key) as Buffer })
  }
  return variants
}

export async function writePhotoVariants(
  photoFile: string,
  dir: string,
  wanted: readonly VariantSpec[] = allPhotoVariants,
) {
  const variants = await makePhotoVariants(photoFile, wanted)
  await mkdir(dir, { recursive: true })
  for (const { width, format, data } of variants) {
    await writeFileAtomic(join(dir, `${width}.${format}`), data)
  }
}
