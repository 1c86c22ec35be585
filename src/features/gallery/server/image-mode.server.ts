// With Supabase, render URLs (Storage transforms images on Pro plans only, 403 otherwise) once one
// has answered with an image; else `variants`, those `npm run gallery:import` uploads.
import * as v from 'valibot'
import { photoFile, responsivePhoto } from '#src/features/gallery/photo-variants.ts'
import {
  galleryBucket,
  locateMainImage,
  publicObjectUrl,
} from '#src/features/gallery/storage-path.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/log.ts'

export type ImageMode = 'render' | 'variants'

/** SUPABASE_IMAGE_TRANSFORMATIONS: auto (probe), on (true: unless refused), off (false: never). */
export type ImageTransformationsSetting = 'auto' | 'on' | 'off'

/** Inconclusive: a network error, a 5xx, a photo it could not find. */
export type RenderProbeOutcome =
  | { kind: 'rendered' }
  | { kind: 'refused' | 'inconclusive'; detail: string }

/** In the bucket gallery-variants: the photos whose variants were uploaded, by the ETag they had. */
export const variantListingFile = 'index.json'
export const variantListingSchema = v.object({
  photos: v.record(v.string(), v.object({ version: v.string() })),
})

export const initialImageMode = (setting: ImageTransformationsSetting): ImageMode =>
  setting === 'on' ? 'render' : 'variants'

/** A refusal always wins (a 403 is a broken image); an inconclusive answer keeps the mode. */
export function chooseImageMode(
  setting: ImageTransformationsSetting,
  current: ImageMode,
  outcome: RenderProbeOutcome,
): ImageMode {
  if (setting === 'off' || outcome.kind === 'refused') return 'variants'
  return outcome.kind === 'rendered' ? 'render' : current
}

export function photoPathsOfRows(rows: readonly unknown[]): string[] {
  const paths = rows.map((row) => {
    const filename = (row as { filename?: unknown } | null)?.filename
    const location = typeof filename === 'string' ? locateMainImage(filename) : undefined
    return location?.kind === 'object' && photoFile.test(location.path) ? location.path : ''
  })
  return [...new Set(paths)].filter(Boolean)
}

/** Asks Storage for the gallery's own thumbnail render URL of `photoPath`, as a browser would. */
export async function probeRenderUrl(
  baseUrl: string,
  photoPath: string,
): Promise<RenderProbeOutcome> {
  const photo = publicObjectUrl(baseUrl, galleryBucket, photoPath)
  const { src } = responsivePhoto(photo, { kind: 'render', baseUrl }, 'thumbnail')
  try {
    const response = await fetch(src, {
      headers: { accept: 'image/avif,image/webp,image/*;q=0.8' },
      signal: AbortSignal.timeout(5_000),
    })
    if (response.ok && response.headers.get('content-type')?.startsWith('image/')) {
      await response.arrayBuffer()
      return { kind: 'rendered' }
    }
    const body = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>
    const code = [body.error ?? body.code, body.message]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(': ')
    const detail = `HTTP ${response.status}${code ? ` ${code}` : ''}`
    const refused = response.status === 403 || /FeatureNotEnabled/i.test(code)
    return { kind: refused ? 'refused' : 'inconclusive', detail }
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { kind: 'inconclusive', detail }
  }
}

/** The waits after inconclusive answers in a row (the last one repeats); after a clear answer, the last (plans and settings change). */
const retryMs = [5_000, 30_000, 120_000, 600_000]
const recheckMs = 600_000

export function createImageModeProbe({
  setting,
  probe,
  log = consoleLogger,
}: {
  setting: ImageTransformationsSetting
  probe: (photoPath: string) => Promise<RenderProbeOutcome>
  log?: Logger
}) {
  let mode = initialImageMode(setting)
  /** The mode the log last named, after a clear answer. */
  let logged: ImageMode | undefined
  let nextProbeAt = Number.NEGATIVE_INFINITY
  let inconclusiveInARow = 0
  let running: Promise<ImageMode> | undefined
  const settingText = `SUPABASE_IMAGE_TRANSFORMATIONS=${{ auto: 'auto', on: 'true', off: 'false' }[setting]}`
  const fallback = 'photos are the variants npm run gallery:import uploads, or the photo itself'

  if (setting === 'off')
    log.info('gallery.image_mode', {
      mode,
      msg: `Gallery images: variants (${settingText}: ${fallback})`,
    })

  async function run(photoPaths: readonly string[]): Promise<ImageMode> {
    // A photo that failed to render for a reason of its own gives way to the next one.
    const photoPath = photoPaths[inconclusiveInARow % photoPaths.length] as string
    const outcome = await probe(photoPath)
    mode = chooseImageMode(setting, mode, outcome)
    if (outcome.kind === 'inconclusive') {
      const wait = retryMs[Math.min(inconclusiveInARow++, retryMs.length - 1)] ?? recheckMs
      nextProbeAt = Date.now() + wait
      log.warn('gallery.image_mode_inconclusive', {
        mode,
        msg: `Gallery images: ${mode}${logged ? '' : ' for now'} (the probe of a render URL for ${photoPath} was inconclusive: ${outcome.detail}; trying again in ${wait / 1000} s; ${settingText})`,
      })
      return mode
    }
    inconclusiveInARow = 0
    nextProbeAt = Date.now() + recheckMs
    if (mode === logged) return mode
    logged = mode
    const message =
      outcome.kind === 'rendered'
        ? `render (Supabase transformed ${photoPath}; ${settingText}; each photo shown counts as an origin image on the bill)`
        : `variants (Supabase refused to transform ${photoPath}: ${outcome.detail}; image transformations are off for this project or not in its plan; ${fallback}; ${settingText})`
    const fields = { mode, msg: `Gallery images: ${message}` }
    if (setting === 'on' && mode === 'variants')
      log.error('gallery.image_transformations_refused', fields)
    else log.info('gallery.image_mode', fields)
    return mode
  }

  return {
    mode: () => mode,
    /** Probes one of `photoPaths` when one is due; resolves once the mode is settled for now. */
    settle(photoPaths: readonly string[]): Promise<ImageMode> {
      if (setting === 'off' || photoPaths.length === 0 || Date.now() < nextProbeAt) {
        return running ?? Promise.resolve(mode)
      }
      running ??= run(photoPaths).finally(() => {
        running = undefined
      })
      return running
    },
    probeAgain() {
      nextProbeAt = Number.NEGATIVE_INFINITY
    },
  }
}
