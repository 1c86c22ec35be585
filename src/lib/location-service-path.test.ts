import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import {
  locationServicePairs,
  locationServicePath,
  parseLocationService,
} from './location-service-path'

describe('parseLocationService', () => {
  it('round-trips every location page', () => {
    expect(locationServicePairs).toHaveLength(locationIds.length * locationServiceIds.length)
    for (const pair of locationServicePairs) {
      const param = locationServicePath(pair.location, pair.service)
      expect(parseLocationService(param)).toEqual(pair)
    }
  })

  it('reads a location that contains a dash', () => {
    expect(parseLocationService('midtown-toronto-kitchen-remodeling')).toEqual({
      location: 'midtown-toronto',
      service: 'kitchen-remodeling',
    })
    expect(
      parseLocationService('midtown-toronto-kitchen-and-bathroom-remodeling-services'),
    ).toEqual({
      location: 'midtown-toronto',
      service: 'kitchen-and-bathroom-remodeling-services',
    })
  })

  it.each([
    '',
    'concord',
    'concord-',
    '-kitchen-remodeling',
    'paris-kitchen-remodeling',
    'concord-roofing',
    'midtown-kitchen-remodeling',
    'toronto-kitchen-remodeling',
    'midtown-toronto',
    'midtown-toronto-',
    'concordkitchen-remodeling',
    'Concord-kitchen-remodeling',
    'concord-Kitchen-Remodeling',
    'concord-kitchen-remodeling-',
    ' concord-kitchen-remodeling',
    'concord--kitchen-remodeling',
    'concord-kitchen-remodeling/extra',
    'concord-constructor',
    'concord-__proto__',
    'concord-laser-cutting-art',
  ])('rejects %j', (param) => {
    expect(parseLocationService(param)).toBeUndefined()
  })

  it('never throws, and whatever it accepts builds back to the same param', () => {
    const piece = fc.constantFrom(
      ...locationIds,
      ...locationServiceIds,
      'midtown',
      'toronto',
      'kitchen',
      '',
      '-',
    )
    const param = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('-')),
      fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')),
    )
    expect(() =>
      fc.assert(
        fc.property(param, (input) => {
          const pair = parseLocationService(input)
          return pair === undefined || locationServicePath(pair.location, pair.service) === input
        }),
        { numRuns: 2000 },
      ),
    ).not.toThrow()
  })
})
