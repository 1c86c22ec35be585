/**
 * The gallery row mapper on generated rows, as a backend might send them (well formed, nearly
 * well formed, or nothing like a row): it never throws, accounts for every row exactly once,
 * maps good rows faithfully, and reports bad ones by reason without repeating their contents.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GalleryItem } from './gallery-item'
import { type RejectedGalleryRow, toGalleryItems } from './gallery-row'
import { createGalleryImageUrls, publicObjectUrl, siteImageUrls } from './storage-path'

const supabaseUrls = createGalleryImageUrls(
  (bucket, path) => publicObjectUrl('https://abc.supabase.co', bucket, path),
  'abc.supabase.co',
)
const throwingUrls = createGalleryImageUrls(() => {
  throw new Error('no URL for you')
})

/** A marker no reason may contain: reasons name fields, never the values they held. */
const canary = 'CANARY-7f3a'

const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''),
)
const validRow = fc.record({
  id: fc.oneof(
    fc.uuid(),
    fc.nat().map((n) => n + 1),
    fc.bigInt({ min: 1n, max: 2n ** 70n }),
  ),
  title: text,
  description: fc.option(fc.string(), { nil: null }),
  category: fc.oneof(fc.constantFrom('kitchen', 'Bathroom', ' COMMERCIAL ', 'carpentry'), text),
  location: fc.option(fc.string(), { nil: null }),
  filename: fc.oneof(
    fc.constantFrom('kitchen/oak.webp', '/bathroom/spa.webp', 'https://cdn.example.com/a.webp'),
    text,
  ),
  additional_images: fc.option(fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), {
    nil: null,
  }),
  featured: fc.option(fc.boolean(), { nil: null }),
  created_at: fc.oneof(
    fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date('2100-01-01') })
      .map((d) => d.toISOString()),
    fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('2100-01-01') }),
    fc.constantFrom('2025-03-14T15:00:00+00:00', '2024-01-02 03:04:05+00'),
  ),
  order: fc.option(fc.integer({ min: -1_000, max: 1_000 }), { nil: null }),
})

/** A valid row with one field broken, holding the canary where it can. */
const brokenRow = fc
  .tuple(
    validRow,
    fc.constantFrom(
      ['title', `   `],
      ['title', 42],
      ['title', undefined],
      ['id', ''],
      ['id', null],
      ['id', { canary }],
      ['category', ['kitchen']],
      ['filename', null],
      ['created_at', `${canary} last spring`],
      ['created_at', 1_700_000_000],
      ['created_at', new Date(Number.NaN)],
      ['featured', canary],
      ['order', 1.5],
      ['order', `${canary}`],
      ['additional_images', canary],
      ['additional_images', [canary, 7]],
      ['description', 12],
      ['location', { canary }],
    ) as fc.Arbitrary<[string, unknown]>,
  )
  .map(([row, [field, value]]) => ({
    ...row,
    description: `${canary} ${row.description ?? ''}`,
    [field]: value,
  }))

const anyRow = fc.oneof(validRow, brokenRow, fc.anything(), fc.object())

function map(rows: unknown[], urls = siteImageUrls) {
  const rejected: RejectedGalleryRow[] = []
  const items = toGalleryItems(rows, urls, (entry) => rejected.push(entry))
  return { items, rejected }
}

function expectValidItem(item: GalleryItem) {
  expect(typeof item.id).toBe('string')
  expect(item.id).not.toBe('')
  expect(item.title).toBe(item.title.trim())
  expect(item.title).not.toBe('')
  expect(item.category).toBe(item.category.trim().toLowerCase())
  expect(item.category).not.toBe('')
  expect(typeof item.description).toBe('string')
  expect(item.location).not.toBe('')
  expect(Number.isNaN(Date.parse(item.dateCreated))).toBe(false)
  expect(new Date(item.dateCreated).toISOString()).toBe(item.dateCreated)
  expect(Number.isInteger(item.sortOrder)).toBe(true)
  expect(typeof item.featured).toBe('boolean')
  expect(typeof item.imageUrl).toBe('string')
  for (const url of item.additionalImages) expect(url).not.toBe('')
}

describe('toGalleryItems on generated rows', () => {
  it('never throws, and every row is either an item or a rejection, once', () => {
    fc.assert(
      fc.property(
        fc.array(anyRow, { maxLength: 15 }),
        fc.constantFrom(siteImageUrls, supabaseUrls, throwingUrls),
        (rows, urls) => {
          const { items, rejected } = map(rows, urls)
          expect(items.length + rejected.length).toBe(rows.length)
          for (const item of items) expectValidItem(item)
          for (const entry of rejected) {
            expect(entry.reason).toMatch(/\S/)
            expect(entry.id === undefined || typeof entry.id === 'string').toBe(true)
          }
        },
      ),
      { numRuns: 800 },
    )
  })

  it('maps every valid row, faithfully', () => {
    fc.assert(
      fc.property(fc.array(validRow, { maxLength: 10 }), (rows) => {
        const { items, rejected } = map(rows)
        expect(rejected).toEqual([])
        expect(items.map((item) => item.id)).toEqual(rows.map((row) => String(row.id)))
        items.forEach((item, index) => {
          const row = rows[index] as (typeof rows)[number]
          expect(item.title).toBe(row.title.trim())
          expect(item.category).toBe(row.category.trim().toLowerCase())
          expect(item.featured).toBe(row.featured ?? false)
          expect(item.sortOrder).toBe(row.order ?? 0)
          expect(item.additionalImages.length).toBe(
            (row.additional_images ?? []).filter((path) => path.trim() !== '').length,
          )
        })
      }),
      { numRuns: 500 },
    )
  })

  it('rejects a row with a broken field, naming the field and never its value', () => {
    fc.assert(
      fc.property(brokenRow, (row) => {
        const { items, rejected } = map([row])
        expect(items).toEqual([])
        expect(rejected).toHaveLength(1)
        const [entry] = rejected as [RejectedGalleryRow]
        expect(entry.reason).not.toContain(canary)
        expect(entry.reason).toMatch(
          /\b(id|title|description|category|location|filename|additional_images|featured|created_at|order)\b/,
        )
        if (typeof row.id === 'string' || typeof row.id === 'number') {
          expect(entry.id).toBe(String(row.id))
        }
      }),
      { numRuns: 800 },
    )
  })

  it('a URL builder that throws costs the row, not the list', () => {
    fc.assert(
      fc.property(fc.array(validRow, { minLength: 1, maxLength: 5 }), (generated) => {
        // A storage path (an absolute URL is used as it is, without the builder).
        const rows = generated.map((row) => ({ ...row, filename: 'kitchen/oak.webp' }))
        const { items, rejected } = map(rows, throwingUrls)
        expect(items).toEqual([])
        expect(rejected.map((entry) => entry.reason)).toEqual(
          rows.map(() => 'image paths could not be turned into URLs'),
        )
      }),
      { numRuns: 100 },
    )
  })
})
