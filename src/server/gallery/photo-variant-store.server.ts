// The embedded site's variants on disk, `<photo path>/<stamp>/<width>.<format>`: the stamp (the
// photo file's size and mtime) keeps a photo replaced under the same name from showing old ones.
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import {
  type PhotoVariantFormat,
  type PhotoVariantRequest,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'
import { allPhotoVariants, writePhotoVariants } from './photo-variants.server.ts'

export const photoVariantsDir = (dataDir: string) => join(dataDir, 'photo-variants')

const directoryFaults = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR'])

/** A write error that blames the directory, not the photo. */
export const isDirectoryFault = (error: unknown) =>
  directoryFaults.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')

/** Node's `CODE: description, syscall 'path'` without the path. */
export const writeFailureReason = (error: unknown) =>
  error instanceof Error ? (error.message.split(',')[0] ?? error.message) : String(error)

const stampName = /^[0-9a-z]+-[0-9a-z]+$/
const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false
const isInside = (root: string, path: string) => path.startsWith(root + sep)

/** Best first: a wider width, then narrower; an AVIF request may take WebP, never the reverse. */
function standIns({ width, format }: PhotoVariantRequest): string[] {
  const formats: PhotoVariantFormat[] = format === 'avif' ? ['avif', 'webp'] : ['webp']
  const wider = photoVariantWidths.filter((w) => w > width)
  const narrower = photoVariantWidths.filter((w) => w < width).reverse()
  return formats.flatMap((f) =>
    [...(f === format ? [] : [width]), ...wider, ...narrower].map((w) => `${w}.${f}`),
  )
}

/** `photoFolders` are searched in order: the bucket folder, then the build's copy of it. */
export function createPhotoVariantStore(directory: string, photoFolders: readonly string[]) {
  const root = resolve(directory)
  const folders = photoFolders.map((folder) => resolve(folder))
  // One photo at a time: a server's encoding never takes more than its one libvips thread.
  let queue: Promise<unknown> = Promise.resolve()
  const making = new Map<string, Promise<number>>()
  /** Photo files (by stamp) that are no image: not tried again until they change. */
  const unreadable = new Set<string>()

  async function locate(photoPath: string) {
    for (const folder of folders) {
      const file = resolve(folder, photoPath)
      if (!isInside(folder, file)) return undefined
      const info = await stat(file).catch(() => undefined)
      if (!info?.isFile()) continue
      const stamp = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`
      const dir = resolve(root, photoPath, stamp)
      return isInside(root, dir) ? { file, stamp, dir } : undefined
    }
    return undefined
  }

  async function makeMissing({ file, stamp, dir }: { file: string; stamp: string; dir: string }) {
    const ready = await Promise.all(
      allPhotoVariants.map(({ width, format }) => isFile(join(dir, `${width}.${format}`))),
    )
    const missing = allPhotoVariants.filter((_, index) => !ready[index])
    if (missing.length === 0) return 0
    const made = await writePhotoVariants(file, dir, missing).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === undefined) unreadable.add(dir)
      throw error
    })
    const photoDir = resolve(dir, '..')
    for (const entry of await readdir(photoDir)) {
      if (entry !== stamp && stampName.test(entry)) {
        await rm(join(photoDir, entry), { recursive: true, force: true })
      }
    }
    return made
  }

  return {
    /**
     * At once, making nothing: the variant made from the photo as it is now, else the `nearest`
     * ready one, else the `photo` itself.
     */
    async find(request: PhotoVariantRequest) {
      const photo = await locate(request.photoPath)
      if (!photo) return undefined
      const wanted = `${request.width}.${request.format}`
      for (const name of [wanted, ...standIns(request)]) {
        const file = join(photo.dir, name)
        if (await isFile(file)) return { file, kind: name === wanted ? 'variant' : 'nearest' }
      }
      return { file: photo.file, kind: 'photo' as const }
    },

    /**
     * Makes the variants the photo lacks; resolves to how many. Rejects once for a file that is no
     * image, and when a write fails (the error's `code` says why: EROFS, ENOSPC…).
     */
    async prepare(photoPath: string): Promise<number> {
      const photo = await locate(photoPath)
      if (!photo || unreadable.has(photo.dir)) return 0
      const running = making.get(photo.dir)
      if (running) return running
      const work = queue.then(() => makeMissing(photo))
      queue = work.catch(() => {})
      making.set(photo.dir, work)
      void queue.then(() => making.delete(photo.dir))
      return work
    },

    /** Why the directory takes no write now (`EROFS: read-only file system`); undefined if it does. */
    async writeProblem(): Promise<string | undefined> {
      const probe = join(root, '.write-check')
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
  }
}

export type PhotoVariantStore = ReturnType<typeof createPhotoVariantStore>
