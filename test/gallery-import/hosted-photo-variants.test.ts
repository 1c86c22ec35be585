import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { syncHostedPhotoVariants } from '#scripts/lib/hosted-photo-variants.ts'
import { variantListingFile } from '#src/features/gallery/server/image-mode.server.ts'
import { startStorageStandIn } from '#test/support/storage-stand-in.ts'

const secretKey = `sb_secret_${'1'.repeat(32)}`
let dir: string
let standIn: Awaited<ReturnType<typeof startStorageStandIn>>

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hosted-variants-'))
  standIn = await startStorageStandIn({ dir, secretKey })
})
afterEach(async () => {
  await standIn.close()
  rmSync(dir, { recursive: true, force: true })
})

const photo = (colour: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

async function upload(path: string, colour = '#aa7744') {
  const file = join(dir, 'gallery', path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, await photo(colour))
}

const client = () => createClient(standIn.url, secretKey, { auth: { persistSession: false } })

const publicObject = (path: string) =>
  fetch(`${standIn.url}/storage/v1/object/public/gallery-variants/${encodeURI(path)}`)

const listing = () =>
  JSON.parse(readFileSync(join(dir, 'gallery-variants', variantListingFile), 'utf8')) as {
    photos: Record<string, { version: string }>
  }

describe('syncHostedPhotoVariants (real supabase-js, Storage stand-in over a folder)', () => {
  it('uploads the variants of every photo to a public bucket it creates, with a listing', async () => {
    await upload('kitchen/oak island.jpg')
    await upload('kitchen/oak island/detail-1.jpg')
    writeFileSync(join(dir, 'gallery', 'notes.txt'), 'not a photo')

    const report = await syncHostedPhotoVariants(client())

    expect({ ...report, made: report.made.toSorted() }).toEqual({
      made: ['kitchen/oak island.jpg', 'kitchen/oak island/detail-1.jpg'],
      removed: [],
      unchanged: 0,
      failed: [],
      withPosition: [],
    })
    expect(Object.keys(listing().photos).sort()).toEqual(report.made.toSorted())
    const bucket = await client().storage.getBucket('gallery-variants')
    expect(bucket.data?.public).toBe(true)

    const card = await publicObject('kitchen/oak island.jpg/800.avif')
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/avif')
    expect(card.headers.get('cache-control')).toBe('max-age=604800')
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata()
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 800, height: 600 })
    for (const name of ['400.webp', '1200.avif', '1600.webp']) {
      expect((await publicObject(`kitchen/oak island/detail-1.jpg/${name}`)).status).toBe(200)
    }
  })

  it('does only what changed on the next run: a replaced photo, a removed one', async () => {
    await upload('kitchen/oak.jpg', '#ff0000')
    await upload('bathroom/spa.jpg')
    await syncHostedPhotoVariants(client())
    expect(await syncHostedPhotoVariants(client())).toMatchObject({ made: [], unchanged: 2 })

    await upload('kitchen/oak.jpg', '#0000ff')
    rmSync(join(dir, 'gallery', 'bathroom', 'spa.jpg'))
    const dryRun = await syncHostedPhotoVariants(client(), { dryRun: true })
    expect(dryRun).toMatchObject({ made: ['kitchen/oak.jpg'], removed: ['bathroom/spa.jpg'] })
    expect(existsSync(join(dir, 'gallery-variants', 'bathroom', 'spa.jpg', '400.avif'))).toBe(true)

    expect(await syncHostedPhotoVariants(client())).toEqual({
      made: ['kitchen/oak.jpg'],
      removed: ['bathroom/spa.jpg'],
      unchanged: 0,
      failed: [],
      withPosition: [],
    })
    expect(Object.keys(listing().photos)).toEqual(['kitchen/oak.jpg'])
    expect(existsSync(join(dir, 'gallery-variants', 'bathroom', 'spa.jpg', '400.avif'))).toBe(false)
    const { data } = await sharp(
      Buffer.from(await (await publicObject('kitchen/oak.jpg/400.webp')).arrayBuffer()),
    )
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[2]).toBeGreaterThan(200)
  })

  it('leaves a photo it cannot read without variants, and says so', async () => {
    mkdirSync(join(dir, 'gallery', 'kitchen'), { recursive: true })
    writeFileSync(join(dir, 'gallery', 'kitchen', 'broken.jpg'), 'not a jpeg')
    const report = await syncHostedPhotoVariants(client())
    expect(report.made).toEqual([])
    expect(report.failed.map((failure) => failure.path)).toEqual(['kitchen/broken.jpg'])
    expect(listing().photos).toEqual({})
  })

  it('names the photos that record where they were taken, and leaves the position out of their variants', async () => {
    await upload('kitchen/oak.jpg')
    const located = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#557799' },
    })
      .jpeg()
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 52/1 30/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 26/1 0/1',
        },
      })
      .toBuffer()
    mkdirSync(join(dir, 'gallery', 'bathroom'), { recursive: true })
    writeFileSync(join(dir, 'gallery', 'bathroom', 'spa.jpg'), located)

    const report = await syncHostedPhotoVariants(client())

    expect(report.withPosition).toEqual(['bathroom/spa.jpg'])
    const variant = await publicObject('bathroom/spa.jpg/800.webp')
    expect(variant.status).toBe(200)
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).exif).toBeUndefined()
  })

  it('needs the secret key: with another, it fails with Storage’s message', async () => {
    await upload('kitchen/oak.jpg')
    const anon = createClient(standIn.url, 'sb_publishable_x', { auth: { persistSession: false } })
    await expect(syncHostedPhotoVariants(anon)).rejects.toThrow(
      /Listing the gallery bucket failed: new row violates row-level security policy/,
    )
  })
})
