import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import fc from 'fast-check'
import { fromJSON } from 'seroval'
import { describe, expect, it } from 'vitest'
import { defaultFuzzCounts, fixedFuzzCases, fuzzCases, serovalJson } from './http-fuzz'

const options = {
  seed: 42,
  origin: 'http://127.0.0.1:3210',
  serverFnIds: ['a'.repeat(64), 'b'.repeat(64)],
}

describe('fuzzCases', () => {
  it('is the same run for the same seed, and another run for another seed', () => {
    const run = (seed: number) =>
      fuzzCases({ ...options, seed }).map((c) => [
        c.method,
        c.path,
        c.headers,
        c.body?.toString('base64'),
      ])
    expect(run(42)).toEqual(run(42))
    expect(run(43)).not.toEqual(run(42))
  })

  it('sends the fixed regressions, then the seeded cases of each kind', () => {
    const cases = fuzzCases(options)
    const fixed = fixedFuzzCases(options).length
    const random = Object.values(defaultFuzzCounts).reduce((sum, n) => sum + n, 0)
    expect(cases).toHaveLength(fixed + random)
    expect(cases.length).toBeLessThanOrEqual(1_500)
    for (const c of cases) expect(c.path.startsWith('/')).toBe(true)
  })

  it('only builds requests node:http can send: no byte outside \\x21-\\xff on the request line', () => {
    for (const c of fuzzCases(options)) {
      expect(c.path).toMatch(/^[\x21-\xff]+$/)
      for (const value of Object.values(c.headers))
        expect(value).toMatch(/^[\t\x20-\x7e\x80-\xff]*$/)
    }
  })

  it('never spends a captcha token the stand-in would accept', () => {
    for (const seed of [1, 2, 3]) {
      for (const c of fuzzCases({ ...options, seed })) {
        expect(`${c.path} ${c.body?.toString('latin1') ?? ''}`).not.toMatch(
          /10000000-aaaa-bbbb-cccc-\d{12}/,
        )
      }
    }
  })
})

describe('serovalJson', () => {
  it('encodes plain data the way Start decodes it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const decoded = fromJSON(JSON.parse(serovalJson({ data: value })), {
          plugins: defaultSerovalDeserializerPlugins,
        })
        expect(decoded).toEqual({ data: value })
      }),
      { numRuns: 300 },
    )
  })
})
