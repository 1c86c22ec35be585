/**
 * What a phone downloads for /gallery: Chromium at 390 × 844 CSS px, device pixel ratio 3,
 * scrolled to the end so every lazily loaded card asks for its picture; the bytes of every image
 * response (headers and body as received). Two galleries: the one the site ships with (our drawn
 * 1200 px photos, variants made by the build), and 20 camera-sized photos (4000 × 3000 JPEGs
 * of about 3.2 MB, test/support/photo-like-images.ts) imported with `npm run gallery:import`.
 * "As uploaded" is what the same page took before issue 14, when each card loaded its photo as
 * it is: the other images measured here plus the cards' photo files.
 *
 *   flock /tmp/site-build.lock npm run build
 *   ./node_modules/.bin/node bench/gallery-bytes.ts --no-build
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { imageBytesToTheEnd } from '../test/support/gallery-image-bytes.ts'
import { writePhotoLikeBucket } from '../test/support/photo-like-images.ts'
import { kB, mark, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const shippedBucket = resolve('public/storage/v1/object/public/gallery')
const budget = 400_000
const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

async function measure(label: string, bucket: string, dataDir?: string) {
  const server = await startServer({
    GALLERY_BUCKET_DIR: bucket,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
    })
    const { images, total } = await imageBytesToTheEnd(page, `${server.origin}/gallery`)
    const photoUrl = (url: string) => new URL(url).pathname.split('/gallery-variants/')[1]
    const cards = images.filter((image) => photoUrl(image.url) !== undefined)
    const others = total - cards.reduce((sum, card) => sum + card.bytes, 0)
    const asUploaded =
      others +
      cards.reduce((sum, card) => {
        const photo = (photoUrl(card.url) ?? '').replace(/\/\d+\.(avif|webp)$/, '')
        return sum + statSync(join(bucket, decodeURIComponent(photo))).size
      }, 0)
    const largest = Math.max(...cards.map((card) => card.bytes))
    return [
      label,
      images.length,
      kB(asUploaded),
      `${kB(total)} ${mark(total <= budget)}`,
      kB(total - others),
      kB(largest),
    ]
  } finally {
    await browser.close()
    await server.stop()
  }
}

async function main() {
  if (!skipBuild()) build()
  const work = mkdtempSync(join(tmpdir(), 'bench-gallery-bytes-'))
  try {
    const shipped = await measure(
      'the shipped gallery (20 drawn photos, 1200 × 900 WebP)',
      shippedBucket,
    )

    const bucket = join(work, 'bucket')
    const dataDir = join(work, 'data')
    await writePhotoLikeBucket(bucket)
    execFileSync(process.execPath, ['scripts/gallery-import.ts'], {
      env: { ...process.env, GALLERY_BUCKET_DIR: bucket, DATA_DIR: dataDir },
      stdio: 'ignore',
    })
    const camera = await measure(
      '20 camera photos (4000 × 3000 JPEG, 3.2 MB each), imported',
      bucket,
      dataDir,
    )

    const body = [
      'Chromium at 390 × 844 CSS px, device pixel ratio 3, `/gallery` scrolled to the end; every image response counted, headers and body as received (kB = 1000 bytes).',
      'As uploaded = the other images measured plus the photo file of each card, which is what each card loaded before the variants (issue 14). Budget: at most 400 kB.',
      '',
      table(
        ['gallery', 'images', 'as uploaded', 'with variants', 'of which cards', 'largest card'],
        [shipped, camera],
      ),
    ].join('\n')
    console.log(body)
    writeSection('Gallery image bytes on a phone', body)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.main) await main()
