import * as v from 'valibot'
import { type GalleryItem, galleryDefaults, type ProjectFacts } from './gallery-item'
import type { GalleryImageUrls } from './storage-path'

// Every message is ours: a rejection reason names the field, never the value it held.
const requiredText = (field: string) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.nonEmpty(`${field} must not be empty`))

const optionalText = (field: string) => v.nullish(v.string(`${field} must be text or null`))

const timestamp = v.pipe(
  v.union([v.string(), v.date()], 'created_at must be a timestamp'),
  v.transform((value) => new Date(value)),
  v.check((date) => !Number.isNaN(date.getTime()), 'created_at must be a valid timestamp'),
  v.transform((date) => date.toISOString()),
)

/** A row of public.gallery_images, as supabase-js (JSON) or PGlite (Date, arrays) return it. */
export const galleryRowSchema = v.object(
  {
    id: v.pipe(
      v.union([v.string(), v.number(), v.bigint()], 'id must be a string or a number'),
      v.transform(String),
      v.nonEmpty('id must not be empty'),
    ),
    title: requiredText('title'),
    description: optionalText('description'),
    category: v.pipe(requiredText('category'), v.toLowerCase()),
    location: optionalText('location'),
    filename: requiredText('filename'),
    additional_images: v.nullish(
      v.array(v.string('additional_images must hold text'), 'additional_images must be a list'),
    ),
    featured: v.nullish(v.boolean('featured must be true or false')),
    created_at: timestamp,
    order: v.nullish(
      v.pipe(v.number('order must be a number'), v.integer('order must be a whole number')),
    ),
  },
  'row must be an object',
)

export type GalleryRow = v.InferOutput<typeof galleryRowSchema>

const wholeNumber = (field: string, low: number, high: number) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(low, `${field} must be at least ${low}`),
    v.maxValue(high, `${field} must be at most ${high}`),
  )

const budgetLimit = 100_000_000

// Checked one by one, apart from the row: a bad fact is left out, the project stays.
const factSchemas = {
  scope: requiredText('scope'),
  duration_weeks: wholeNumber('duration_weeks', 1, 104),
  budget_from: wholeNumber('budget_from', 0, budgetLimit),
  budget_to: wholeNumber('budget_to', 0, budgetLimit),
}

/** A column's value as `schema` reads it; undefined when unset, or when bad (told to onSkipped). */
function optionalColumn<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  onSkipped: (reason: string) => void,
) {
  if (value === null || value === undefined) return undefined
  const parsed = v.safeParse(schema, value)
  if (parsed.success) return parsed.output
  onSkipped(parsed.issues.map((issue) => issue.message).join('; '))
  return undefined
}

/** The row's project facts; each bad one is reported to onSkipped and left out. */
export function projectFactsOf(
  row: Partial<Record<keyof typeof factSchemas, unknown>>,
  onSkipped: (reason: string) => void,
): ProjectFacts | undefined {
  const scope = optionalColumn(factSchemas.scope, row.scope, onSkipped)
  const weeks = optionalColumn(factSchemas.duration_weeks, row.duration_weeks, onSkipped)
  const from = optionalColumn(factSchemas.budget_from, row.budget_from, onSkipped)
  const to = optionalColumn(factSchemas.budget_to, row.budget_to, onSkipped)
  const facts: ProjectFacts = {}
  if (scope !== undefined) facts.scope = scope
  if (weeks !== undefined) facts.weeks = weeks
  if (from !== undefined && to !== undefined) {
    if (from <= to) facts.budget = { from, to }
    else onSkipped('budget_from must not be above budget_to')
  } else if (from !== undefined || to !== undefined) {
    onSkipped('a budget band needs both budget_from and budget_to')
  }
  return Object.keys(facts).length > 0 ? facts : undefined
}

// A photo in the project's own folder, as the database keeps it (`kitchen/oak/before.webp`).
const beforeImageSchema = v.pipe(
  v.string('before_image must be text'),
  v.trim(),
  v.regex(
    /^[^/]+\/[^/]+\/[^/]+\.(jpe?g|png|webp|avif)$/i,
    'before_image must be a photo in the project folder',
  ),
)

/** The row's before photo (a bucket path); a bad one is reported to onSkipped and left out. */
export function beforeImageOf(
  row: { before_image?: unknown; filename?: unknown },
  onSkipped: (reason: string) => void,
): string | undefined {
  const path = optionalColumn(beforeImageSchema, row.before_image, onSkipped)
  if (path === undefined) return undefined
  const folder = typeof row.filename === 'string' ? row.filename.replace(/\.[^./]+$/, '/') : ''
  if (path.startsWith(folder)) return path
  onSkipped('before_image must be a photo in the project folder')
  return undefined
}

const textOr = (value: string | null | undefined, fallback: string) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : fallback
}

export function toGalleryItem(
  row: GalleryRow,
  urls: GalleryImageUrls,
  facts?: ProjectFacts,
  beforeImage?: string,
): GalleryItem {
  const beforeImageUrl = beforeImage === undefined ? undefined : urls.imageUrl(beforeImage)
  return {
    ...(facts ? { facts } : {}),
    ...(beforeImageUrl ? { beforeImageUrl } : {}),
    id: row.id,
    title: row.title,
    description: textOr(row.description, galleryDefaults.description),
    category: row.category,
    location: textOr(row.location, galleryDefaults.location),
    imageUrl: urls.imageUrl(row.filename),
    additionalImages: (row.additional_images ?? [])
      .filter((path) => path.trim() !== '')
      .map((path) => urls.additionalImageUrl(path))
      // The before photo lives in the project's folder but is shown beside the main photo only.
      .filter((url) => url !== beforeImageUrl),
    featured: row.featured ?? false,
    dateCreated: row.created_at,
    sortOrder: row.order ?? galleryDefaults.sortOrder,
  }
}

export interface RejectedGalleryRow {
  /** The row's id when it has a readable one. */
  id: string | undefined
  reason: string
}

const readableId = (row: unknown): string | undefined => {
  if (typeof row !== 'object' || row === null || !('id' in row)) return undefined
  const { id } = row
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

const describeIssue = (issue: v.BaseIssue<unknown>) => {
  const field = v.getDotPath(issue)
  return issue.type === 'object' && field ? `${field} is missing` : issue.message
}

/** Parses and maps rows; a malformed row is reported to onRejected and left out. */
export function toGalleryItems(
  rows: readonly unknown[],
  urls: GalleryImageUrls,
  onRejected: (rejected: RejectedGalleryRow) => void = () => {},
  onSkippedFact: (skipped: { id: string; reason: string }) => void = () => {},
): GalleryItem[] {
  const items: GalleryItem[] = []
  for (const row of rows) {
    const parsed = v.safeParse(galleryRowSchema, row)
    if (!parsed.success) {
      const reason = parsed.issues.map(describeIssue).join('; ')
      onRejected({ id: readableId(row), reason })
      continue
    }
    try {
      const { id } = parsed.output
      const skipped = (reason: string) => onSkippedFact({ id, reason })
      const facts = projectFactsOf(row as Record<string, unknown>, skipped)
      const beforeImage = beforeImageOf(row as Record<string, unknown>, skipped)
      items.push(toGalleryItem(parsed.output, urls, facts, beforeImage))
    } catch {
      onRejected({ id: parsed.output.id, reason: 'image paths could not be turned into URLs' })
    }
  }
  return items
}
