// Relative, with extensions: `npm run gallery:import` runs this file under Node as it is.
import { responsivePhoto } from '#src/features/gallery/photo-variants.ts'
import {
  galleryBucket,
  locateMainImage,
  publicObjectUrl,
} from '#src/features/gallery/storage-path.ts'

/**
 * How the gallery's photos reach the browser with Supabase, and how the server finds out which
 * way works. Supabase Storage transforms images only on the Pro plan and up, with the project's
 * Storage setting on; otherwise it answers 403 (FeatureNotEnabled) to every render URL, while
 * plain object URLs keep working. So the server asks for one render URL of a photo the gallery
 * shows, and uses render URLs only when an image comes back:
 * - `render`: Supabase's render URLs (`/storage/v1/render/image/public/gallery/…`).
 * - `variants`: the variants `npm run gallery:import` uploads to `gallery-variants`, and the photo
 *   itself for any photo without them (never a URL known to fail).
 */
export type ImageMode = 'render' | 'variants'

/** SUPABASE_IMAGE_TRANSFORMATIONS: auto (probe), on (true: unless refused), off (false: never). */
export type ImageTransformationsSetting = 'auto' | 'on' | 'off'

export type RenderProbeOutcome =
  /** A render URL answered with an image. */
  | { kind: 'rendered'; photoPath: string }
  /** Supabase said no: the project has no image transformations (403 FeatureNotEnabled). */
  | { kind: 'refused'; photoPath: string; detail: string }
  /** No answer about the feature: a network error, a 5xx, a photo it could not find. */
  | { kind: 'inconclusive'; photoPath: string; detail: string }

const settingNames: Record<ImageTransformationsSetting, string> = {
  auto: 'auto',
  on: 'true',
  off: 'false',
}

/** The mode before any probe has answered: only a forced `true` starts with render URLs. */
export const initialImageMode = (setting: ImageTransformationsSetting): ImageMode =>
  setting === 'on' ? 'render' : 'variants'

/**
 * The mode after a probe. A refusal always wins (a render URL that answers 403 is a broken
 * image); an inconclusive answer keeps the mode in use, so a blip neither starts nor stops render
 * URLs.
 */
export function chooseImageMode(
  setting: ImageTransformationsSetting,
  current: ImageMode,
  outcome: RenderProbeOutcome,
): ImageMode {
  if (setting === 'off') return 'variants'
  if (outcome.kind === 'rendered') return 'render'
  if (outcome.kind === 'refused') return 'variants'
  return current
}

/** The render URL the gallery would use for a photo's thumbnail: the probe asks for this one. */
export function probeUrl(baseUrl: string, photoPath: string): string {
  const photo = publicObjectUrl(baseUrl, galleryBucket, photoPath)
  return responsivePhoto(photo, { kind: 'render', baseUrl }, 'thumbnail').src
}

const photoFile = /\.(jpe?g|png|webp|avif)$/i

/** The gallery-bucket photo paths that rows name (their `filename`), in order, without repeats. */
export function photoPathsOfRows(rows: readonly unknown[]): string[] {
  const paths = new Set<string>()
  for (const row of rows) {
    const filename = (row as { filename?: unknown } | null)?.filename
    if (typeof filename !== 'string') continue
    const location = locateMainImage(filename)
    if (location.kind === 'object' && photoFile.test(location.path)) paths.add(location.path)
  }
  return [...paths]
}

async function readErrorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown; message?: unknown }
    return [body.error ?? body.code, body.message]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(': ')
  } catch {
    return ''
  }
}

/**
 * Asks Supabase Storage for one render URL of `photoPath`, as a browser would (same URL as the
 * gallery's thumbnails, so the answer is reused from its cache). Never throws.
 */
