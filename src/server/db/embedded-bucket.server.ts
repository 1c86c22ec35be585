import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { galleryBucket } from '#src/features/gallery/storage-path.ts'
import {
  bucketManifestFile,
  emptyGalleryManifest,
  isEmptyGalleryManifest,
} from '../gallery/bucket-folder-import.server'

export { emptyGalleryManifest }

import type { SqlExecutor } from './sql-executor.server'

const bucketPath = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.check((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'must be relative'),
)

export type EmptyGalleryListing = typeof emptyGalleryManifest

/** The bucket folder's listing: its projects, or the explicit request for an empty gallery. */
export type BucketListing = unknown[] | EmptyGalleryListing

/**
 * The bucket folder's listing (its manifest.json) as it is on disk now; `fallback` (the listing
 * bundled at build) when the folder has none, as when only the build output is deployed.
 * Undefined, with a warning, when the file is not a JSON list (nor the explicit empty gallery):
 * the gallery keeps what it shows rather than losing every project to a typo.
 */
export function readBucketListing(
  folder: string,
  fallback: () => unknown,
  log: Pick<Console, 'warn'> = console,
): BucketListing | undefined {
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
  if (isEmptyGalleryManifest(listing)) return emptyGalleryManifest
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

/** Objects per statement: each stays well under the 100 ms the event loop may wait for (bench). */
export const bucketSyncBatchSize = 100

/** Lets the event loop answer what arrived (a /healthz, a page) before the next piece of work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** What the bucket holds: each object's name and its details as canonical JSON, to compare. */
export type BucketState = Map<string, string>

/** JSON with object keys sorted, so the same details compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const detailsOf = (object: Pick<BucketObject, 'metadata' | 'user_metadata'>) =>
  canonicalJson([object.metadata ?? null, object.user_metadata ?? null])

const statePage = 1_000

/** The bucket's objects as they are in storage.objects, read a page at a time. */
export async function readBucketState(
  db: SqlExecutor,
  bucketId: string = galleryBucket,
): Promise<BucketState> {
  const state: BucketState = new Map()
  let after = ''
  for (;;) {
    const { rows } = await db.query<BucketObject>(
      `select name, metadata, user_metadata from storage.objects
       where bucket_id = $1 and name > $2 order by name limit ${statePage}`,
      [bucketId, after],
    )
    for (const row of rows) state.set(row.name, detailsOf(row))
    const last = rows.at(-1)
    if (!last || rows.length < statePage) return state
    after = last.name
    await yieldToEventLoop()
  }
}

export interface BucketChanges {
  /** Objects that are new or whose details changed. */
  upserts: BucketObject[]
  /** Names of objects no longer listed. */
  removals: string[]
}

/** What to write so the bucket holds exactly `objects`: one pass over each side. */
export async function diffBucket(
  state: BucketState,
  objects: readonly BucketObject[],
): Promise<BucketChanges> {
  const upserts: BucketObject[] = []
  const listed = new Set<string>()
  for (const [index, object] of objects.entries()) {
    listed.add(object.name)
    if (state.get(object.name) !== detailsOf(object)) upserts.push(object)
    if (index % 500 === 499) await yieldToEventLoop()
  }
  const removals = [...state.keys()].filter((name) => !listed.has(name))
  return { upserts, removals }
}

export interface ApplyBucketChangesOptions {
  bucketId?: string
  batchSize?: number
  /** Checked between batches: stop when aborted (a server shutting down). */
  signal?: AbortSignal
  /** Kept in step batch by batch, so after a stop or a failure it still says what was written. */
  state?: BucketState
}

export class BucketSyncStoppedError extends Error {
  override name = 'BucketSyncStoppedError'
}

/**
 * Writes the changes in statements of `batchSize` objects, yielding to the event loop between
 * them. Each statement is atomic on its own, and the trigger of migration 20261125002300 brings
 * the gallery's rows of just those objects in step, so a batch costs the same at 200 projects as
 * at 20,000. A project and its further photos go in the same batch when they can, since a new
 * project takes the further photos already there.
 */
export async function applyBucketChanges(
  db: SqlExecutor,
  { upserts, removals }: BucketChanges,
  {
    bucketId = galleryBucket,
    batchSize = bucketSyncBatchSize,
    signal,
    state,
  }: ApplyBucketChangesOptions = {},
): Promise<void> {
  const stopIfAsked = () => {
    if (signal?.aborted) throw new BucketSyncStoppedError('The bucket sync was stopped')
  }
  if (upserts.length > 0) {
    await db.query(
      `insert into storage.buckets (id, name, public) values ($1, $1, true)
       on conflict (id) do nothing`,
      [bucketId],
    )
  }
  for (let start = 0; start < removals.length; start += batchSize) {
    stopIfAsked()
    const batch = removals.slice(start, start + batchSize)
    await db.query(
      `delete from storage.objects
       where bucket_id = $1 and name in (select unnest($2::text[]))`,
      [bucketId, batch],
    )
    for (const name of batch) state?.delete(name)
    await yieldToEventLoop()
  }
  for (let start = 0; start < upserts.length; start += batchSize) {
    stopIfAsked()
    const batch = upserts.slice(start, start + batchSize)
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata, user_metadata)
       select $1, listed.name, listed.metadata, listed.user_metadata
       from jsonb_to_recordset($2::jsonb) as listed (name text, metadata jsonb, user_metadata jsonb)
       on conflict (bucket_id, name) do update
         set metadata = excluded.metadata,
             user_metadata = excluded.user_metadata,
             updated_at = now()
         where storage.objects.metadata is distinct from excluded.metadata
            or storage.objects.user_metadata is distinct from excluded.user_metadata`,
      [bucketId, JSON.stringify(batch)],
    )
    for (const object of batch) state?.set(object.name, detailsOf(object))
    await yieldToEventLoop()
  }
}

/**
 * Makes storage.objects of the bucket match the folder listing: new objects are added, changed
 * metadata updated, objects no longer listed removed. The gallery follows the bucket by itself
 * (the trigger on storage.objects): new projects appear, removed ones go. Only the differences
 * are written, in batches (applyBucketChanges).
 */
export async function syncBucketObjects(
  db: SqlExecutor,
  objects: BucketObject[],
  bucketId: string = galleryBucket,
): Promise<BucketChanges> {
  const changes = await diffBucket(await readBucketState(db, bucketId), objects)
  await applyBucketChanges(db, changes, { bucketId })
  return changes
}

/** bucketObjectsFromManifest, a slice at a time with the event loop free between slices. */
export async function bucketObjectsFromManifestInSlices(
  manifest: readonly unknown[],
  onInvalid: (index: number, reason: string) => void = () => {},
  sliceSize = 250,
): Promise<BucketObject[]> {
  const objects = new Map<string, BucketObject>()
  for (let start = 0; start < manifest.length; start += sliceSize) {
    const slice = manifest.slice(start, start + sliceSize)
    for (const object of bucketObjectsFromManifest(slice, (index, reason) =>
      onInvalid(start + index, reason),
    )) {
      // As bucketObjectsFromManifest: a project's own entry wins, a further photo is listed once.
      if (object.user_metadata !== null || !objects.has(object.name)) {
        objects.set(object.name, object)
      }
    }
    await yieldToEventLoop()
  }
  return [...objects.values()]
}
