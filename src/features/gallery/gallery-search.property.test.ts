/**
 * The /gallery search params as the router meets them: a raw query string, parsed by the
 * router's own parseSearch (which JSON-parses values and turns repeated keys into arrays), then
 * validated by the route's validateSearch through Standard Schema, exactly as router-core does.
 * gallery-view.test.ts covers the schema on hand-picked objects; this covers any URL.
 */
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Route } from '#src/routes/gallery.tsx'
import { selectGalleryView } from '#test/support/gallery-view-reference.ts'
import type { GalleryItem } from './gallery-item'
import {
  type GallerySearch,
  galleryCategoryFilters,
  gallerySearchDefaults,
  gallerySearchMaxLength,
  gallerySearchSchema,
  gallerySortOptions,
} from './gallery-search'
import { adjacentProject } from './gallery-view'

type StandardSchema = {
  '~standard': {
    validate(input: unknown): { value?: unknown; issues?: unknown } | Promise<unknown>
  }
}

/** router-core's validateSearch for a Standard Schema: issues become a SearchParamError. */
function validateSearch(input: unknown): GallerySearch {
  const result = (Route.options.validateSearch as unknown as StandardSchema)['~standard'].validate(
    input,
  )
  if (result instanceof Promise) throw new Error('async validation is not supported')
  if (result.issues) throw new Error(`SearchParamError: ${JSON.stringify(result.issues)}`)
  return result.value as GallerySearch
}

const isValidSearch = (search: GallerySearch) =>
  (galleryCategoryFilters as readonly string[]).includes(search.category) &&
  (gallerySortOptions as readonly string[]).includes(search.sort) &&
  typeof search.q === 'string' &&
  search.q.length <= gallerySearchMaxLength &&
  search.q === search.q.trim() &&
  Number.isInteger(search.page) &&
  search.page >= 1 &&
  (search.project === undefined ||
    (typeof search.project === 'string' &&
      search.project !== '' &&
      search.project.length <= 200 &&
      search.project === search.project.trim()))

const keys = fc.constantFrom('category', 'sort', 'q', 'project', 'page', '__proto__', 'constructor')
const value = fc.oneof(
  fc.constantFrom(...galleryCategoryFilters, ...gallerySortOptions, '', ' ', 'true', 'null'),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 250 }),
  fc.json(),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ minLength: 190, maxLength: 400 }),
)
/** A query string as a visitor (or a bot) might type it: junk, repeats, broken escapes. */
const rawQuery = fc.oneof(
  fc
    .array(fc.tuple(keys, value), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, val]) => `${k}=${encodeURIComponent(val)}`).join('&')),
  fc.array(fc.tuple(keys, fc.string()), { maxLength: 8 }).map((pairs) =>
    // Raw, unencoded: %, &, =, + and unicode as typed.
    pairs.map(([k, val]) => `${k}=${val}`).join('&'),
  ),
  fc.string(),
  fc.string({ unit: 'binary' }),
)

const item = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  title: fc.string({ minLength: 1 }),
  description: fc.string(),
  category: fc.oneof(
    fc.constantFrom('kitchen', 'bathroom', 'commercial', 'carpentry'),
    fc.string(),
  ),
  location: fc.string(),
  imageUrl: fc.constant('/x.webp'),
  additionalImages: fc.array(fc.constant('/y.webp'), { maxLength: 2 }),
  featured: fc.boolean(),
  dateCreated: fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.string(),
  ),
  sortOrder: fc.oneof(fc.integer(), fc.double()),
}) satisfies fc.Arbitrary<GalleryItem>

describe('gallery search params, as the router reads them', () => {
  it('the route validates with the gallery schema', () => {
    expect(Route.options.validateSearch).toBe(gallerySearchSchema)
  })

  it('any query string parses and validates to a valid search: never a SearchParamError', () => {
    fc.assert(
      fc.property(rawQuery, (query) => {
        const parsed = defaultParseSearch(`?${query}`)
        expect(isValidSearch(validateSearch(parsed))).toBe(true)
      }),
      { numRuns: 1500 },
    )
  })

  it('any object at all validates (what a loader or a Link might pass)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.object(), fc.dictionary(keys, fc.anything())), (input) => {
        expect(isValidSearch(validateSearch(input))).toBe(true)
      }),
      { numRuns: 800 },
    )
  })

  it('a valid search is a fixed point, and survives the router writing it to the URL', () => {
    fc.assert(
      fc.property(rawQuery, (query) => {
        const search = validateSearch(defaultParseSearch(`?${query}`))
        expect(validateSearch(search)).toEqual(search)
        const written = defaultStringifySearch(search)
        expect(validateSearch(defaultParseSearch(written))).toEqual(search)
      }),
      { numRuns: 800 },
    )
  })

  it('keeps every valid value a visitor can pick', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...galleryCategoryFilters),
        fc.constantFrom(...gallerySortOptions),
        fc.string({ maxLength: gallerySearchMaxLength }).map((text) => text.trim()),
        (category, sort, q) => {
          const url = defaultStringifySearch({ category, sort, q })
          expect(validateSearch(defaultParseSearch(url))).toMatchObject({ category, sort, q })
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a URL with only junk is the default view', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !(galleryCategoryFilters as readonly string[]).includes(text)),
        (junk) => {
          const search = validateSearch({ category: junk, sort: [junk], q: { junk } })
          expect(search).toMatchObject({
            category: gallerySearchDefaults.category,
            sort: gallerySearchDefaults.sort,
            q: gallerySearchDefaults.q,
          })
        },
      ),
    )
  })

  it('whatever search it gets, the view is a filtered, reordered copy of the list', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), rawQuery, (items, query) => {
        const search = validateSearch(defaultParseSearch(`?${query}`))
        const shown = selectGalleryView(items, search)
        expect(shown.length).toBeLessThanOrEqual(items.length)
        for (const entry of shown) expect(items).toContain(entry)
        if (search.project !== undefined) {
          const next = adjacentProject(shown, search.project, 'next')
          expect(next === undefined || shown.includes(next)).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('the schema never throws through valibot either', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = v.safeParse(gallerySearchSchema, input)
        if (result.success) expect(isValidSearch(result.output)).toBe(true)
        else expect(result.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: 500 },
    )
  })
})
