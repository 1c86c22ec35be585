/**
 * `npm run gallery:import`: the gallery takes the photos as they are now.
 *
 * Embedded database (default): lists the photos of the bucket folder (GALLERY_BUCKET_DIR, by
 * default public/storage/v1/object/public/gallery) in its manifest.json: a new
 * `<category>/<name>.<ext>` becomes a project, photos under `<category>/<name>/` its further
 * photos; projects whose photo was removed are dropped. Details written in manifest.json (title,
 * description, location, featured, order, createdAt, scope, weeks, budgetFrom, budgetTo, before) are
 * kept. The running site reads the listing on its next gallery load (GALLERY_CACHE_TTL_MS, five
 * minutes by default): no restart, no rebuild. It also makes the smaller variants (AVIF and WebP, 400-1600 px) of the photos it
 * adds, in DATA_DIR/photo-variants, so pages offer them at once; the site makes any other in the
 * background, serving a stand-in meanwhile.
 *
 * Supabase (SUPABASE_URL and SUPABASE_SECRET_KEY set): the gallery already follows the bucket by
 * itself; this asks the database to catch up anyway (sync_gallery_images_from_storage), for
 * photos uploaded before the migration that makes it follow. When the site will not use image
 * transformations (SUPABASE_IMAGE_TRANSFORMATIONS=false, or a plan without them, found as the site
 * finds it: one render URL asked for) it also makes the variants of new and changed photos and
 * uploads them to the bucket gallery-variants.
 *
 * Either way it names every photo it reads that records where it was taken (GPS): the site's
 * copies leave the position out, but the photo itself is public.
 *
 * Options: --dry-run (show what would change, write nothing); --allow-empty (a folder without
 * photos empties the gallery: without it the listing is left as it is, since the site refuses a
 * listing without projects while it shows some, so a mistake cannot empty it).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import process from 'node:process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import {
  createPhotoVariantStore,
  photoVariantsDir,
} from '../src/features/gallery/server/embedded-photo-variants.server.ts'
import {
  chooseImageMode,
  type ImageMode,
  initialImageMode,
  photoPathsOfRows,
  probeRenderUrl,
} from '../src/features/gallery/server/image-mode.server.ts'
import { parseEnvironment } from '../src/server/env.server.ts'
import type { Environment } from '../src/server/env-schema.server.ts'
import { planBucketFolderImport, writeBucketListing } from './lib/bucket-folder-import.ts'
import { syncHostedPhotoVariants } from './lib/hosted-photo-variants.ts'
import { positionWarning, recordsPosition } from './lib/photo-position.ts'
import { prunePhotoVariants } from './lib/photo-variant-folders.ts'

const minutes = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${ms / 1000} s`

async function syncSupabase(supabase: SupabaseClient) {
  const { data, error } = await supabase.rpc('sync_gallery_images_from_storage')
  if (error) throw new Error(`Supabase answered: ${error.message}`)
  const { imported, removed, updated } = data as Record<string, number>
  console.info(
    `Supabase gallery: ${imported} project(s) added, ${removed} removed, ${updated} with changed further photos.`,
  )
}

async function uploadVariants(supabase: SupabaseClient, dryRun: boolean) {
  const started = Date.now()
  const report = await syncHostedPhotoVariants(supabase, {
    dryRun,
    onPhoto: (path) => console.info(`variants of ${path} uploaded`),
  })
  for (const { path, reason } of report.failed) {
    console.warn(`skipped ${path}: not readable as an image (${reason}); it shows without variants`)
  }
  for (const path of report.withPosition) console.warn(positionWarning(path))
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.info(
    dryRun
      ? `Dry run: would upload the variants of ${report.made.length} photo(s) and delete those of ${report.removed.length}; ${report.unchanged} up to date.`
      : `Photo variants (bucket gallery-variants): ${report.made.length} photo(s) done, ${report.removed.length} removed, ${report.unchanged} already up to date (${seconds} s).`,
  )
}

/**
 * Whether the site will use Supabase's render URLs or the uploaded variants: false never renders;
 * auto and true ask Supabase for one render URL, as the site does, so variants are made exactly
 * when the site would fall back to them.
 */
