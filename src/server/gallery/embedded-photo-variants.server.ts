/**
 * The embedded site's photo variants, as visitors get them. The photos bundled with the build have
 * theirs in the build (made by `npm run build`, served as static files before this code is
 * reached); `npm run gallery:import` makes those of the photos it adds. Any other (a photo copied
 * in by hand, replaced under the same name, or imported on another machine) is made here, in the
 * background, one photo at a time: a request never waits for an encoder. Meanwhile it gets the
 * nearest variant that is ready, or the photo itself, with a Cache-Control that makes browsers ask
 * again, so the variant replaces it once made.
 *
 * A data directory that cannot be written (read-only, full) is found at start and named in the log
 * and in /readyz; photos are then served as they are, with no encoding, until a write works again.
 */
import { dirname, join } from 'node:path'
import { parsePhotoVariantPath } from '#src/features/gallery/photo-variants.ts'
import { pictureCacheControl } from '#src/lib/seo/cache-control.ts'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import { imageNotFound, serveImageFile } from './bucket-files.server'
import {
  createPhotoVariantStore,
  isDirectoryFault,
  type PhotoVariantStore,
  photoVariantsDir,
  writeFailureReason,
} from './photo-variant-store.server'
import { limitImageWork } from './photo-variants.server'

/** A stand-in is revalidated on every use: the variant replaces it as soon as it is made. */
export const standInCacheControl = 'public, no-cache'

/** After a failed write, how long until a request may make the server try writing again. */
const recheckAfterMs = 60_000

const state = processState('photo-variants', () => ({
  store: undefined as PhotoVariantStore | undefined,
  /** Why the directory takes no writes (`EROFS: read-only file system`); undefined when it does. */
  writeProblem: undefined as string | undefined,
  checkedAt: 0,
  rechecking: undefined as Promise<void> | undefined,
  /** Photos already named in the log as unreadable (with the reason). */
  unreadableLogged: new Set<string>(),
}))

/**
 * The photos of the build (.output/public/…/gallery), beside the server's entry file; used when
 * the bucket folder lacks a photo, as when only the build output is deployed.
 */
function bundledBucketFolder(): string | undefined {
  const entry = process.argv[1]
  return entry
    ? join(dirname(entry), '..', 'public', 'storage', 'v1', 'object', 'public', 'gallery')
    : undefined
}

function store(): PhotoVariantStore {
  if (!state.store) {
    const environment = getEnvironment()
    // One photo at a time, one libvips thread: encoding never takes more than one core.
    limitImageWork(1)
    state.store = createPhotoVariantStore({
      directory: photoVariantsDir(environment.DATA_DIR),
      photoFolders: [environment.GALLERY_BUCKET_DIR, bundledBucketFolder()].filter(
        (folder) => folder !== undefined,
      ),
      concurrency: 1,
    })
  }
  return state.store
}

const directory = () => photoVariantsDir(getEnvironment().DATA_DIR)

function cannotWrite(reason: string, log: Pick<Console, 'warn'>) {
  const first = state.writeProblem === undefined
  state.writeProblem = reason
  state.checkedAt = Date.now()
  if (first) {
    log.warn(
      `Photo variants: ${directory()} cannot be written (${reason}). Photos without variants are served as they are, and none is made, until it can be written; /readyz says so meanwhile.`,
    )
  }
}

function canWrite(log: Pick<Console, 'info'>) {
  if (state.writeProblem !== undefined) {
    log.info(`Photo variants: ${directory()} can be written again; missing variants are made.`)
  }
  state.writeProblem = undefined
  state.checkedAt = Date.now()
}

/** For start (embedded mode): finds out whether the variants' directory takes writes. */
export async function checkPhotoVariantsDirectory(
  log: Pick<Console, 'info' | 'warn'> = console,
): Promise<void> {
  const problem = await store().writeProblem()
  if (problem === undefined) canWrite(log)
  else cannotWrite(problem, log)
}

/** For /readyz: why the variants' directory takes no writes, or undefined when it does. */
export const photoVariantsWriteProblem = (): string | undefined => state.writeProblem

/** Makes the photo's missing variants in the background (one photo at a time, each once). */
function makeLater(photoPath: string) {
  if (state.writeProblem !== undefined) {
    // Tried again now and then, so space freed or a remount is noticed without a restart.
    if (Date.now() - state.checkedAt > recheckAfterMs && !state.rechecking) {
      state.checkedAt = Date.now()
      state.rechecking = checkPhotoVariantsDirectory().finally(() => {
        state.rechecking = undefined
      })
    }
    return
  }
  store()
    .prepare(photoPath)
    .catch((error: unknown) => {
      if (isDirectoryFault(error)) {
        cannotWrite(writeFailureReason(error), console)
        return
      }
      const reason = error instanceof Error ? error.message : String(error)
      const key = `${photoPath}\0${reason}`
      if (state.unreadableLogged.has(key)) return
      state.unreadableLogged.add(key)
      console.warn(
        `Gallery photo ${photoPath} cannot be read as an image, so it has no variants and is served as it is: ${reason}`,
      )
    })
}

/**
 * A variant of a photo of the embedded bucket: `path` is `<photo path>/<width>.<format>`, decoded
 * (as the router's splat parameter is). Never waits for an encoder.
 */
export async function serveEmbeddedPhotoVariant(path: string, request: Request): Promise<Response> {
  // With Supabase the variants live in its Storage.
  if (getEnvironment().SUPABASE_URL !== undefined) return imageNotFound()
  const wanted = parsePhotoVariantPath(path)
  if (!wanted) return imageNotFound()
  const answer = await store().find(wanted)
  if (!answer) return imageNotFound()
  if (answer.kind === 'variant') {
    return serveImageFile(answer.file, request, { 'cache-control': pictureCacheControl })
  }
  makeLater(wanted.photoPath)
  return serveImageFile(answer.file, request, { 'cache-control': standInCacheControl })
}
