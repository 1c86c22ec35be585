// Photo variants made ahead of visitors: by the build (vite.config.ts) for the photos it ships,
// and by `npm run gallery:import` for those it adds; both drop the variants of photos now gone.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { photoVariantPath } from '#src/features/gallery/photo-variants.ts'
import {
  allPhotoVariants,
  encoderSettings,
  limitImageWork,
  loadSharp,
  writePhotoVariants,
} from '#src/server/gallery/photo-variants.server.ts'

const photoName = /\.(jpe?g|png|webp|avif)$/i

/** Deletes the variant folders (named as their photo) of every photo not in `keep`. */
export async function prunePhotoVariants(root: string, keep: ReadonlySet<string>) {
  const removed: string[] = []
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(
    () => [],
  )) {
    const path = join(entry.parentPath, entry.name)
    const photoPath = relative(root, path).split(sep).join('/')
    if (!entry.isDirectory() || !photoName.test(entry.name) || keep.has(photoPath)) continue
    // A folder inside one already removed, or a further photo's beside a kept one.
    if (removed.some((gone) => photoPath.startsWith(`${gone}/`))) continue
    await rm(path, { recursive: true, force: true })
    removed.push(photoPath)
  }
  return removed
}

export interface BundledPhotoVariantsReport {
  photos: number
  /** Photos encoded now (the others were unchanged since the last build). */
  made: number
  bytes: number
  seconds: number
}

/**
 * The variants of the photos the build ships, as their URLs lay them out
 * (`<photo path>/<width>.<format>`), in `outputFolder`, which Nitro serves as static files. A
 * photo whose variants are newer than it, made with the same encoder (`encodingFile`), is skipped.
 */
export async function writeBundledPhotoVariants({
  photoFolder,
  outputFolder,
  encodingFile,
}: {
  photoFolder: string
  outputFolder: string
  encodingFile: string
}): Promise<BundledPhotoVariantsReport> {
  const started = performance.now()
  await limitImageWork(availableParallelism())
  const { versions } = await loadSharp()
  const encoding = JSON.stringify({ encoderSettings, sharp: versions.sharp, vips: versions.vips })
  if ((await readFile(encodingFile, 'utf8').catch(() => '')) !== encoding) {
    await rm(outputFolder, { recursive: true, force: true })
  }
  const photos = (await readdir(photoFolder, { recursive: true }).catch(() => []))
    .filter((entry) => photoName.test(entry))
    .map((entry) => entry.split(sep).join('/'))
    .sort()
  let made = 0
  let bytes = 0
  const queue = [...photos]
  const encodeNext = async () => {
    for (let photo = queue.shift(); photo !== undefined; photo = queue.shift()) {
      const { mtimeMs } = await stat(join(photoFolder, photo))
      const files = allPhotoVariants.map(({ width, format }) =>
        join(outputFolder, photoVariantPath(photo as string, width, format)),
      )
      const ready = await Promise.all(files.map((file) => stat(file).catch(() => undefined)))
      if (!ready.every((info) => info && info.mtimeMs >= mtimeMs)) {
        await writePhotoVariants(join(photoFolder, photo), join(outputFolder, photo))
        made++
      }
      const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size))
      bytes += sizes.reduce((sum, size) => sum + size, 0)
    }
  }
  // Two photos at a time, each with every core's libvips threads, keep the cores busy.
  await Promise.all([encodeNext(), encodeNext()])
  await prunePhotoVariants(outputFolder, new Set(photos))
  await mkdir(dirname(encodingFile), { recursive: true })
  await writeFile(encodingFile, encoding)
  return { photos: photos.length, made, bytes, seconds: (performance.now() - started) / 1000 }
}

/** For the build's log line. */
export const describeBundledPhotoVariants = (
  report: BundledPhotoVariantsReport,
  outputFolder: string,
) =>
  `Photo variants of the ${report.photos} bundled photos: ${report.made} encoded, ${report.photos - report.made} unchanged since the last build, ` +
  `${(report.bytes / 1e6).toFixed(1)} MB in ${relative(process.cwd(), outputFolder)} (${report.seconds.toFixed(1)} s)`