async function hostedImageMode(supabase: SupabaseClient, env: Environment): Promise<ImageMode> {
  const setting = env.SUPABASE_IMAGE_TRANSFORMATIONS
  if (setting === 'off' || !env.SUPABASE_URL) return 'variants'
  const { data } = await supabase.from('gallery_images').select('filename').limit(20)
  const [photoPath] = photoPathsOfRows(data ?? [])
  if (photoPath === undefined) return initialImageMode(setting)
  const outcome = await probeRenderUrl(env.SUPABASE_URL, photoPath)
  const mode = chooseImageMode(setting, initialImageMode(setting), outcome)
  console.info(
    mode === 'render'
      ? `Image transformations: Supabase transformed ${photoPath}, so the site uses its render URLs and needs no variants.`
      : `Image transformations: ${outcome.kind === 'refused' ? 'refused' : 'no answer'} (${'detail' in outcome ? outcome.detail : ''}); making the variants the site falls back to.`,
  )
  return mode
}

/** Makes the variants of the photos this import adds, and drops those of photos now gone. */
async function makeVariants(
  folder: string,
  dataDir: string,
  photos: string[],
  newPhotos: string[],
) {
  const store = createPhotoVariantStore(photoVariantsDir(dataDir), folder)
  const started = Date.now()
  const failed: string[] = []
  const madePerPhoto = await Promise.all(
    newPhotos.map((path) =>
      store.prepare(path).catch((error: unknown) => {
        failed.push(path)
        console.warn(`skipped ${path}: not readable as an image (${(error as Error).message})`)
        return 0
      }),
    ),
  )
  const made = madePerPhoto.reduce((sum, count) => sum + count, 0)
  const pruned = await prunePhotoVariants(photoVariantsDir(dataDir), new Set(photos))
  if (newPhotos.length > 0 || pruned.length > 0) {
    console.info(
      `Photo variants in ${resolve(photoVariantsDir(dataDir))}: ${made} file(s) made for ${newPhotos.length - failed.length} new photo(s), ` +
        `those of ${pruned.length} removed photo(s) deleted (${((Date.now() - started) / 1000).toFixed(0)} s).`,
    )
  }
}

async function importFolder(
  folder: string,
  dataDir: string,
  { dryRun, allowEmpty }: { dryRun: boolean; allowEmpty: boolean },
  ttlMs: number,
) {
  if (!existsSync(folder)) {
    throw new Error(`The bucket folder ${folder} does not exist (GALLERY_BUCKET_DIR)`)
  }
  const plan = planBucketFolderImport(folder)
  for (const path of plan.added) console.info(`+ ${path}`)
  for (const path of plan.removed) console.info(`- ${path}`)
  for (const path of plan.updated) console.info(`~ ${path} (further photos)`)
  for (const { path, reason } of plan.skipped) console.warn(`skipped ${path}: ${reason}`)
  for (const path of plan.newPhotos) {
    if (await recordsPosition(join(folder, path))) console.warn(positionWarning(path))
  }
  if (!plan.changed) {
    console.info(`The gallery already matches ${folder}: nothing to do.`)
    return
  }
  if (plan.listing.length === 0 && !allowEmpty) {
    console.error(
      `${folder} holds no project photo: manifest.json left as it is, so the gallery keeps its ${plan.removed.length} project(s). ` +
        'To empty the gallery on purpose, run npm run gallery:import -- --allow-empty.',
    )
    process.exitCode = 1
    return
  }
  if (dryRun) {
    console.info(
      `Dry run: manifest.json left as it is; the variants of ${plan.newPhotos.length} new photo(s) would be made.`,
    )
    return
  }
  writeBucketListing(folder, plan.listing)
  await makeVariants(folder, dataDir, plan.photos, plan.newPhotos)
  console.info(
    `Wrote ${resolve(folder, 'manifest.json')}: ${plan.listing.length} projects ` +
      `(${plan.added.length} added, ${plan.removed.length} removed). ` +
      `The running site shows them within ${minutes(ttlMs)}, and any later edit of manifest.json (a project's title, description, location) the same way.`,
  )
}

async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) {
    console.info('Usage: npm run gallery:import [-- --dry-run] [-- --allow-empty]')
    return
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = parseEnvironment(process.env)
  const dryRun = args.includes('--dry-run')
  if (env.SUPABASE_URL && env.SUPABASE_SECRET_KEY) {
    const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, {
      auth: { persistSession: false },
    })
    if (dryRun) {
      console.info('Dry run: would ask Supabase to bring gallery_images in step with the bucket.')
    } else {
      await syncSupabase(supabase)
    }
    if ((await hostedImageMode(supabase, env)) === 'variants') {
      await uploadVariants(supabase, dryRun)
    }
    return
  }
  await importFolder(
    resolve(env.GALLERY_BUCKET_DIR),
    env.DATA_DIR,
    { dryRun, allowEmpty: args.includes('--allow-empty') },
    env.GALLERY_CACHE_TTL_MS,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
