// The embedded site's variants on disk, `<photo path>/<stamp>/<width>.<format>`: the stamp (the
// photo file's size and mtime) keeps a photo replaced under the same name from showing old ones.
import { readdir, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import {
  type PhotoVariantFormat,
  type PhotoVariantRequest,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'
import { allPhotoVariants, writePhotoVariants } from './photo-variants.server.ts'

export const photoVariantsDir = (dataDir: string) => join(dataDir, 'photo-variants')

const stampName = /^[0-9a-z]+-[0-9a-z]+$/
const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false
const isInside = (root: string, path: string) => path.startsWith(root + sep)

/** The wanted variant, then the stand-ins: wider, then narrower; WebP for AVIF, never the reverse. */
function candidates({ width, format }: PhotoVariantRequest): string[] {
  const wider = photoVariantWidths.filter((w) => w > width)
  const narrower = photoVariantWidths.filter((w) => w < width).reverse()
  const formats: PhotoVariantFormat[] = format === 'avif' ? ['avif', 'webp'] : ['webp']
  return formats.flatMap((f) => [width, ...wider, ...narrower].map((w) => `${w}.${f}`))
}

export function createPhotoVariantStore(directory: string, photoFolder: string) {
  const root = resolve(directory)
  const folder = resolve(photoFolder)
  // One photo at a time: a server's encoding never takes more than its one libvips thread.
  let queue: Promise<unknown> = Promise.resolve()
  /** Photo files (by stamp) that are no image: not tried again until they change. */
  const unreadable = new Set<string>()

  async function locate(photoPath: string) {
    const file = resolve(folder, photoPath)
    const info = isInside(folder, file) ? await stat(file).catch(() => undefined) : undefined
    if (!info?.isFile()) return undefined
    const stamp = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`
    const dir = resolve(root, photoPath, stamp)
    return isInside(root, dir) ? { file, stamp, dir } : undefined
  }

  async function makeMissing({ file, stamp, dir }: { file: string; stamp: string; dir: string }) {
    if (unreadable.has(dir)) return 0
    const ready = await Promise.all(
      allPhotoVariants.map(({ width, format }) => isFile(join(dir, `${width}.${format}`))),
    )
    const missing = allPhotoVariants.filter((_, index) => !ready[index])
    if (missing.length === 0) return 0
    await writePhotoVariants(file, dir, missing).catch((error: NodeJS.ErrnoException) => {
      // sharp's errors have no code: the photo is no image. Those with one are the disk's.
      if (error.code === undefined) unreadable.add(dir)
      throw error
    })
    const photoDir = resolve(dir, '..')
    for (const entry of await readdir(photoDir)) {
      if (entry !== stamp && stampName.test(entry)) {
        await rm(join(photoDir, entry), { recursive: true, force: true })
      }
    }
    return missing.length
  }

  return {
    /** Making nothing: the photo's current variant, else the nearest ready one, else the photo. */
    async find(request: PhotoVariantRequest) {
      const photo = await locate(request.photoPath)
      if (!photo) return undefined
      const names = candidates(request)
      for (const name of names) {
        const file = join(photo.dir, name)
        if (await isFile(file)) return { file, kind: name === names[0] ? 'variant' : 'nearest' }
      }
      return { file: photo.file, kind: 'photo' as const }
    },

    /**
     * Makes the variants the photo lacks; resolves to how many. Rejects once for a file that is no
     * image, and when a write fails (the error's `code` says why: EROFS, ENOSPC…).
     */
    prepare(photoPath: string): Promise<number> {
      const work = queue.then(async () => {
        const photo = await locate(photoPath)
        return photo ? makeMissing(photo) : 0
      })
      queue = work.catch(() => {})
      return work
    },
  }
}
