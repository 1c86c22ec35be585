// The embedded site's photos the build does not hold, through srvx's static server, and their
// variants in `<photo path>/<stamp>/<width>.<format>` (the stamp, the photo's size and mtime, hides
// a replaced photo's old ones), made one photo at a time while the nearest ready one stands in.
import { readdir, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { staticMiddleware } from 'srvx/static'
import {
  type PhotoVariantFormat,
  type PhotoVariantRequest,
  parsePhotoVariantPath,
  photoFile,
  photoVariantWidths,
} from '#src/features/gallery/photo-variants.ts'
import { pictureCacheControl } from '#src/lib/seo/cache-control.ts'
import { dataDirWriteProblem } from '#src/server/db/data-dir-health.server.ts'
import { getEnvironment } from '#src/server/env.server.ts'
import { processState } from '#src/server/process-state.server.ts'
import { allPhotoVariants, limitImageWork, writePhotoVariants } from './photo-variants.server.ts'

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
    const photoDir = dirname(dir)
    const stale = (await readdir(photoDir)).filter((name) => name !== stamp && stampName.test(name))
    await Promise.all(
      stale.map((name) => rm(join(photoDir, name), { recursive: true, force: true })),
    )
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

    // Makes the variants the photo lacks, resolving to how many; rejects once for a file that is no
    // image, and when a write fails (the error's `code` says why: EROFS, ENOSPC…).
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

/** A photo may be added under this name later: no cache may keep the miss. */
export const imageNotFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/** The image `relative` (decoded, as the router's splat is) inside `folder`; 404 for anything else. */
export async function serveImageFile(
  folder: string,
  relative: string,
  request: Request,
  cacheControl?: string,
): Promise<Response> {
  if (!photoFile.test(relative)) return imageNotFound()
  const serve = staticMiddleware({ dir: folder, compress: false })
  // Method and headers only: copying the request would read its body stream a second time.
  const copy = new Request(new URL(`/${encodeURI(relative)}`, request.url), {
    method: request.method,
    headers: request.headers,
  })
  const response = await serve(copy, imageNotFound)
  if (cacheControl && response.status !== 404) response.headers.set('cache-control', cacheControl)
  return response
}

const state = processState('photo-variants', () => ({
  store: undefined as ReturnType<typeof createPhotoVariantStore> | undefined,
  writeProblem: undefined as string | undefined,
  checkedAt: 0,
}))

const directory = () => photoVariantsDir(getEnvironment().DATA_DIR)

function store() {
  state.store ??= createPhotoVariantStore(directory(), getEnvironment().GALLERY_BUCKET_DIR)
  return state.store
}

function noteWriteProblem(problem: string | undefined) {
  if (problem !== undefined && state.writeProblem === undefined) {
    console.warn(
      `Photo variants: ${directory()} cannot be written (${problem}). Photos without variants are served as they are, and none is made, until it can be written; /readyz says so meanwhile.`,
    )
  } else if (problem === undefined && state.writeProblem !== undefined) {
    console.info(`Photo variants: ${directory()} can be written again; missing variants are made.`)
  }
  state.writeProblem = problem
  state.checkedAt = Date.now()
}

export async function checkPhotoVariantsDirectory() {
  noteWriteProblem(await dataDirWriteProblem(directory()))
}

export const photoVariantsWriteProblem = (): string | undefined => state.writeProblem

function makeLater(photoPath: string) {
  if (state.writeProblem === undefined) {
    limitImageWork(1)
      .then(() => store().prepare(photoPath))
      .catch((error: NodeJS.ErrnoException) => {
        // Node's `CODE: description, syscall 'path'` without the path.
        if (error.code !== undefined) return noteWriteProblem(error.message.replace(/,.*/s, ''))
        console.warn(
          `Gallery photo ${photoPath} cannot be read as an image, so it has no variants and is served as it is: ${error.message}`,
        )
      })
  } else if (Date.now() - state.checkedAt > 60_000) {
    // Once a minute at most, a request asks again: space freed, a remount.
    state.checkedAt = Date.now()
    void checkPhotoVariantsDirectory()
  }
}

/** `path` is `<photo path>/<width>.<format>`, decoded (the router's splat). Never waits for an encoder. */
export async function serveEmbeddedPhotoVariant(path: string, request: Request): Promise<Response> {
  const wanted = parsePhotoVariantPath(path)
  // With Supabase the variants live in its Storage.
  if (getEnvironment().SUPABASE_URL !== undefined || !wanted) return imageNotFound()
  const answer = await store().find(wanted)
  if (!answer) return imageNotFound()
  if (answer.kind !== 'variant') makeLater(wanted.photoPath)
  // A stand-in is revalidated on every use, so the variant replaces it once made.
  const cacheControl = answer.kind === 'variant' ? pictureCacheControl : 'public, no-cache'
  return serveImageFile(dirname(answer.file), basename(answer.file), request, cacheControl)
}
