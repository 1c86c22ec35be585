/**
 * A data directory whose photo variants cannot be written (issue 23, item 4): read-only, or full.
 * The server finds out at start and says so once in its log, with the path, and in /readyz; a
 * photo without variants is served as it is, at once, with no encoding on any request. Each
 * server runs in a mount namespace of its own (unshare) where DATA_DIR/photo-variants is a
 * read-only bind mount, or a full tmpfs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { startProductionServer } from '#test/faults/production-server.ts'
import { photoLikeJpeg } from '#test/support/photo-like-images.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

const faults = {
  'read-only': {
    mount: 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"',
    reason: 'EROFS: read-only file system',
  },
  full: {
    mount:
      'mount -t tmpfs -o size=64k tmpfs "$0" && { cat /dev/zero > "$0/filler" 2>/dev/null || true; }',
    reason: 'ENOSPC: no space left on device',
  },
} as const

/** Runs the server with `directory` mounted as the fault has it, in a mount namespace of its own. */
const withFault = (fault: keyof typeof faults, directory: string) => [
  'unshare',
  '--mount',
  'sh',
  '-c',
  `mkdir -p "$0" && ${faults[fault].mount} && exec "$@"`,
  directory,
]

/** CPU time (user + system) the process has used, in seconds. */
function cpuSeconds(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number)
  return (utime + stime) / 100
}

const variantUrl = (base: string, photo: string, variant: string) =>
  `${base}/storage/v1/object/public/gallery-variants/${photo}/${variant}`

for (const fault of ['read-only', 'full'] as const) {
  test(`a ${fault} photo-variants directory: named at start, the photo served as it is at once, nothing encoded`, async () => {
    test.setTimeout(120_000)
    const data = clean.add(temporaryDataDir(`variants-${fault}`), (d) => d.remove())
    const dataDir = join(data.dir, 'data')
    const bucket = join(data.dir, 'bucket')
    const variantsDir = join(dataDir, 'photo-variants')
    await mkdir(dataDir, { recursive: true })
    // A camera-sized photo added after the build: the build has no variants of it.
    const photo = 'kitchen/camera-photo-after-the-build.jpg'
    const photoBytes = await photoLikeJpeg('unwritable-variants')
    await mkdir(dirname(join(bucket, photo)), { recursive: true })
    writeFileSync(join(bucket, photo), photoBytes)

    const server = clean.add(
      await startProductionServer({
        dataDir,
        env: { GALLERY_BUCKET_DIR: bucket },
        launcher: withFault(fault, variantsDir),
      }),
      (s) => s.stop(),
    )

    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    // Still 200; its contact checks (hCaptcha out of reach here) are not this spec's.
    expect(await ready.json()).toMatchObject({
      mode: 'embedded',
      photoVariants: `unwritable: ${faults[fault].reason}`,
    })

    const cpuBefore = cpuSeconds(server.pid)
    const variants = ['400.avif', '800.avif', '1200.avif', '1600.avif', '400.webp', '800.webp']
    for (let round = 0; round < 3; round++) {
      for (const variant of variants) {
        const answer = await fetch(variantUrl(server.url, photo, variant))
        expect(answer.status, variant).toBe(200)
        expect(answer.headers.get('content-type')).toBe('image/jpeg')
        // Revalidated on every use, so the variant replaces it once the directory can be written.
        expect(answer.headers.get('cache-control')).toBe('public, no-cache')
        expect(Buffer.from(await answer.arrayBuffer()).equals(photoBytes)).toBe(true)
      }
    }
    // Decoding this photo alone costs about half a second of CPU: 18 answers made none.
    const cpuUsed = cpuSeconds(server.pid) - cpuBefore
    console.log(`${fault}: 18 variant requests used ${cpuUsed.toFixed(2)} s of the server's CPU`)
    expect(cpuUsed).toBeLessThan(1)

    // The build's own variants need no data directory.
    const [bundled] = JSON.parse(
      readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
    ) as { path: string }[]
    const built = await fetch(variantUrl(server.url, bundled?.path ?? '', '800.avif'))
    expect(built.status).toBe(200)
    expect(built.headers.get('content-type')).toBe('image/avif')
    expect((await sharp(Buffer.from(await built.arrayBuffer())).metadata()).format).toBe('heif')

    const log = server.output()
    const named = `Photo variants: ${variantsDir} cannot be written (${faults[fault].reason})`
    expect(log.split(named).length - 1, log).toBe(1)
    expect(log).not.toContain('cannot be read as an image')
  })
}
