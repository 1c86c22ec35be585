// The embedded site's photo files the build does not hold (its own are static files), through
// srvx's static server: photos added since, and variants made in the background, one photo at a
// time, while the nearest ready variant or the photo itself stands in.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { staticMiddleware } from 'srvx/static'
import { parsePhotoVariantPath } from '#src/features/gallery/photo-variants.ts'
import { pictureCacheControl } from '#src/lib/seo/cache-control.ts'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import { createPhotoVariantStore, photoVariantsDir } from './photo-variant-store.server'
import { limitImageWork } from './photo-variants.server'

const photoName = /\.(jpe?g|png|webp|avif)$/i

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
  if (!photoName.test(relative)) return imageNotFound()
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

/** Node's `CODE: description, syscall 'path'` without the path. */
const writeFailureReason = (error: unknown) => (error as Error).message.replace(/,.*/s, '')

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

/** For start (embedded mode) and after a failed write: whether the variants' directory takes writes. */
export async function checkPhotoVariantsDirectory() {
  const probe = join(directory(), '.write-check')
  try {
    await mkdir(directory(), { recursive: true })
    await writeFile(probe, 'a variant would be written here\n')
    noteWriteProblem(undefined)
  } catch (error) {
    noteWriteProblem(writeFailureReason(error))
  } finally {
    await rm(probe, { force: true }).catch(() => {})
  }
}

/** For /readyz: why the variants' directory takes no writes, or undefined when it does. */
export const photoVariantsWriteProblem = (): string | undefined => state.writeProblem

function makeLater(photoPath: string) {
  if (state.writeProblem === undefined) {
    limitImageWork(1)
      .then(() => store().prepare(photoPath))
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== undefined) return noteWriteProblem(writeFailureReason(error))
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
