import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import sharp from 'sharp'
import { rng } from '#tools/images/lib/rng.ts'

/**
 * Photos as an owner's camera delivers them, made here rather than downloaded: one of our own
 * drawn gallery scenes enlarged to 4000 × 3000, with surface texture at several scales (what
 * plaster, wood and fabric add to a real room) and per-pixel sensor grain, saved as a JPEG at
 * quality 92. That comes to about 3.2 MB, the low end of the 3–6 MB of a phone's or camera's
 * JPEG, and like a real photo most of those bytes are fine detail that a smaller copy drops.
 * Deterministic: the same `seed` gives the same bytes.
 */
export async function photoLikeJpeg(
  seed: string,
  { width = 4000, height = 3000, scene = 0 } = {},
): Promise<Buffer> {
  // Drawing one takes 2.6 CPU-seconds, and the suite draws 13: the same photo is kept for the
  // next run of any checkout on this machine, by what makes its bytes (bump the version when the
  // drawing below changes).
  const sceneFile = sceneFiles()[scene % sceneFiles().length] as string
  const made = createHash('sha256')
    .update(`${seed}|${width}x${height}|${sharp.versions.vips}|`)
    .update(readFileSync(sceneFile))
    .digest('hex')
    .slice(0, 16)
  const cached = join(cacheDir(), `v1-${made}.jpg`)
  if (existsSync(cached)) return readFileSync(cached)
  const photo = await drawPhotoLikeJpeg(seed, { width, height, sceneFile })
  try {
    mkdirSync(cacheDir(), { recursive: true })
    const partial = `${cached}.${process.pid}.partial`
    writeFileSync(partial, photo)
    renameSync(partial, cached)
  } catch {
    // A cache that cannot be written (a read-only home): drawn again next time.
  }
  return photo
}

/**
 * Beside the build's photo variants (scripts/lib/photo-variant-folders.ts), outside the checkout;
 * PHOTO_LIKE_IMAGES_CACHE moves it. Deleting it costs only the time to draw them again.
 */
const cacheDir = () =>
  process.env.PHOTO_LIKE_IMAGES_CACHE ??
  join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'remodeling-site',
    'photo-like-images',
  )

async function drawPhotoLikeJpeg(
  seed: string,
  { width, height, sceneFile }: { width: number; height: number; sceneFile: string },
): Promise<Buffer> {
  const random = rng(seed)
  const base = await sharp(sceneFile)
    .resize(width, height, { kernel: 'lanczos3', fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer()

  // Texture: random values on grids of 2, 8, 32 and 128 px cells, smoothly enlarged and summed.
  const octaves: Buffer[] = []
  for (const cell of [2, 8, 32, 128]) {
    const w = Math.max(2, Math.round(width / cell))
    const h = Math.max(2, Math.round(height / cell))
    const grid = Buffer.alloc(w * h)
    for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(random.next() * 256)
    octaves.push(
      await sharp(grid, { raw: { width: w, height: h, channels: 1 } })
        .resize(width, height, { kernel: 'cubic' })
        .raw()
        .toBuffer(),
    )
  }
  const textureAmplitude = 10
  const grainAmplitude = 8
  const pixels = new Uint8ClampedArray(width * height * 3)
  for (let pixel = 0, i = 0; pixel < width * height; pixel++) {
    let texture = 0
    for (const octave of octaves) texture += ((octave[pixel] as number) - 128) / 128
    texture *= textureAmplitude
    for (let channel = 0; channel < 3; channel++, i++) {
      pixels[i] = (base[i] as number) + texture + (random.next() - 0.5) * 2 * grainAmplitude
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}

let scenes: string[] | undefined
/** Our drawn main photos of the bundled gallery, one per project. */
function sceneFiles(): string[] {
  if (scenes) return scenes
  const bucket = resolve('public/storage/v1/object/public/gallery')
  scenes = readdirSync(bucket, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((category) =>
      readdirSync(join(bucket, category.name))
        .filter((name) => name.endsWith('.webp'))
        .map((name) => join(bucket, category.name, name)),
    )
    .sort()
  return scenes
}

const categories = ['kitchen', 'bathroom', 'commercial', 'carpentry'] as const

/**
 * A bucket folder of camera-sized photos for the gallery: `projects` photos (4000 × 3000 JPEGs
 * of about 3.2 MB) spread over the categories, `distinct` of them different and the rest
 * copies of those, to save the time of drawing them. Returns their paths in the bucket.
 */
export async function writePhotoLikeBucket(
  folder: string,
  { projects = 20, distinct = 10 } = {},
): Promise<string[]> {
  const photos: Buffer[] = []
  for (let i = 0; i < distinct; i++)
    photos.push(await photoLikeJpeg(`bucket-${i}`, { scene: i * 2 }))
  const paths: string[] = []
  for (let i = 0; i < projects; i++) {
    const path = `${categories[i % categories.length]}/camera-photo-${i + 1}.jpg`
    mkdirSync(dirname(join(folder, path)), { recursive: true })
    writeFileSync(join(folder, path), photos[i % distinct] as Buffer)
    paths.push(path)
  }
  return paths
}
