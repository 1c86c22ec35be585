/**
 * `npm run gallery:import`: the gallery takes the photos as they are now.
 *
 * Embedded database (default): lists the photos of the bucket folder (GALLERY_BUCKET_DIR, by
 * default public/storage/v1/object/public/gallery) in its manifest.json: a new
 * `<category>/<name>.<ext>` becomes a project, photos under `<category>/<name>/` its further
 * photos; projects whose photo was removed are dropped. Details written in manifest.json (title,
 * description, location, featured, order, createdAt) are kept. The running site reads the
 * listing on its next gallery load (GALLERY_CACHE_TTL_MS, five minutes by default): no restart,
 * no rebuild.
 *
 * Supabase (SUPABASE_URL and SUPABASE_SECRET_KEY set): the gallery already follows the bucket by
 * itself; this asks the database to catch up anyway (sync_gallery_images_from_storage), for
 * photos uploaded before the migration that makes it follow.
 *
 * Options: --dry-run (show what would change, write nothing).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import process from 'node:process'
import { createClient } from '@supabase/supabase-js'
import { parseEnvironment } from '../src/server/env.server.ts'
import {
  planBucketFolderImport,
  writeBucketListing,
} from '../src/server/gallery/bucket-folder-import.server.ts'

const minutes = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${ms / 1000} s`

async function syncSupabase(url: string, secretKey: string) {
  const supabase = createClient(url, secretKey, { auth: { persistSession: false } })
  const { data, error } = await supabase.rpc('sync_gallery_images_from_storage')
  if (error) throw new Error(`Supabase answered: ${error.message}`)
  const { imported, removed, updated } = data as Record<string, number>
  console.info(
    `Supabase gallery: ${imported} project(s) added, ${removed} removed, ${updated} with changed further photos.`,
  )
}

function importFolder(folder: string, dryRun: boolean, ttlMs: number) {
  if (!existsSync(folder)) {
    throw new Error(`The bucket folder ${folder} does not exist (GALLERY_BUCKET_DIR)`)
  }
  const plan = planBucketFolderImport(folder)
  for (const path of plan.added) console.info(`+ ${path}`)
  for (const path of plan.removed) console.info(`- ${path}`)
  for (const path of plan.updated) console.info(`~ ${path} (further photos)`)
  for (const { path, reason } of plan.skipped) console.warn(`skipped ${path}: ${reason}`)
  if (!plan.changed) {
    console.info(`The gallery already matches ${folder}: nothing to do.`)
    return
  }
  if (dryRun) {
    console.info('Dry run: manifest.json left as it is.')
    return
  }
  writeBucketListing(folder, plan.listing)
  console.info(
    `Wrote ${resolve(folder, 'manifest.json')}: ${plan.listing.length} projects ` +
      `(${plan.added.length} added, ${plan.removed.length} removed). ` +
      `The running site shows them within ${minutes(ttlMs)}, and any later edit of manifest.json (a project's title, description, location) the same way.`,
  )
}

async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) {
    console.info('Usage: npm run gallery:import [-- --dry-run]')
    return
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = parseEnvironment(process.env)
  if (env.SUPABASE_URL && env.SUPABASE_SECRET_KEY) {
    if (args.includes('--dry-run')) {
      console.info('Dry run: would ask Supabase to bring gallery_images in step with the bucket.')
      return
    }
    await syncSupabase(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY)
    return
  }
  importFolder(
    resolve(env.GALLERY_BUCKET_DIR),
    args.includes('--dry-run'),
    env.GALLERY_CACHE_TTL_MS,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
