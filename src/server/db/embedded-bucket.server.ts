import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { galleryBucket } from '~/features/gallery/storage-path'
import { bucketManifestFile } from '../gallery/bucket-folder-import.server'
import type { SqlExecutor } from './sql-executor.server'

const bucketPath = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.check((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'must be relative'),
)

/**
 * The bucket folder's listing (its manifest.json) as it is on disk now; `fallback` (the listing
 * bundled at build) when the folder has none, as when only the build output is deployed.
 * Undefined, with a warning, when the file is not a JSON list: the gallery keeps what it shows
 * rather than losing every project to a typo.
 */
export function readBucketListing(
  folder: string,
  fallback: () => unknown,
  log: Pick<Console, 'warn'> = console,
): unknown[] | undefined {
  const file = join(folder, bucketManifestFile)
  let listing: unknown
  try {
    listing = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      listing = fallback()
    } else {
      log.warn(
        `Embedded bucket: ${file} is not readable JSON, the gallery stays as it is: ${error}`,
      )
      return undefined
    }
  }
  if (Array.isArray(listing)) return listing
  log.warn(`Embedded bucket: ${file} is not a list of projects, the gallery stays as it is`)
  return undefined
}

/** One project of the bucket folder's manifest.json. */
export const bucketManifestEntrySchema = v.object({
  path: bucketPath,
  additional: v.optional(v.array(bucketPath), []),
  title: v.optional(v.string()),
  description: v.optional(v.nullable(v.string())),
  location: v.optional(v.nullable(v.string())),
  featured: v.optional(v.boolean()),
  order: v.optional(v.pipe(v.number(), v.integer())),
  createdAt: v.optional(v.string()),
})

export type BucketManifestEntry = v.InferOutput<typeof bucketManifestEntrySchema>

/** A row for storage.objects, shaped as Supabase Storage fills it. */
export interface BucketObject {
  name: string
  metadata: { mimetype: string }
  user_metadata: Record<string, unknown> | null
}

const mimeTypes: Record<string, string> = {
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  json: 'application/json',
  png: 'image/png',
  webp: 'image/webp',
}

const mimeTypeOf = (name: string) =>
  mimeTypes[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'

/**
 * The storage objects a manifest describes: each project image carries its details as
 * user_metadata (what an upload with metadata stores), its additional images none.
 * Malformed entries are reported and left out.
 */
export function bucketObjectsFromManifest(
  manifest: unknown,
  onInvalid: (index: number, reason: string) => void = () => {},
): BucketObject[] {
  if (!Array.isArray(manifest)) {
    onInvalid(-1, 'the manifest is not a list')
    return []
  }
  const objects = new Map<string, BucketObject>()
  manifest.forEach((raw, index) => {
    const parsed = v.safeParse(bucketManifestEntrySchema, raw)
    let entry: BucketManifestEntry
    if (parsed.success) {
      entry = parsed.output
    } else {
      onInvalid(
        index,
        parsed.issues.map((i) => `${v.getDotPath(i) ?? 'entry'}: ${i.message}`).join('; '),
      )
      // A typo in one detail must not take the project off the site: keep what is valid.
      const salvaged = salvageEntry(raw)
      if (!salvaged) return
      entry = salvaged
    }
    const { path, additional, ...details } = entry
    objects.set(path, {
      name: path,
      metadata: { mimetype: mimeTypeOf(path) },
      user_metadata: details,
    })
    for (const name of additional) {
      if (!objects.has(name)) {
        objects.set(name, { name, metadata: { mimetype: mimeTypeOf(name) }, user_metadata: null })
      }
    }
  })
  return [...objects.values()]
}

/** The valid fields of an entry that failed as a whole; undefined without a valid path. */
function salvageEntry(raw: unknown): BucketManifestEntry | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const fields = raw as Record<string, unknown>
  const valid = Object.entries(bucketManifestEntrySchema.entries).flatMap(([key, schema]) => {
    const field = v.safeParse(schema, fields[key])
    return field.success && field.output !== undefined ? [[key, field.output]] : []
  })
  const entry = v.safeParse(bucketManifestEntrySchema, Object.fromEntries(valid))
  return entry.success ? entry.output : undefined
}

/**
 * Makes storage.objects of the bucket match the folder listing: new objects are added, changed
 * metadata updated, objects no longer listed removed. The gallery follows the bucket by itself
 * (the trigger of migration 20261123000200): new projects appear, removed ones go.
 * One statement, so it is atomic without opening a transaction of its own.
 */
export async function syncBucketObjects(
  db: SqlExecutor,
  objects: BucketObject[],
  bucketId: string = galleryBucket,
): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, public) values ($1, $1, true)
     on conflict (id) do nothing`,
    [bucketId],
  )
  await db.query(
    `with listed as (
       select * from jsonb_to_recordset($2::jsonb) as listed (name text, metadata jsonb, user_metadata jsonb)
     ),
     upserted as (
       insert into storage.objects (bucket_id, name, metadata, user_metadata)
       select $1, listed.name, listed.metadata, listed.user_metadata from listed
       on conflict (bucket_id, name) do update
         set metadata = excluded.metadata,
             user_metadata = excluded.user_metadata,
             updated_at = now()
         where storage.objects.metadata is distinct from excluded.metadata
            or storage.objects.user_metadata is distinct from excluded.user_metadata
     ),
     unlisted as (
       delete from storage.objects
       where bucket_id = $1 and name not in (select listed.name from listed)
     )
     select 1`,
    [bucketId, JSON.stringify(objects)],
  )
}
