import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
// Relative, with extensions: `npm run gallery:import` runs this file under Node as it is.
import {
  type PhotoVariantFormat,
  type PhotoVariantRequest,
  type PhotoVariantWidth,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'
import { allPhotoVariants, makePhotoVariants } from './photo-variants.server.ts'

/** Where the embedded site keeps the variants it makes. */
export const photoVariantsDir = (dataDir: string) => join(dataDir, 'photo-variants')

export interface PhotoVariantFile {
  file: string
  size: number
  modified: Date
}

/** What answers a request for a variant: the variant itself, or a stand-in until it is made. */
export interface PhotoVariantAnswer extends PhotoVariantFile {
  /**
   * `variant`: the one asked for. `nearest`: another variant of the photo as it is now (the
   * nearest width at least as wide, else the widest narrower one; an AVIF request may get a WebP,
   * never the other way round). `photo`: the photo itself.
   */
  kind: 'variant' | 'nearest' | 'photo'
}

export interface PhotoVariantStoreOptions {
  /** Where the variants are kept (DATA_DIR/photo-variants). */
  directory: string
  /** Folders that hold the photos, searched in order: the bucket folder, then the build's copy. */
  photoFolders: readonly string[]
  /** Photos worked on at once (libvips adds threads of its own to each, sharp.concurrency). Default 2. */
  concurrency?: number
  make?: typeof makePhotoVariants
}

export interface PhotoVariantStore {
  /**
   * At once, without making anything: the variant when it is made for the photo's current file (a
   * photo replaced under the same name needs new ones), else the nearest stand-in that is ready.
   * Undefined when there is no such photo.
   */
  find(request: PhotoVariantRequest): Promise<PhotoVariantAnswer | undefined>
  /**
   * Makes every variant of a photo that it lacks; resolves to how many were made. Rejects when the
   * photo cannot be read as an image (and at once on later calls, until the photo's file changes),
   * or when a variant cannot be written (the error's `code` says why: EROFS, ENOSPC…).
   */
  prepare(photoPath: string): Promise<number>
  /** Deletes the variants of every photo not in `keep`; resolves to the photos they were of. */
  prune(keep: ReadonlySet<string>): Promise<string[]>
  /**
   * Whether the directory takes a write now: writes a small file there and removes it. Undefined
   * when it does; else the reason, without the path (`EROFS: read-only file system`).
   */
  writeProblem(): Promise<string | undefined>
}

/** Errors of a write that say the directory, not the photo, is at fault. */
const directoryFaults = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR'])

export const isDirectoryFault = (error: unknown) =>
  directoryFaults.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')

/** A failed write's reason without its path: `ENOSPC: no space left on device`. */
export function writeFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const message = error instanceof Error ? error.message : String(error)
  // Node's message is `CODE: description, syscall 'path'`.
  return code ? (message.split(',')[0] ?? code) : message
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
  /** Photo files (by their variants' folder, which names the file's stamp) that are no image. */
  const unreadable = new Map<string, unknown>()

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

  /** Makes the missing variants of the photo's current file; one run per photo. */
  function makeMissing(
    photo: { file: string; stamp: string; dir: string },
    photoDir: string,
  ): Promise<number> {
    const known = unreadable.get(photo.dir)
    if (known) return Promise.reject(known)
    const already = making.get(photo.dir)
    if (already) return already
    const work = run(async () => {
      const missing = []
      for (const variant of allPhotoVariants) {
        if (!(await existing(join(photo.dir, variantName(variant.width, variant.format))))) {
          missing.push(variant)
        }
      }
      if (missing.length === 0) return 0
      const made = await make(photo.file, missing).catch((error: unknown) => {
        unreadable.set(photo.dir, error)
        throw error
      })
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
    }).finally(() => making.delete(photo.dir))
    making.set(photo.dir, work)
    return work
  }

  /** The ready variants that may stand in for one, best first. */
  function standIns({ width, format }: PhotoVariantRequest) {
    // A browser that asked for AVIF takes WebP too; one that asked for WebP may not take AVIF.
    const formats: PhotoVariantFormat[] = format === 'avif' ? ['avif', 'webp'] : ['webp']
    const wider = photoVariantWidths.filter((w) => w > width)
    const narrower = photoVariantWidths.filter((w) => w < width).reverse()
    return formats.flatMap((f) =>
      [...(f === format ? [] : [width]), ...wider, ...narrower].map((w) => variantName(w, f)),
    )
  }

  return {
    async find(request) {
      const photo = await locatePhoto(request.photoPath)
      if (!photo) return undefined
      const ready = await existing(join(photo.dir, variantName(request.width, request.format)))
      if (ready) return { ...ready, kind: 'variant' }
      for (const name of standIns(request)) {
        const nearest = await existing(join(photo.dir, name))
        if (nearest) return { ...nearest, kind: 'nearest' }
      }
      const original = await existing(photo.file)
      return original ? { ...original, kind: 'photo' } : undefined
    },

    async prepare(photoPath) {
      const photo = await locatePhoto(photoPath)
      if (!photo) return 0
      return makeMissing(photo, resolve(root, photoPath))
    },

    async writeProblem() {
      const probe = join(root, `write-check.${randomUUID()}.partial`)
      try {
        await mkdir(root, { recursive: true })
        await writeFile(probe, 'a variant would be written here\n')
        return undefined
      } catch (error) {
        return writeFailureReason(error)
      } finally {
        await rm(probe, { force: true }).catch(() => {})
      }
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
