import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { photoLikeJpeg } from '#test/support/photo-like-images.ts'
import { makePhotoVariants, type PhotoVariant } from './photo-variants.server'

const kB = 1000

describe('makePhotoVariants on a camera-sized photo (4000 × 3000 JPEG of about 3 MB)', () => {
  let photo: Buffer
  let variants: PhotoVariant[]

  beforeAll(async () => {
    photo = await photoLikeJpeg('variants-unit-test')
    variants = await makePhotoVariants(photo)
  }, 120_000)

  it('starts from a photo of the size the issue names', async () => {
    const { width, height, format } = await sharp(photo).metadata()
    expect({ width, height, format }).toEqual({ width: 4000, height: 3000, format: 'jpeg' })
    expect(photo.length).toBeGreaterThan(2_800 * kB)
    expect(photo.length).toBeLessThan(4_000 * kB)
  })

  it('makes AVIF and WebP at 400, 800, 1200 and 1600 px wide, keeping the 4:3 shape', async () => {
    expect(variants.map(({ width, format }) => `${width}.${format}`)).toEqual([
      '400.avif',
      '400.webp',
      '800.avif',
      '800.webp',
      '1200.avif',
      '1200.webp',
      '1600.avif',
      '1600.webp',
    ])
    for (const variant of variants) {
      const meta = await sharp(variant.data).metadata()
      expect(meta.width).toBe(variant.width)
      expect(meta.height).toBe((variant.width * 3) / 4)
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      if (variant.format === 'avif') expect(meta.compression).toBe('av1')
    }
  })

  it('turns it into a card of at most 60 kB, in either format', () => {
    for (const card of variants.filter((variant) => variant.width === 800)) {
      expect(card.data.length, card.format).toBeLessThanOrEqual(60 * kB)
    }
    const sizes = variants.map((variant) => variant.data.length)
    expect(Math.max(...sizes)).toBeLessThan(photo.length / 20)
  })
})

describe('makePhotoVariants on other photos', () => {
  it('never enlarges: a 1200 px photo stays 1200 px in its 1600 px variant', async () => {
    const small = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#886644' },
    })
      .png()
      .toBuffer()
    const [variant] = await makePhotoVariants(small, [{ width: 1600, format: 'webp' }])
    expect((await sharp(variant?.data).metadata()).width).toBe(1200)

    // Its 1200 and 1600 px variants are one and the same copy.
    const [at1200, at1600] = await makePhotoVariants(small, [
      { width: 1200, format: 'avif' },
      { width: 1600, format: 'avif' },
    ])
    expect(at1600?.data).toBe(at1200?.data)
  })

  it('turns a photo upright as the camera held it, and drops its metadata (GPS included)', async () => {
    const sideways = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#3355aa' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(sideways).metadata()).exif).toBeDefined()
    const [variant] = await makePhotoVariants(sideways, [{ width: 400, format: 'avif' }])
    const meta = await sharp(variant?.data).metadata()
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 533 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
  })

  it('keeps the transparency of a 16-bit PNG, and its colours', async () => {
    const png = await sharp({
      create: {
        width: 900,
        height: 600,
        channels: 4,
        background: { r: 200, g: 40, b: 40, alpha: 0.5 },
      },
    })
      .png()
      .toColourspace('rgb16')
      .toBuffer()
    expect((await sharp(png).metadata()).depth).toBe('ushort')
    const [variant] = await makePhotoVariants(png, [{ width: 400, format: 'webp' }])
    const { data, info } = await sharp(variant?.data).raw().toBuffer({ resolveWithObject: true })
    expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({
      width: 400,
      height: 267,
      channels: 4,
    })
    const [r = 0, g = 0, b = 0, alpha = 0] = data
    expect(Math.abs(r - 200)).toBeLessThan(8)
    expect(g + b).toBeLessThan(100)
    expect(Math.abs(alpha - 128)).toBeLessThan(4)
  })

  it('rejects what is not an image', async () => {
    await expect(makePhotoVariants(Buffer.from('not a photo'))).rejects.toThrow()
  })
})
