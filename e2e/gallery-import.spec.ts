/**
 * The owner adds and removes photos without SQL (embedded mode): a photo copied into the bucket
 * folder plus `npm run gallery:import` shows on the running site within the cache TTL; a photo
 * removed the same way goes (a production server of its own, on a copy of the shipped bucket),
 * and the import names a photo whose position would be public.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { startProductionServer } from '../test/faults/production-server'
import { cleanups, eventually, getPage, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'
import { runGalleryImport } from './support/gallery-import'

const shippedBucket = resolve('public/storage/v1/object/public/gallery')
const clean = cleanups()
test.afterAll(() => clean.run())

const galleryImport = (bucket: string, dataDir: string) =>
  runGalleryImport({ GALLERY_BUCKET_DIR: bucket, DATA_DIR: dataDir })

test('a photo put in the bucket folder shows after npm run gallery:import, and goes when removed', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('gallery-import'), (d) => d.remove())
  const bucket = join(data.dir, 'bucket')
  cpSync(shippedBucket, bucket, { recursive: true })
  const dataDir = join(data.dir, 'data')
  const server = clean.add(
    await startProductionServer({
      dataDir,
      env: { GALLERY_BUCKET_DIR: bucket, GALLERY_CACHE_TTL_MS: '500' },
    }),
    (s) => s.stop(),
  )
  const title = 'Cedar Mudroom Bench'
  const photoUrl = '/storage/v1/object/public/gallery/carpentry/cedar-mudroom-bench.webp'
  expect((await getPage(server.url, '/gallery')).html).not.toContain(title)

  // The owner copies a photo (and one more of the same project) into the folder.
  const anyPhoto = join(bucket, 'kitchen', 'navy-shaker-kitchen-richmond-hill.webp')
  cpSync(anyPhoto, join(bucket, 'carpentry', 'cedar-mudroom-bench.webp'))
  cpSync(anyPhoto, join(bucket, 'carpentry', 'cedar-mudroom-bench', 'detail 100%.webp'))
  const added = await galleryImport(bucket, dataDir)
  expect(added).toContain('+ carpentry/cedar-mudroom-bench.webp')
  // Its variants are made with the import, ahead of any visitor.
  expect(added).toContain('16 file(s) made for 2 new photo(s)')

  await eventually(async () => {
    expect((await getPage(server.url, '/gallery?category=carpentry')).html).toContain(title)
  }, 15_000)
  await page.goto(`${server.url}/gallery?category=carpentry&q=cedar`)
  const card = page.getByRole('list', { name: 'Projects' }).getByRole('link', { name: title })
  await expect(card).toBeVisible()
  await expect
    .poll(() =>
      card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0)
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    '/storage/v1/object/public/gallery-variants/carpentry/cedar-mudroom-bench.webp/',
  )
  const photo = await fetch(`${server.url}${photoUrl}`)
  expect(photo.status).toBe(200)
  expect(photo.headers.get('content-type')).toBe('image/webp')
  const variantUrl = `${server.url}/storage/v1/object/public/gallery-variants/carpentry/cedar-mudroom-bench.webp/400.avif`
  expect((await fetch(variantUrl)).status).toBe(200)
  // A name with a space and a % sign, as its URL encodes it.
  const further = 'carpentry/cedar-mudroom-bench/detail%20100%25.webp'
  expect((await fetch(`${server.url}/storage/v1/object/public/gallery/${further}`)).status).toBe(
    200,
  )
  const furtherVariant = `${server.url}/storage/v1/object/public/gallery-variants/${further}/1200.webp`
  expect((await fetch(furtherVariant)).status).toBe(200)

  // Removed from the folder, it leaves the site the same way.
  rmSync(join(bucket, 'carpentry', 'cedar-mudroom-bench.webp'))
  rmSync(join(bucket, 'carpentry', 'cedar-mudroom-bench'), { recursive: true })
  const removed = await galleryImport(bucket, dataDir)
  expect(removed).toContain('- carpentry/cedar-mudroom-bench.webp')
  expect(removed).toContain('those of 2 removed photo(s) deleted')
  await eventually(async () => {
    expect((await getPage(server.url, '/gallery?category=carpentry')).html).not.toContain(title)
  }, 15_000)
  expect((await fetch(`${server.url}${photoUrl}`)).status).toBe(404)
  expect((await fetch(variantUrl)).status).toBe(404)
})

test('npm run gallery:import names a photo that records where it was taken', async () => {
  const data = clean.add(temporaryDataDir('gallery-import-position'), (d) => d.remove())
  const bucket = join(data.dir, 'bucket')
  mkdirSync(join(bucket, 'kitchen'), { recursive: true })
  const photo = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#886644' } }).jpeg()
  // As a phone saves it, with the position of the house it stood in.
  const located = photo().withExif({
    IFD0: { Make: 'Phone' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '43/1 52/1 30/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '79/1 26/1 0/1',
    },
  })
  writeFileSync(join(bucket, 'kitchen', 'walnut-island.jpg'), await located.toBuffer())
  writeFileSync(join(bucket, 'kitchen', 'quartz-counters.jpg'), await photo().toBuffer())

  const printed = await galleryImport(bucket, join(data.dir, 'data'))

  expect(printed).toContain('+ kitchen/walnut-island.jpg')
  expect(printed).toContain('+ kitchen/quartz-counters.jpg')
  expect(printed).toContain(
    "kitchen/walnut-island.jpg records where it was taken (GPS): the site's copies leave it out, but the photo itself is public",
  )
  expect(printed).not.toContain('quartz-counters.jpg records')
})
