import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
// Relative, with extensions: `npm run gallery:import` runs this file under Node as it is.
import type {
  PhotoVariantFormat,
  PhotoVariantRequest,
  PhotoVariantWidth,
} from '../../features/gallery/photo-variants.ts'
import { allPhotoVariants, makePhotoVariants } from './photo-variants.server.ts'

/** Where the embedded site keeps the variants it makes. */
export const photoVariantsDir = (dataDir: string) => join(dataDir, 'photo-variants')

export interface PhotoVariantFile {
  file: string
  size: number
  modified: Date
}

export interface PhotoVariantStoreOptions {
  /** Where the variants are kept (DATA_DIR/photo-variants). */
  directory: string
  /** Folders that hold the photos, searched in order: the bucket folder, then the build's copy. */
  photoFolders: readonly string[]
  /** Photos worked on at once (libvips adds threads of its own to each). Default 2. */
  concurrency?: number
  make?: typeof makePhotoVariants
}

export interface PhotoVariantStore {
  /**
   * The file of one variant, made now when the photo has none yet for its current file (a photo
   * replaced under the same name gets new ones). Undefined when there is no such photo; rejects
   * when the photo cannot be read as an image.
   */
  variantFile(request: PhotoVariantRequest): Promise<PhotoVariantFile | undefined>
  /** Makes every variant of a photo that it lacks; resolves to how many were made. */
  prepare(photoPath: string): Promise<number>
  /** Deletes the variants of every photo not in `keep`; resolves to the photos they were of. */
  prune(keep: ReadonlySet<string>): Promise<string[]>
}

const photoName = /\.(jpe?g|png|webp|avif)$/i
const stampName = /^[0-9a-z]+-[0-9a-z]+$/

/** Runs at most `limit` tasks at a time, the others in the order they came. */
function limiter(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((start) => waiting.push(start))
    else running++
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}

const isInside = (root: string, path: string) => path.startsWith(root + sep)

/**
 * Variants of the gallery's photos on disk: `<directory>/<photo path>/<stamp>/<width>.<format>`,
 * where the stamp is the photo file's size and modification time, so a photo replaced under the
 * same name never shows an old variant. Files are written whole (a temporary file renamed), so
 * the server and `npm run gallery:import` can work on the same directory at once.
 */
export function createPhotoVariantStore({
  directory,
  photoFolders,
  concurrency = 2,
  make = makePhotoVariants,
}: PhotoVariantStoreOptions): PhotoVariantStore {
  const root = resolve(directory)
  const folders = photoFolders.map((folder) => resolve(folder))
  const run = limiter(concurrency)
  const making = new Map<string, Promise<number>>()

  async function locatePhoto(photoPath: string) {
    for (const folder of folders) {
      const file = resolve(folder, photoPath)
      if (!isInside(folder, file)) return undefined
      const info = await stat(file).catch(() => undefined)
      if (info?.isFile()) {
        const stamp = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`
        const dir = resolve(root, photoPath, stamp)
        return isInside(root, dir) ? { file, stamp, dir } : undefined
      }
    }
    return undefined
  }

  const variantName = (width: PhotoVariantWidth, format: PhotoVariantFormat) => `${width}.${format}`

  const existing = async (file: string) => {
    const info = await stat(file).catch(() => undefined)
    return info?.isFile() ? { file, size: info.size, modified: info.mtime } : undefined
  }

  /** Makes the missing ones of `wanted` for the photo's current file; one run per photo. */
  function makeMissing(
    photo: { file: string; stamp: string; dir: string },
    photoDir: string,
    wanted: typeof allPhotoVariants,
  ): Promise<number> {
    const key = `${photo.dir}\0${wanted.map((v) => variantName(v.width, v.format)).join()}`
    const already = making.get(key)
    if (already) return already
    const work = run(async () => {
      const missing = []
      for (const variant of wanted) {
        if (!(await existing(join(photo.dir, variantName(variant.width, variant.format))))) {
          missing.push(variant)
        }
      }
      if (missing.length === 0) return 0
      const made = await make(photo.file, missing)
      await mkdir(photo.dir, { recursive: true })
      for (const { width, format, data } of made) {
        const file = join(photo.dir, variantName(width, format))
        const partial = `${file}.${randomUUID()}.partial`
        try {
          await writeFile(partial, data)
          await rename(partial, file)
        } catch (error) {
          await rm(partial, { force: true })
          throw error
        }
      }
      // Variants of an earlier file under this name are never served again.
      for (const entry of await readdir(photoDir).catch(() => [])) {
        if (entry !== photo.stamp && stampName.test(entry)) {
          await rm(join(photoDir, entry), { recursive: true, force: true })
        }
      }
      return made.length
    }).finally(() => making.delete(key))
    making.set(key, work)
    return work
  }

  return {
    async variantFile({ photoPath, width, format }) {
      const photo = await locatePhoto(photoPath)
      if (!photo) return undefined
      const file = join(photo.dir, variantName(width, format))
      const ready = await existing(file)
      if (ready) return ready
      await makeMissing(photo, resolve(root, photoPath), [{ width, format }])
      return existing(file)
    },

    async prepare(photoPath) {
      const photo = await locatePhoto(photoPath)
      if (!photo) return 0
      return makeMissing(photo, resolve(root, photoPath), allPhotoVariants)
    },

    async prune(keep) {
      const removed: string[] = []
      async function walk(dir: string): Promise<void> {
        for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
          if (!entry.isDirectory()) continue
          const path = join(dir, entry.name)
          if (!photoName.test(entry.name)) {
            await walk(path)
            continue
          }
          const photoPath = relative(root, path).split(sep).join('/')
          if (!keep.has(photoPath)) {
            await rm(path, { recursive: true, force: true })
            removed.push(photoPath)
          }
        }
      }
      await walk(root)
      return removed
    },
  }
}
