import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { recordsPosition } from '#scripts/lib/photo-position.ts'
import { makePhotoVariants } from '#src/features/gallery/server/photo-variants.server.ts'

const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#886644' } })

/** Where a phone at a house in Richmond Hill would say it was. */
const position = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '43/1 52/1 3000/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '79/1 26/1 0/1',
}

describe('recordsPosition', () => {
  it.each(['jpeg', 'webp', 'png', 'avif'] as const)(
    'finds the GPS position a phone writes into a %s',
    async (format) => {
      const photo = await picture()
        [format]()
        .withExif({ IFD0: { Make: 'Phone' }, IFD3: position })
        .toBuffer()
      expect(await recordsPosition(photo)).toBe(true)
    },
  )

  it('is false for a photo with camera details but no position, or no metadata at all', async () => {
    const withCamera = await picture()
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera', Model: 'X100' } })
      .toBuffer()
    expect(await recordsPosition(withCamera)).toBe(false)
    expect(await recordsPosition(await picture().jpeg().toBuffer())).toBe(false)
  })

  it('is false for a file that is not a picture, rather than failing the import', async () => {
    expect(await recordsPosition(Buffer.from('not a photo'))).toBe(false)
  })

  it('is false for the copies the site makes of a photo that had one', async () => {
    const photo = await picture().jpeg().withExif({ IFD3: position }).toBuffer()
    const [copy] = await makePhotoVariants(photo, [{ width: 400, format: 'webp' }])
    expect(await recordsPosition(copy?.data as Buffer)).toBe(false)
  })
})
