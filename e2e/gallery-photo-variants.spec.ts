/**
 * The gallery's photos reach the browser as smaller variants (issue 14): what the variant route
 * answers (the build's variants, and a stand-in at once for a photo that has none yet, issue 23),
 * and what a phone downloads for /gallery when the owner's photos are camera-sized
 * JPEGs, imported with `npm run gallery:import` into a production server of the test's own.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { galleryPageSize } from '../src/features/gallery/gallery-pages'
import { startProductionServer } from '../test/faults/production-server'
import { imageBytesToTheEnd } from '../test/support/gallery-image-bytes'
import { writePhotoLikeBucket } from '../test/support/photo-like-images'
import { cleanups, eventually, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'
import { runGalleryImport } from './support/gallery-import'

const clean = cleanups()
test.afterAll(() => clean.run())

const manifest = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
) as { path: string; additional: string[] }[]
const variantsOf = (photo: string) => `/storage/v1/object/public/gallery-variants/${photo}`

test('a variant is an AVIF or WebP of its width, cached for a week; anything else is a 404 never kept', async ({
  request,
}) => {
  const [first] = manifest
  const photo = first?.path ?? ''
  for (const [name, type, width] of [
    ['800.avif', 'image/avif', 800],
    ['400.webp', 'image/webp', 400],
  ] as const) {
    const answer = await request.get(`${variantsOf(photo)}/${name}`)
    expect(answer.status(), name).toBe(200)
    expect(answer.headers()['content-type']).toBe(type)
    expect(answer.headers()['cache-control']).toContain('max-age=604800')
    expect(answer.headers()['x-content-type-options']).toBe('nosniff')
    expect((await sharp(await answer.body()).metadata()).width).toBe(width)
  }
  const further = first?.additional[0] ?? ''
  expect((await request.get(`${variantsOf(further)}/1200.avif`)).status()).toBe(200)

  for (const path of [
    variantsOf('kitchen/no-such-photo.webp/800.avif'),
    `${variantsOf(photo)}/500.avif`,
    `${variantsOf(photo)}/800.png`,
    `${variantsOf(photo)}/800.avif/more`,
    variantsOf('manifest.json/800.avif'),
    variantsOf('kitchen%2f..%2f..%2fsecret.jpg/800.avif'),
    variantsOf('kitchen%5c..%5csecret.jpg/800.avif'),
  ]) {
    const answer = await request.get(path)
    expect(answer.status(), path).toBe(404)
    expect(answer.headers()['cache-control'], path).toBe('no-store')
  }
  // Dot segments are resolved by the URL parser before any route sees them: the site's 404 page.
  const climbing = await request.get(variantsOf('%2e%2e/%2e%2e/package.json/800.avif'))
  expect(climbing.status()).toBe(404)
  expect(climbing.headers()['content-type']).toContain('text/html')
  // A broken percent-encoding is refused by the server as a bad request.
  expect((await request.get(variantsOf('%E0%A4%A.jpg/800.avif'))).status()).toBe(400)
})

test('a photo copied in without its variants: answered at once with the photo itself, its variants made in the background', async () => {
  test.setTimeout(90_000)
  const data = clean.add(temporaryDataDir('variants-later'), (d) => d.remove())
  const bucket = join(data.dir, 'bucket')
  const [photo = ''] = await writePhotoLikeBucket(bucket, { projects: 1, distinct: 1 })
  const server = clean.add(
    await startProductionServer({
      dataDir: join(data.dir, 'data'),
      env: { GALLERY_BUCKET_DIR: bucket },
    }),
    (s) => s.stop(),
  )
  const url = `${server.url}${variantsOf(photo)}/800.avif`

  const first = await fetch(url)
  expect(first.status).toBe(200)
  expect(first.headers.get('content-type')).toBe('image/jpeg')
  // Asked again on every use, so the variant replaces it.
  expect(first.headers.get('cache-control')).toBe('public, no-cache')
  expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(4000)

  await eventually(async () => {
    const made = await fetch(url)
    expect(made.headers.get('content-type')).toBe('image/avif')
    expect(made.headers.get('cache-control')).toContain('max-age=604800')
    expect((await sharp(Buffer.from(await made.arrayBuffer())).metadata()).width).toBe(800)
  }, 30_000)
  expect(server.output()).not.toContain('cannot')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true })

  test('/gallery with a page and one more of camera-sized photos: each card a variant, at most 400 kB of images to the end', async ({
    page,
  }) => {
    test.setTimeout(360_000)
    const data = clean.add(temporaryDataDir('photo-variants'), (d) => d.remove())
    const bucket = join(data.dir, 'bucket')
    const dataDir = join(data.dir, 'data')
    // One more than a page: the first page is full and a second one is linked (each photo
    // imported costs about 2 CPU-seconds of encoding).
    const projects = galleryPageSize + 1
    const photos = await writePhotoLikeBucket(bucket, { projects })

    // The owner's import lists the photos and makes their variants ahead of any visitor.
    const stdout = await runGalleryImport({ GALLERY_BUCKET_DIR: bucket, DATA_DIR: dataDir })
    expect(stdout).toContain(`${projects * 8} file(s) made for ${projects} new photo(s)`)
    const server = clean.add(
      await startProductionServer({ dataDir, env: { GALLERY_BUCKET_DIR: bucket } }),
      (s) => s.stop(),
    )

    const { images, total, failed } = await imageBytesToTheEnd(page, `${server.url}/gallery`)

    expect(failed).toEqual([])
    // The gallery's first page: each card shows a variant of its own photo, never the photo.
    const cards = page.getByRole('list', { name: 'Projects' }).locator('img')
    await expect(cards).toHaveCount(galleryPageSize)
    const chosen = await cards.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        src: new URL(img.currentSrc).pathname,
        shown: img.complete && img.naturalWidth > 0,
      })),
    )
    const variantOfAPhoto = (src: string) =>
      photos.some((photo) => src.startsWith(`${variantsOf(photo)}/`)) && /\/\d+\.avif$/.test(src)
    expect(chosen.filter((card) => !variantOfAPhoto(card.src))).toEqual([])
    expect(new Set(chosen.map((card) => card.src)).size).toBe(chosen.length)
    expect(chosen.every((card) => card.shown)).toBe(true)
    expect(images.filter((image) => image.url.includes('/object/public/gallery/'))).toEqual([])

    const cardBytes = images
      .filter((image) => image.url.includes('/gallery-variants/'))
      .map((image) => image.bytes)
    console.log(
      `/gallery at 390 px, DPR 3, scrolled to the end: ${images.length} images, ${(total / 1000).toFixed(1)} kB ` +
        `(${cardBytes.length} cards ${(cardBytes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} kB, largest ${(Math.max(...cardBytes) / 1000).toFixed(1)} kB)`,
    )
    expect(Math.max(...cardBytes)).toBeLessThanOrEqual(60_000)
    expect(total).toBeLessThanOrEqual(400_000)
  })
})
