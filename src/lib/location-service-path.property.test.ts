/**
 * The `$locationService` param: parseLocationService accepts exactly the location pages, and
 * the route's param parser turns everything else into the router's notFound, never another
 * error. location-service-path.test.ts covers the round trip of accepted params.
 */
import { isNotFound } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import { Route } from '#src/routes/areas-of-service.$locationService.tsx'
import {
  locationServicePairs,
  locationServicePath,
  parseLocationService,
} from './location-service-path'

const knownParams: ReadonlySet<string> = new Set(
  locationServicePairs.map((p) => locationServicePath(p.location, p.service)),
)

const parseParams = Route.options.params?.parse as (raw: { locationService: string }) => {
  locationService: string
}

/** Near misses: real pieces, changed a little. */
const mutated = fc
  .tuple(
    fc.constantFrom(...knownParams),
    fc.constantFrom(
      (s: string) => s.toUpperCase(),
      (s: string) => ` ${s}`,
      (s: string) => `${s} `,
      (s: string) => `${s}/`,
      (s: string) => `${s}-`,
      (s: string) => s.replace('-', '--'),
      (s: string) => s.replace('-', '_'),
      (s: string) => s.replace('o', 'о'), // Cyrillic o
      (s: string) => s.normalize('NFD').replace('e', 'e\u0301'),
      (s: string) => `${s}\u0000`,
      (s: string) => `${s}\u200b`,
      (s: string) => s.slice(0, -1),
      (s: string) => s.slice(1),
      (s: string) => encodeURIComponent(s).replace(/-/g, '%2D'),
      (s: string) => `${s}?x=1`,
      (s: string) => `../${s}`,
    ),
  )
  .map(([param, change]) => change(param))

const pieces = fc.constantFrom(
  ...locationIds,
  ...locationServiceIds,
  'midtown',
  'toronto',
  'kitchen',
  '__proto__',
  'constructor',
  'toString',
  '',
)
const param = fc.oneof(
  fc.constantFrom(...knownParams),
  mutated,
  fc.array(pieces, { maxLength: 4 }).map((parts) => parts.join('-')),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
)

describe('location pages: parseLocationService and the route param', () => {
  it('accepts exactly the location pages, one per location and service', () => {
    // Distinct params: no location-service pair reads as another (a dash joins them).
    expect(knownParams.size).toBe(locationIds.length * locationServiceIds.length)
    fc.assert(
      fc.property(param, (input) => {
        const pair = parseLocationService(input)
        expect(pair !== undefined).toBe(knownParams.has(input))
        if (pair) {
          expect(locationIds).toContain(pair.location)
          expect(locationServiceIds).toContain(pair.service)
        }
      }),
      { numRuns: 3_000 },
    )
  })

  it('the route answers a known page with its canonical param and anything else with notFound', () => {
    fc.assert(
      fc.property(param, (input) => {
        let thrown: unknown
        let parsed: { locationService: string } | undefined
        try {
          parsed = parseParams({ locationService: input })
        } catch (error) {
          thrown = error
        }
        if (knownParams.has(input)) {
          expect(parsed).toEqual({ locationService: input })
        } else {
          expect(isNotFound(thrown), `threw ${String(thrown)} for ${JSON.stringify(input)}`).toBe(
            true,
          )
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('the route stringifies what it parsed back to the same URL segment', () => {
    const stringify = Route.options.params?.stringify as (parsed: { locationService: string }) => {
      locationService: string
    }
    for (const known of knownParams) {
      expect(stringify(parseParams({ locationService: known }))).toEqual({ locationService: known })
    }
  })
})
