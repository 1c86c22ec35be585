/**
 * The image encoder (sharp, with libvips and its codecs: about 25 MB of a process) loads only when
 * a photo needs its variants made (issue 23, memory): not at start, not for pages, not for the
 * variants the build made. Seen from outside, as an operator would: the libraries the server
 * process has mapped (/proc/<pid>/maps).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { startProductionServer } from '#test/faults/production-server.ts'
import { photoLikeJpeg } from '#test/support/photo-like-images.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

const mapsLibvips = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips')

test('libvips is loaded only once a photo needs its variants made, and then they are made', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('encoder-on-demand'), (d) => d.remove())
  const dataDir = join(data.dir, 'data')
  const bucket = join(data.dir, 'bucket')
  await mkdir(dataDir, { recursive: true })
  // A photo added after the build: the build has no variants of it.
  const photo = 'kitchen/photo-added-after-the-build.jpg'
  await mkdir(dirname(join(bucket, photo)), { recursive: true })
  writeFileSync(join(bucket, photo), await photoLikeJpeg('encoder-on-demand'))

  const server = clean.add(
    await startProductionServer({ dataDir, env: { GALLERY_BUCKET_DIR: bucket } }),
    (s) => s.stop(),
  )

  // Pages, and the card photos of the gallery (variants the build made).
  for (const path of ['/', '/gallery', '/services/kitchen-remodeling']) {
    expect((await fetch(`${server.url}${path}`)).status).toBe(200)
  }
  const gallery = await (await fetch(`${server.url}/gallery`)).text()
  const builtVariants = [
    ...gallery.matchAll(/\/storage\/v1\/object\/public\/gallery-variants\/[^"\s,]+/g),
  ]
    .map((match) => match[0].replaceAll('&amp;', '&'))
    .slice(0, 4)
  expect(builtVariants.length).toBeGreaterThan(0)
  for (const variant of builtVariants) {
    const answer = await fetch(`${server.url}${variant}`)
    expect(answer.status).toBe(200)
    await answer.arrayBuffer()
  }
  expect(mapsLibvips(server.pid)).toBe(false)

  // The new photo's variant: the photo itself at once, made in the background.
  const variantUrl = `${server.url}/storage/v1/object/public/gallery-variants/${photo}/400.avif`
  const standIn = await fetch(variantUrl)
  expect(standIn.status).toBe(200)
  expect(standIn.headers.get('cache-control')).toBe('public, no-cache')
  await expect
    .poll(async () => (await fetch(variantUrl)).headers.get('content-type'), { timeout: 60_000 })
    .toBe('image/avif')
  expect(mapsLibvips(server.pid)).toBe(true)
})
