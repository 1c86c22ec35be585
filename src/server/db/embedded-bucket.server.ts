// The embedded bucket: the folder's manifest.json mirrored into storage.objects, whose trigger
// (migration 20261125002300) keeps the gallery's rows in step. Node runs it as it is.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import * as v from 'valibot'
import { galleryBucket } from '#src/features/gallery/storage-path.ts'
import type { SqlExecutor } from './migrations.server'

export const bucketManifestFile = 'manifest.json'

/** The one form of manifest.json the site takes as an empty gallery: a bare `[]` may be a mistake. */
export const emptyGalleryManifest = { projects: [], allowEmpty: true } as const

export const isEmptyGalleryManifest = (listing: unknown) =>
  isDeepStrictEqual(listing, emptyGalleryManifest)

export type BucketListing = unknown[] | typeof emptyGalleryManifest

/** A stamp of the folder's manifest.json that changes whenever the file is written or replaced. */
export function bucketListingVersion(folder: string): string {
  const stats = statSync(join(folder, bucketManifestFile), { throwIfNoEntry: false })
  return stats ? `${stats.ino}:${stats.mtimeMs}:${stats.size}` : 'no manifest'
}

/** manifest.json, else `fallback()` (the build's); undefined, with a warning, if no list. */
export function readBucketListing(folder: string, fallback: () => unknown) {
  const file = join(folder, bucketManifestFile)
  let listing: unknown
  let problem = 'not a list of projects'
  try {
    listing = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') listing = fallback()
    else problem = `not readable JSON (${error})`
  }
  if (Array.isArray(listing)) return listing
  if (isEmptyGalleryManifest(listing)) return emptyGalleryManifest
  // A typo must not empty the gallery: it keeps what it shows.
  console.warn(`Embedded bucket: ${file} is ${problem}, the gallery stays as it is`)
}

const bucketPath = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.check((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'must be relative'),
)

const bucketManifestEntrySchema = v.object({
  path: bucketPath,
  additional: v.optional(v.array(bucketPath), []),
  title: v.optional(v.string()),
  description: v.optional(v.nullable(v.string())),
  location: v.optional(v.nullable(v.string())),
  featured: v.optional(v.boolean()),
  order: v.optional(v.pipe(v.number(), v.integer())),
  createdAt: v.optional(v.string()),
  scope: v.optional(v.nullable(v.string())),
  weeks: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(104))),
  budgetFrom: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000))),
  budgetTo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000))),
  before: v.optional(bucketPath),
})

export type BucketManifestEntry = v.InferOutput<typeof bucketManifestEntrySchema>

/** A row of storage.objects as Supabase Storage fills it. */
export interface BucketObject {
  name: string
  metadata: { mimetype: string }
  user_metadata: Record<string, unknown> | null
}

