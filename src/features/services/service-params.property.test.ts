/**
 * Service route params: a known id comes back as it is, anything else throws the router's
 * notFound (their contract: the page shows the 404 view). Any other throw would be a 500.
 */
import { isNotFound } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serviceIds, servicesPageOrder } from '#src/content/services.ts'
import { Route as AliasRoute } from '#src/routes/$serviceAlias.tsx'
import { Route as ServiceRoute } from '#src/routes/services.$serviceId.tsx'
import { faqAnchor, parseServiceAliasParam, parseServiceIdParam } from './service-params'

/** What a parser did with one input: returned a value or threw. */
function outcome<T>(parse: () => T): { value: T } | { thrown: unknown } {
  try {
    return { value: parse() }
  } catch (thrown) {
    return { thrown }
  }
}

const nearMisses = (ids: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...ids),
      fc.constantFrom(
        (s: string) => s.toUpperCase(),
        (s: string) => ` ${s}`,
        (s: string) => `${s}/`,
        (s: string) => `${s}%00`,
        (s: string) => `${s}\u0000`,
        (s: string) => s.replace('-', '_'),
        (s: string) => s.replace('a', 'а'), // Cyrillic a
        (s: string) => s.slice(0, -1),
        (s: string) => `${s}.json`,
        (s: string) => `../${s}`,
      ),
    )
    .map(([id, change]) => change(id))

const param = (ids: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...ids),
    nearMisses(ids),
    fc.constantFrom(
      '',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'services',
      'gallery',
      'contact-us',
    ),
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ minLength: 2_000, maxLength: 6_000 }),
  )

describe('parseServiceIdParam', () => {
  it('is the /services/$serviceId route parser', () => {
    expect(ServiceRoute.options.params?.parse).toBe(parseServiceIdParam)
  })

  it('returns a known id unchanged and answers everything else with notFound', () => {
    fc.assert(
      fc.property(param(serviceIds), (serviceId) => {
        const result = outcome(() => parseServiceIdParam({ serviceId }))
        if ((serviceIds as readonly string[]).includes(serviceId)) {
          expect(result).toEqual({ value: { serviceId } })
        } else {
          expect('thrown' in result && isNotFound(result.thrown), JSON.stringify(serviceId)).toBe(
            true,
          )
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('even a param that is not a string at all is a notFound, not a crash', () => {
    fc.assert(
      fc.property(fc.anything(), (serviceId) => {
        const result = outcome(() => parseServiceIdParam({ serviceId } as { serviceId: string }))
        if ('thrown' in result) expect(isNotFound(result.thrown)).toBe(true)
        else expect(serviceIds).toContain(result.value.serviceId)
      }),
      { numRuns: 500 },
    )
  })
})

describe('parseServiceAliasParam', () => {
  it('is the /$serviceAlias route parser', () => {
    expect(AliasRoute.options.params?.parse).toBe(parseServiceAliasParam)
  })

  it('returns a service listed on /services (a top-level path) and answers everything else with notFound', () => {
    fc.assert(
      fc.property(param([...servicesPageOrder, ...serviceIds]), (serviceAlias) => {
        const result = outcome(() => parseServiceAliasParam({ serviceAlias }))
        if ((servicesPageOrder as readonly string[]).includes(serviceAlias)) {
          expect(result).toEqual({ value: { serviceAlias } })
        } else {
          expect(
            'thrown' in result && isNotFound(result.thrown),
            JSON.stringify(serviceAlias),
          ).toBe(true)
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('even a param that is not a string at all is a notFound, not a crash', () => {
    fc.assert(
      fc.property(fc.anything(), (serviceAlias) => {
        const result = outcome(() =>
          parseServiceAliasParam({ serviceAlias } as { serviceAlias: string }),
        )
        if ('thrown' in result) expect(isNotFound(result.thrown)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})

describe('faqAnchor', () => {
  it('turns any question into a safe, stable fragment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (question) => {
        const anchor = faqAnchor(question)
        expect(anchor).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/)
        expect(faqAnchor(anchor)).toBe(anchor)
      }),
      { numRuns: 1_000 },
    )
  })
})
