import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
// Relative, with extensions: vite.config.ts runs this at build time.
import { photoVariantPath } from '#src/features/gallery/photo-variants.ts'
import {
  allPhotoVariants,
  limitImageWork,
  makePhotoVariants,
  photoVariantEncoding,
} from './photo-variants.server.ts'

const photoName = /\.(jpe?g|png|webp|avif)$/i

/** What a folder of variants was made from: each photo's content hash, and the encoder. */
interface Record {
  encoding: string
  photos: { [photoPath: string]: string }
}

export interface BundledPhotoVariantsReport {
  photos: number
  /** Photos encoded now (the others were unchanged since the last build). */
  made: number
  bytes: number
  seconds: number
}

async function photosIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [])
  return entries
    .filter((entry) => photoName.test(entry))
    .map((entry) => entry.split(sep).join('/'))
    .sort()
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * The variants of the photos the build ships (the bucket folder as it is at build time), laid out
 * as their URLs are, `<photo path>/<width>.<format>`, in `outputFolder`, which the build copies
 * into its static files: a fresh server encodes none of them. A photo unchanged since the last
 * build, with the same encoder, is not encoded again (`recordFile` says what each was made from);
 * variants of photos no longer there are removed.
 */
export async function writeBundledPhotoVariants({
  photoFolder,
  outputFolder,
  recordFile,
}: {
  photoFolder: string
  outputFolder: string
  recordFile: string
}): Promise<BundledPhotoVariantsReport> {
  const started = performance.now()
  limitImageWork(availableParallelism())
  const previous: Record = existsSync(recordFile)
    ? JSON.parse(await readFile(recordFile, 'utf8'))
    : { encoding: '', photos: {} }
  const encoding = await photoVariantEncoding()
  const record: Record = { encoding, photos: {} }
  const photos = await photosIn(photoFolder)
  const wanted = new Set(
    photos.flatMap((photo) =>
      allPhotoVariants.map(({ width, format }) =>
        join(outputFolder, photoVariantPath(photo, width, format)),
      ),
    ),
  )

  let made = 0
  let next = 0
  const encodeNext = async (): Promise<void> => {
    while (next < photos.length) {
      const photo = photos[next++] as string
      const bytes = await readFile(join(photoFolder, photo))
      const hash = createHash('sha256').update(bytes).digest('base64url')
      record.photos[photo] = hash
      const files = allPhotoVariants.map(({ width, format }) =>
        join(outputFolder, photoVariantPath(photo, width, format)),
      )
      const unchanged =
        previous.encoding === encoding &&
        previous.photos[photo] === hash &&
        files.every((file) => existsSync(file))
      if (unchanged) continue
      const variants = await makePhotoVariants(bytes)
      for (const { width, format, data } of variants) {
        const file = join(outputFolder, photoVariantPath(photo, width, format))
        await mkdir(dirname(file), { recursive: true })
        await writeFile(file, data)
      }
      made++
    }
  }
  // Two photos at a time per core's worth of libvips threads keeps every core busy.
  await Promise.all(Array.from({ length: 2 }, encodeNext))

  let bytes = 0
  for (const file of await filesUnder(outputFolder)) {
    if (wanted.has(file)) bytes += (await stat(file)).size
    else await rm(file, { force: true })
  }
  await mkdir(dirname(recordFile), { recursive: true })
  await writeFile(recordFile, `${JSON.stringify(record, null, 2)}\n`)
  return {
    photos: photos.length,
    made,
    bytes,
    seconds: (performance.now() - started) / 1000,
  }
}

/** For the build's log line. */
export const describeBundledPhotoVariants = (
  report: BundledPhotoVariantsReport,
  outputFolder: string,
) =>
  `Photo variants of the ${report.photos} bundled photos: ${report.made} encoded, ${report.photos - report.made} unchanged since the last build, ` +
  `${(report.bytes / 1e6).toFixed(1)} MB in ${relative(process.cwd(), outputFolder)} (${report.seconds.toFixed(1)} s)`
