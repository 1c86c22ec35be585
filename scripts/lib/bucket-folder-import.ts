// `npm run gallery:import` in embedded mode: the bucket folder's manifest.json made to match the
// photos on disk, keeping the details the owner wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { isGalleryCategory } from '#src/features/gallery/gallery-item.ts'
import { photoFile } from '#src/features/gallery/photo-variants.ts'
import {
  bucketManifestFile,
  emptyGalleryManifest,
  isEmptyGalleryManifest,
} from '#src/server/db/embedded-bucket.server.ts'

/** Shorter names first, so detail-2 comes before detail-10 (as the database orders them). */
const byNaturalLength = (a: string, b: string) =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

type ListingEntry = Record<string, unknown> & { path?: unknown; additional?: unknown }

function filesIn(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

function readListing(file: string): ListingEntry[] {
  if (!existsSync(file)) return []
  const listing: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (isEmptyGalleryManifest(listing)) return []
  if (!Array.isArray(listing)) throw new Error(`${file} is not a list of projects`)
  return listing as ListingEntry[]
}

/**
 * Reads the embedded bucket folder and its manifest.json and works out the listing that matches
 * the photos on disk (see planBucketListing). Nothing is written: see writeBucketListing.
 */
export function planBucketFolderImport(folder: string) {
  const file = join(folder, bucketManifestFile)
  const plan = planBucketListing(filesIn(folder), readListing(file))
  const before = existsSync(file) ? readFileSync(file, 'utf8') : ''
  // Whether the listing differs from the one on disk.
  return { ...plan, changed: before !== serializeListing(plan.listing) }
}

/**
 * The listing that matches these photo paths: `<category>/<name>.<ext>` is a project, the photos
 * under `<category>/<name>/` are its further photos. Entries of `existing` keep the details the
 * owner wrote (title, description, location, featured, order, createdAt, scope, weeks, budgetFrom,
 * budgetTo, before); a new project's title comes from its file name.
 */
export function planBucketListing(
  photoPaths: readonly string[],
  existing: readonly ListingEntry[] = [],
) {
  const photos = new Set(photoPaths.filter((path) => photoFile.test(path)))
  const result = {
    /** The listing to write: existing entries kept with their details, new photos added. */
    listing: [] as ListingEntry[],
    /** Main photos that became projects. */
    added: [] as string[],
    /** Projects whose main photo is gone. */
    removed: [] as string[],
    /** Projects whose further photos changed. */
    updated: [] as string[],
    /** Photos that cannot be projects, with the reason. */
    skipped: [] as { path: string; reason: string }[],
    /** Every photo the listing names: main and further photos. */
    photos: [] as string[],
    /** Those of them the listing on disk did not name. */
    newPhotos: [] as string[],
  }
  // Every photo under each folder it is in, so a project's further photos are one lookup away
  // (a scan of every photo per project took minutes at 20,000 projects).
  const photosUnder = new Map<string, string[]>()
  for (const path of photos) {
    const segments = path.split('/')
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/')
      const under = photosUnder.get(folder)
      if (under) under.push(path)
      else photosUnder.set(folder, [path])
    }
  }
  const folderOf = (main: string) => main.replace(/\.[^./]+$/, '')
  const further = (main: string) =>
    [...(photosUnder.get(folderOf(main)) ?? [])].sort(byNaturalLength)
  const listed = new Set<string>()
  for (const entry of existing) {
    const path = typeof entry.path === 'string' ? entry.path : undefined
    if (path === undefined || !photos.has(path)) {
      result.removed.push(path ?? '(an entry without a path)')
      continue
    }
    listed.add(path)
    const before = Array.isArray(entry.additional) ? (entry.additional as unknown[]) : []
    const kept = before.filter((extra) => typeof extra === 'string' && photos.has(extra))
    const keptSet = new Set(kept)
    const found = further(path).filter((extra) => !keptSet.has(extra))
    const additional = [...kept, ...found]
    if (additional.length !== before.length || found.length > 0) result.updated.push(path)
    result.listing.push({ ...entry, additional })
  }
  const furtherPhotos = new Set(result.listing.flatMap((entry) => entry.additional as string[]))
  const projectFolders = new Set(
    [...photos].filter((main) => main.split('/').length === 2).map(folderOf),
  )
  for (const path of [...photos].sort()) {
    if (listed.has(path) || furtherPhotos.has(path)) continue
    const segments = path.split('/')
    if (segments.length !== 2) {
      const isFurther = projectFolders.has(segments.slice(0, 2).join('/'))
      if (!isFurther) {
        result.skipped.push({
          path,
          reason: 'not <category>/<name>.<ext>, nor inside the folder of such a photo',
        })
      }
      continue
    }
    if (!isGalleryCategory(segments[0]?.toLowerCase())) {
      result.skipped.push({
        path,
        reason: 'its folder must be kitchen, bathroom, commercial or carpentry',
      })
      continue
    }
    result.added.push(path)
    listed.add(path)
    result.listing.push({ path, additional: further(path) })
  }
  const listedBefore = new Set(existing.flatMap(photosOfEntry))
  result.photos = result.listing.flatMap(photosOfEntry)
  result.newPhotos = result.photos.filter((path) => !listedBefore.has(path))
  return result
}

const photosOfEntry = (entry: ListingEntry): string[] =>
  [entry.path, ...(Array.isArray(entry.additional) ? entry.additional : [])].filter(
    (path): path is string => typeof path === 'string',
  )

// No project at all is written in the explicit form, the only one the site takes as "empty".
const serializeListing = (listing: ListingEntry[]) =>
  `${JSON.stringify(listing.length === 0 ? emptyGalleryManifest : listing, null, 2)}\n`

/** Writes the listing as the folder's manifest.json, which the running site reads on its next load. */
export function writeBucketListing(folder: string, listing: ListingEntry[]): void {
  writeFileAtomic.sync(join(folder, bucketManifestFile), serializeListing(listing))
}
