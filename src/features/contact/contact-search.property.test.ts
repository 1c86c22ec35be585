/**
 * /contact-us?service=<id>, as the router reads it: its own parseSearch, then the route's
 * validateSearch (the schema is private to the route, so it is reached through the route), then
 * the option the form preselects. Any URL is a contact page; an unknown service preselects none.
 */
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { locationServiceIds } from '#src/content/locations.ts'
import { contactServiceOptions, serviceIds, serviceVocabulary } from '#src/content/services.ts'
import { Route } from '#src/routes/contact-us.tsx'
import { serviceOptionForId } from './contact-schema'

type StandardSchema = {
  '~standard': {
    validate(input: unknown): { value?: unknown; issues?: unknown } | Promise<unknown>
  }
}

/** router-core's validateSearch for a Standard Schema: issues become a SearchParamError. */
function validateSearch(input: unknown): { service?: string } {
  const schema = Route.options.validateSearch as unknown as StandardSchema
  const result = schema['~standard'].validate(input)
  if (result instanceof Promise) throw new Error('async validation is not supported')
  if (result.issues) throw new Error(`SearchParamError: ${JSON.stringify(result.issues)}`)
  return result.value as { service?: string }
}

const knownIds = [...serviceIds, ...locationServiceIds]
const serviceValue = fc.oneof(
  fc.constantFrom(...knownIds),
  fc.constantFrom('', 'roofing', '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.json(),
  fc.string({ minLength: 70, maxLength: 300 }),
)
const rawQuery = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom('service', 'other', '__proto__'), serviceValue), {
      maxLength: 5,
    })
    .map((pairs) => pairs.map(([k, val]) => `${k}=${encodeURIComponent(val)}`).join('&')),
  fc.string(),
)

describe('/contact-us search params', () => {
  it('any query string is a valid search: never a SearchParamError', () => {
    fc.assert(
      fc.property(rawQuery, (query) => {
        const search = validateSearch(defaultParseSearch(`?${query}`))
        expect(Object.keys(search).filter((key) => key !== 'service')).toEqual([])
        if (search.service !== undefined) {
          expect(typeof search.service).toBe('string')
          expect(search.service.length).toBeLessThanOrEqual(80)
        }
      }),
      { numRuns: 1_500 },
    )
  })

  it('any object validates too, and the result is a fixed point', () => {
    fc.assert(
      fc.property(fc.oneof(fc.object(), fc.record({ service: fc.anything() })), (input) => {
        const search = validateSearch(input)
        expect(validateSearch(search)).toEqual(search)
      }),
      { numRuns: 800 },
    )
  })

  it('the page preselects the mapped option for a known id and nothing for anything else', () => {
    fc.assert(
      fc.property(rawQuery, (query) => {
        const { service } = validateSearch(defaultParseSearch(`?${query}`))
        const option = serviceOptionForId(service)
        if (service !== undefined && Object.hasOwn(serviceVocabulary, service)) {
          expect(option).toBe(
            serviceVocabulary[service as keyof typeof serviceVocabulary].contactOption,
          )
        } else {
          expect(option).toBe('')
        }
        expect([...contactServiceOptions, '']).toContain(option)
      }),
      { numRuns: 1_500 },
    )
  })

  it('every quote button URL a service page builds reads back to its service', () => {
    for (const id of knownIds) {
      const url = defaultStringifySearch({ service: id })
      expect(serviceOptionForId(validateSearch(defaultParseSearch(url)).service)).toBe(
        serviceVocabulary[id].contactOption,
      )
    }
  })
})
