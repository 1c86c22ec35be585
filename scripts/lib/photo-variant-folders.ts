// Photo variants made ahead of visitors: by the build (vite.config.ts) for the photos it ships,
// and by `npm run gallery:import` for those it adds; both drop the variants of photos now gone.
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism, homedir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { photoFile, photoVariantPath } from '#src/features/gallery/photo-variants.ts'
import {
  allPhotoVariants,
  encoderSettings,
  limitImageWork,
  loadSharp,
  writePhotoVariants,
} from '#src/features/gallery/server/photo-variants.server.ts'

/** Deletes the variant folders (named as their photo) of every photo not in `keep`. */
export async function prunePhotoVariants(root: string, keep: ReadonlySet<string>) {
  const removed: string[] = []
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(
    () => [],
  )) {
    const path = join(entry.parentPath, entry.name)
    const photoPath = relative(root, path).split(sep).join('/')
    if (!entry.isDirectory() || !photoFile.test(entry.name) || keep.has(photoPath)) continue
    // A folder inside one already removed, or a further photo's beside a kept one.
    if (removed.some((gone) => photoPath.startsWith(`${gone}/`))) continue
    await rm(path, { recursive: true, force: true })
    removed.push(photoPath)
  }
  return removed
}

/**
 * Variants already encoded on this machine, by any checkout, keyed by the encoder and the photo's
 * bytes: a fresh clone's first build copies them instead of encoding for a minute. The same bytes
 * as an encoding now (same photo, settings, sharp and libvips). PHOTO_VARIANTS_CACHE moves it.
 */
const machineCacheFolder = () =>
  process.env.PHOTO_VARIANTS_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'remodeling-site', 'photo-variants')

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** Copies every file or none: a half-written copy (another build at once, a crash) is never read. */
async function copyAll(files: readonly string[], from: string, to: string) {
  await mkdir(to, { recursive: true })
  for (const file of files) {
    const temporary = join(to, `.${file}.${process.pid}.tmp`)
    await copyFile(join(from, file), temporary)
    await rename(temporary, join(to, file))
  }
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
}) {
  const started = performance.now()
  await limitImageWork(availableParallelism())
  const { versions } = await loadSharp()
  const encoding = JSON.stringify({ encoderSettings, sharp: versions.sharp, vips: versions.vips })
  if ((await readFile(encodingFile, 'utf8').catch(() => '')) !== encoding) {
    await rm(outputFolder, { recursive: true, force: true })
  }
  const photos = (await readdir(photoFolder, { recursive: true }).catch(() => []))
    .filter((entry) => photoFile.test(entry))
    .map((entry) => entry.split(sep).join('/'))
    .sort()
  const cacheFolder = join(machineCacheFolder(), sha256(encoding).slice(0, 16))
  const variantFiles = allPhotoVariants.map(({ width, format }) => `${width}.${format}`)
  let made = 0
  let copied = 0
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
        const cached = join(cacheFolder, sha256(await readFile(join(photoFolder, photo))))
        const inCache = await Promise.all(
          variantFiles.map((file) => stat(join(cached, file)).catch(() => undefined)),
        )
        if (inCache.every(Boolean)) {
          await copyAll(variantFiles, cached, join(outputFolder, photo))
          copied++
        } else {
          await writePhotoVariants(join(photoFolder, photo), join(outputFolder, photo))
          made++
          // A cache that cannot be written (read-only home) costs the next build time, not this one.
          await copyAll(variantFiles, join(outputFolder, photo), cached).catch(() => {})
        }
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
  return {
    photos: photos.length,
    /** Photos encoded now (the others were unchanged since the last build, or in the machine's cache). */
    made,
    /** Photos whose variants came from the machine's cache. */
    copied,
    bytes,
    seconds: (performance.now() - started) / 1000,
  }
}

/** For the build's log line. */
export const describeBundledPhotoVariants = (
  report: Awaited<ReturnType<typeof writeBundledPhotoVariants>>,
  outputFolder: string,
) =>
  `Photo variants of the ${report.photos} bundled photos: ${report.made} encoded, ${report.copied} copied from ${machineCacheFolder()}, ` +
  `${report.photos - report.made - report.copied} unchanged since the last build, ` +
  `${(report.bytes / 1e6).toFixed(1)} MB in ${relative(process.cwd(), outputFolder)} (${report.seconds.toFixed(1)} s)`