const mimetypes: Record<string, string> = {
  ...Object.fromEntries(['avif', 'jpeg', 'png', 'webp'].map((type) => [type, `image/${type}`])),
  jpg: 'image/jpeg',
  json: 'application/json',
}
const objectOf = (name: string, details: Record<string, unknown> | null): BucketObject => {
  const mimetype =
    mimetypes[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
  return { name, metadata: { mimetype }, user_metadata: details }
}

/** A valid entry, or the valid fields of one that failed as a whole (a typo keeps its project). */
function parseEntry(raw: unknown, onIssues: (reason: string) => void) {
  const parsed = v.safeParse(bucketManifestEntrySchema, raw)
  if (parsed.success) return parsed.output
  onIssues(parsed.issues.map((i) => `${v.getDotPath(i) ?? 'entry'}: ${i.message}`).join('; '))
  if (typeof raw !== 'object' || raw === null) return undefined
  const fields: Record<string, v.GenericSchema> = bucketManifestEntrySchema.entries
  const valid = Object.entries(raw).filter(
    ([key, value]) => fields[key] && v.is(fields[key], value),
  )
  const salvaged = v.safeParse(bucketManifestEntrySchema, Object.fromEntries(valid))
  return salvaged.success ? salvaged.output : undefined
}

/** Lets the event loop answer what arrived (a /healthz, a page) before the next piece of work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Each project's photo with its details as user_metadata, its further photos with none. */
export async function bucketObjectsFromManifest(
  manifest: readonly unknown[],
  onInvalid: (index: number, reason: string) => void = () => {},
): Promise<BucketObject[]> {
  const objects = new Map<string, BucketObject>()
  for (const [index, raw] of manifest.entries()) {
    if (index % 250 === 249) await yieldToEventLoop()
    const entry = parseEntry(raw, (reason) => onInvalid(index, reason))
    if (!entry) continue
    const { path, additional, ...details } = entry
    objects.set(path, objectOf(path, details))
    for (const name of additional) if (!objects.has(name)) objects.set(name, objectOf(name, null))
  }
  return [...objects.values()]
}

/** Objects per statement: each stays well under the 100 ms the event loop may wait (bench). */
export const bucketSyncBatchSize = 100

/** Each object's details by name, to compare (key order aside: jsonb reorders keys). */
export type BucketState = Map<string, unknown>

const detailsOf = (object: Pick<BucketObject, 'metadata' | 'user_metadata'>) => [
  object.metadata,
  object.user_metadata ?? null,
]

/** Read afresh for each mirror, in pages: 40,000 objects in one query held the event loop 0.2-0.5 s. */
export async function readBucketState(db: SqlExecutor): Promise<BucketState> {
  const state: BucketState = new Map()
  for (let after = ''; ; await yieldToEventLoop()) {
    const { rows } = await db.query<BucketObject>(
      'select name, metadata, user_metadata from storage.objects where bucket_id = $1 and name > $2 order by name limit 5000',
      [galleryBucket, after],
    )
    for (const row of rows) state.set(row.name, detailsOf(row))
    if (rows.length < 5000) return state
    after = rows.at(-1)?.name ?? after
  }
}

export type BucketChanges = { upserts: BucketObject[]; removals: string[] }

export async function diffBucket(state: BucketState, objects: readonly BucketObject[]) {
  const upserts: BucketObject[] = []
  const listed = new Set<string>()
  for (const [index, object] of objects.entries()) {
    listed.add(object.name)
    if (!isDeepStrictEqual(state.get(object.name), detailsOf(object))) upserts.push(object)
    if (index % 500 === 499) await yieldToEventLoop()
  }
  return { upserts, removals: [...state.keys()].filter((name) => !listed.has(name)) }
}

export class BucketSyncStoppedError extends Error {
  override name = 'BucketSyncStoppedError'
}

// A batch a statement, the event loop free between them: a batch costs the same at 200 projects as
// at 20,000. Stops between batches once `signal` aborts; `state` follows the writes.
export async function applyBucketChanges(
  db: SqlExecutor,
  { upserts, removals }: BucketChanges,
  { signal, state }: { signal?: AbortSignal; state?: BucketState } = {},
): Promise<void> {
  const inBatches = async <T>(items: readonly T[], write: (batch: T[]) => Promise<void>) => {
    for (let start = 0; start < items.length; start += bucketSyncBatchSize) {
      if (signal?.aborted) throw new BucketSyncStoppedError('The bucket sync was stopped')
      await write(items.slice(start, start + bucketSyncBatchSize))
      await yieldToEventLoop()
    }
  }
  await inBatches(removals, async (batch) => {
    await db.query('delete from storage.objects where bucket_id = $1 and name = any($2)', [
      galleryBucket,
      batch,
    ])
    for (const name of batch) state?.delete(name)
  })
  await inBatches(upserts, async (batch) => {
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
      [galleryBucket, JSON.stringify(batch)],
    )
    for (const object of batch) state?.set(object.name, detailsOf(object))
  })
}