export async function probeRenderUrl({
  baseUrl,
  photoPath,
  timeoutMs = 5_000,
  fetch: fetchImpl = fetch,
}: {
  baseUrl: string
  photoPath: string
  timeoutMs?: number
  fetch?: typeof fetch
}): Promise<RenderProbeOutcome> {
  try {
    const response = await fetchImpl(probeUrl(baseUrl, photoPath), {
      headers: { accept: 'image/avif,image/webp,image/*;q=0.8' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    const type = response.headers.get('content-type') ?? ''
    if (response.ok && type.startsWith('image/')) {
      await response.arrayBuffer()
      return { kind: 'rendered', photoPath }
    }
    const code = await readErrorCode(response)
    const detail = `HTTP ${response.status}${code ? ` ${code}` : ''}`
    return response.status === 403 || /FeatureNotEnabled/i.test(code)
      ? { kind: 'refused', photoPath, detail }
      : { kind: 'inconclusive', photoPath, detail }
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { kind: 'inconclusive', photoPath, detail }
  }
}

export interface ImageModeProbeOptions {
  setting: ImageTransformationsSetting
  probe: (photoPath: string) => Promise<RenderProbeOutcome>
  /** After a clear answer (rendered or refused), when to ask again: plans and settings change. */
  recheckMs?: number
  /** After inconclusive answers in a row: the waits before asking again (the last one repeats). */
  retryMs?: readonly number[]
  now?: () => number
  log?: Pick<Console, 'info' | 'warn' | 'error'>
}

export interface ImageModeProbe {
  mode(): ImageMode
  /**
   * Probes one of `photoPaths` when a probe is due (at the first call, after `probeAgain`, or
   * when the last answer has aged); resolves once the mode is settled for now. One at a time.
   */
  settle(photoPaths: readonly string[]): Promise<ImageMode>
  /** The next settle probes again (after a failed gallery load, say). */
  probeAgain(): void
}

export function createImageModeProbe({
  setting,
  probe,
  recheckMs = 10 * 60_000,
  retryMs = [5_000, 30_000, 120_000, 600_000],
  now = Date.now,
  log = console,
}: ImageModeProbeOptions): ImageModeProbe {
  let mode = initialImageMode(setting)
  let decided = false
  let nextProbeAt = Number.NEGATIVE_INFINITY
  let inconclusiveInARow = 0
  let running: Promise<ImageMode> | undefined
  const settingText = `SUPABASE_IMAGE_TRANSFORMATIONS=${settingNames[setting]}`

  if (setting === 'off') {
    log.info(
      `Gallery images: variants (${settingText}: photos are the variants npm run gallery:import uploads, or the photo itself)`,
    )
  }

  function report(outcome: RenderProbeOutcome, previous: ImageMode) {
    const changed = !decided || mode !== previous
    if (outcome.kind === 'rendered') {
      if (changed) {
        log.info(
          `Gallery images: render (Supabase transformed ${outcome.photoPath}; ${settingText}; each photo shown counts as an origin image on the bill)`,
        )
      }
    } else if (outcome.kind === 'refused') {
      if (changed) {
        const line = `Gallery images: variants (Supabase refused to transform ${outcome.photoPath}: ${outcome.detail}; image transformations are off for this project or not in its plan; photos are the variants npm run gallery:import uploads, or the photo itself; ${settingText})`
        if (setting === 'on') log.error(line)
        else log.info(line)
      }
    } else {
      const retryIn = Math.round((nextProbeAt - now()) / 1000)
      log.warn(
        `Gallery images: ${mode}${decided ? '' : ' for now'} (the probe of a render URL for ${outcome.photoPath} was inconclusive: ${outcome.detail}; trying again in ${retryIn} s; ${settingText})`,
      )
    }
  }

  async function run(photoPaths: readonly string[]): Promise<ImageMode> {
    // A photo that failed to render for a reason of its own gives way to the next one.
    const photoPath = photoPaths[inconclusiveInARow % photoPaths.length] as string
    const outcome = await probe(photoPath)
    const previous = mode
    mode = chooseImageMode(setting, mode, outcome)
    if (outcome.kind === 'inconclusive') {
      const wait = retryMs[Math.min(inconclusiveInARow, retryMs.length - 1)] ?? recheckMs
      inconclusiveInARow += 1
      nextProbeAt = now() + wait
      report(outcome, previous)
    } else {
      inconclusiveInARow = 0
      nextProbeAt = now() + recheckMs
      report(outcome, previous)
      decided = true
    }
    return mode
  }

  return {
    mode: () => mode,
    settle(photoPaths) {
      if (setting === 'off' || photoPaths.length === 0 || now() < nextProbeAt) {
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
