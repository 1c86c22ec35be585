/**
 * public.gallery_view() against the in-memory view it replaces (selectGalleryView, galleryPage,
 * projectNeighbours over every project, decision 048): random galleries and random views, on the
 * embedded engine (PGlite, PostgreSQL 18), the hosted major (PGlite, PostgreSQL 17) and
 * PostgreSQL 15. Titles and locations mix case, accents, punctuation, digits and the whitespace
 * JavaScript trims, so the collation, the lowercasing and the trimming are compared too.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { galleryCategories } from '#src/features/gallery/gallery-item.ts'
import { toGalleryItems } from '#src/features/gallery/gallery-row.ts'
import { galleryCategoryFilters, gallerySortOptions } from '#src/features/gallery/gallery-search.ts'
import { siteImageUrls } from '#src/features/gallery/storage-path.ts'
import { bundledDatabaseSql } from '#src/server/db/embedded-sql.server.ts'
import { prepareDatabase } from '#src/server/db/migrations.server.ts'
import {
  galleryPage,
  projectNeighbours,
  selectGalleryView,
} from '#test/support/gallery-view-reference.ts'
import { databaseTargets, type SqlSession } from '#test/support/sql-session.ts'

const pieces = [
  'oak',
  'Oak',
  'OAK',
  'öak',
  'Éclair',
  'eclair',
  'ça',
  'Ça',
  'straße',
  'strasse',
  'İstanbul',
  'ΣΑΣ',
  'σας',
  'a-b',
  'a b',
  'ab',
  "O'Neil",
  '10',
  '9',
  'walnut',
  'Kitchen',
  'bath',
  'x',
]
const blanks = ['', ' ', '  ', '\t', '\u00a0', '\u3000', '\n']
const text = fc
  .tuple(
    fc.constantFrom(...blanks),
    fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(' ', '', '-'),
    fc.constantFrom(...blanks),
  )
  .map(([before, words, joint, after]) => `${before}${words.join(joint)}${after}`)

const baseTime = Date.UTC(2024, 0, 1)
const row = fc.record({
  title: text,
  description: fc.option(text, { nil: null }),
  category: fc.constantFrom(...galleryCategories),
  location: fc.option(fc.oneof(text, fc.constantFrom('', ' ', '\t')), { nil: null }),
  featured: fc.boolean(),
  order: fc.integer({ min: -2, max: 3 }),
  // A few instants, some a microsecond apart (a Date sees the same millisecond).
  created_at: fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 2 }))
    .map(
      ([day, micro]) =>
        `${new Date(baseTime + day * 86_400_000).toISOString().slice(0, 23)}${micro}Z`,
    ),
})

const view = fc.record({
  category: fc.constantFrom(...galleryCategoryFilters),
  sort: fc.constantFrom(...gallerySortOptions),
  q: fc.oneof(
    fc.constant(''),
    fc.constantFrom(
      'oak',
      'OAK',
      'öak',
      'éclair',
      'ÉCLAIR',
      'kitchen',
      'σας',
      'i̇stanbul',
      'a b',
      'nothing',
      'k',
    ),
  ),
  page: fc.integer({ min: 1, max: 4 }),
  /** Which row is open, as an index into the rows (past the end: none, or an unknown id). */
  open: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
})

const sql = bundledDatabaseSql()

for (const target of databaseTargets()) {
  describe(`gallery_view() on ${target.name}`, () => {
    let db: SqlSession
    beforeAll(async () => {
      db = await target.open()
      await prepareDatabase(db, sql)
    }, 120_000)
    afterAll(async () => {
      await db?.close()
    })

    it('answers every view as the in-memory view over every project did', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 30 }),
          fc.array(view, { minLength: 1, maxLength: 6 }),
          async (rows, views) => {
            await db.exec('begin')
            try {
              for (const [n, each] of rows.entries()) {
                await db.query(
                  `insert into public.gallery_images
                     (title, description, category, location, filename, featured, "order", created_at)
                   values ($1, $2, $3, $4, $5, $6, $7, $8)`,
                  [
                    each.title,
                    each.description,
                    each.category,
                    each.location,
                    `${each.category}/p${n}.webp`,
                    each.featured,
                    each.order,
                    each.created_at,
                  ],
                )
              }
              const stored = (await db.query('select * from public.gallery_images order by id'))
                .rows
              const items = toGalleryItems(stored, siteImageUrls)
              const ids = stored.map((each) => String((each as { id: unknown }).id))
              await db.exec('set local role anon')
              for (const asked of views) {
                const open = asked.open === undefined ? undefined : (ids[asked.open] ?? 'unknown')
                const { rows: answers } = await db.query<{ answer: AnswerRows }>(
                  'select public.gallery_view($1, $2, $3, $4, $5) as answer',
                  [asked.category, asked.sort, asked.q, asked.page, open ?? null],
                )
                const answer = answers[0]?.answer as AnswerRows
                const expectedList = selectGalleryView(items, asked)
                const expectedPage = galleryPage(expectedList, asked.page)
                const neighbours =
                  open === undefined ? undefined : projectNeighbours(expectedList, open)
                expect({
                  view: asked,
                  total: answer.total,
                  page: answer.page,
                  pageCount: answer.page_count,
                  items: answer.items.map(idOf),
                  project: idOf(answer.project),
                  previous: idOf(answer.previous),
                  next: idOf(answer.next),
                }).toEqual({
                  view: asked,
                  total: expectedPage.total,
                  page: expectedPage.page,
                  pageCount: expectedPage.pageCount,
                  items: expectedPage.items.map((item) => item.id),
                  project: neighbours?.project?.id,
                  previous: neighbours?.previous?.id,
                  next: neighbours?.next?.id,
                })
              }
            } finally {
              await db.exec('rollback')
            }
          },
        ),
        { numRuns: target.major === 15 ? 60 : 100 },
      )
    }, 180_000)

    it('maps its rows as the table read maps them', async () => {
      await db.exec('begin')
      try {
        await db.query(
          `insert into public.gallery_images (title, description, category, location, filename, created_at)
           values ('Oak', 'A kitchen', 'kitchen', null, 'kitchen/oak.webp', '2024-05-06T07:08:09.123456Z')`,
        )
        const stored = (await db.query('select * from public.gallery_images')).rows
        await db.exec('set local role anon')
        const answer = (
          await db.query<{ answer: AnswerRows }>('select public.gallery_view() as answer')
        ).rows[0]?.answer as AnswerRows
        expect(toGalleryItems(answer.items, siteImageUrls)).toEqual(
          toGalleryItems(stored, siteImageUrls),
        )
      } finally {
        await db.exec('rollback')
      }
    })
  })
}

interface AnswerRows {
  total: number
  page: number
  page_count: number
  items: { id: string }[]
  project: { id: string } | null
  previous: { id: string } | null
  next: { id: string } | null
}

const idOf = (project: { id: string } | null | undefined) => project?.id
