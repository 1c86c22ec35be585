/**
 * parseEnvironment on generated environments: it returns a usable configuration or throws an
 * EnvironmentError that names what is wrong, never anything else, ignores what it does not
 * know, and never repeats a secret in its message (the message goes to the server's log).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseTrustProxy } from './client-ip.server.ts'
import { EnvironmentError, parseEnvironment } from './env.server'
import { environmentSchema } from './env-schema.server'

const knownNames = Object.keys(environmentSchema.entries)

/** Values worth trying per variable: valid ones, near misses and junk. */
const samples: Record<string, string[]> = {
  PORT: ['3000', '1', '65535', '0', '65536', '-1', '08', '3e3', ' 80 ', '99999999999999999999'],
  HOST: ['127.0.0.1', '0.0.0.0', '::', 'localhost'],
  SITE_URL: [
    'https://www.example.com/',
    'http://localhost:3000',
    'https://a.example///',
    'not a url',
    'http://',
    '//example.com',
  ],
  DATA_DIR: ['.data', '/tmp/x', '../../etc'],
  SUPABASE_URL: ['https://abc.supabase.co', 'abc.supabase.co', 'http://127.0.0.1:54321'],
  SUPABASE_ANON_KEY: ['eyJhbGciOiJIUzI1NiJ9.e30.secret-anon-key'],
  SUPABASE_SECRET_KEY: ['sb_secret_secret-value'],
  HCAPTCHA_SITE_KEY: ['10000000-ffff-ffff-ffff-000000000001'],
  HCAPTCHA_SECRET: ['0xSecretSecretSecret', 'sk_live_secret-value'],
  HCAPTCHA_VERIFY_URL: ['https://api.hcaptcha.com/siteverify', 'http://127.0.0.1:9/x', 'nope'],
  SMTP_URL: [
    'smtp://mailer:hunter2-secret@smtp.example.com:587',
    'smtps://smtp.example.com',
    'smtp:/mailer:hunter2-secret@smtp.example.com',
    'mailer:hunter2-secret@smtp.example.com:587',
    'http://mailer:hunter2-secret@smtp.example.com',
    'smtp://',
  ],
  TRUST_PROXY: [
    'true',
    'TRUE',
    ' yes ',
    'off',
    '0',
    '10',
    '11',
    '-1',
    '1.5',
    '0x1',
    'maybe',
    'private, 173.245.48.0/20',
    '10.0.0.0/33',
  ],
  CONTACT_TO_EMAIL: ['info@example.com', 'owner@example.net', 'nobody', 'a@b'],
}

/** Variables whose values are secrets: an error may name them, never repeat them. */
const secretNames = [
  'HCAPTCHA_SECRET',
  'SMTP_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SECRET_KEY',
] as const

const valueFor = (name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(samples[name] ?? ['1', 'x'])) },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', 'x'.repeat(5_000), '\u0000', '日本') },
  )
const environment = fc
  .uniqueArray(fc.constantFrom(...knownNames), { maxLength: knownNames.length })
  .chain((names) =>
    fc.record(Object.fromEntries(names.map((name) => [name, valueFor(name)]))),
  ) as fc.Arbitrary<Record<string, string>>

function outcome(source: Record<string, string | undefined>) {
  try {
    return { env: parseEnvironment(source) }
  } catch (error) {
    return { error }
  }
}

describe('parseEnvironment on any environment', () => {
  it('returns a usable configuration or throws an EnvironmentError, nothing else', () => {
    fc.assert(
      fc.property(environment, (source) => {
        const result = outcome(source)
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(EnvironmentError)
          const message = (result.error as Error).message
          expect(message).toMatch(/^Invalid environment:\n {2}- /)
          // Every problem names its variable (or, for the pair, both of them).
          for (const line of message.split('\n').slice(1)) {
            expect(
              knownNames.some((name) => line.includes(name)),
              line,
            ).toBe(true)
          }
          return
        }
        const { env } = result
        expect(Number.isInteger(env.PORT)).toBe(true)
        expect(env.PORT).toBeGreaterThanOrEqual(1)
        expect(env.PORT).toBeLessThanOrEqual(65_535)
        expect(env.HOST.trim()).not.toBe('')
        expect(() => new URL(env.SITE_URL)).not.toThrow()
        expect(env.SITE_URL.endsWith('/')).toBe(false)
        expect(env.DATA_DIR.trim()).not.toBe('')
        expect(env.SUPABASE_URL === undefined).toBe(env.SUPABASE_ANON_KEY === undefined)
        expect(env.SUPABASE_URL === undefined).toBe(env.SUPABASE_SECRET_KEY === undefined)
        expect(env.HCAPTCHA_SECRET.trim()).not.toBe('')
        expect(env.HCAPTCHA_SITE_KEY.trim()).not.toBe('')
        expect(() => new URL(env.HCAPTCHA_VERIFY_URL)).not.toThrow()
        if (env.SMTP_URL !== undefined) expect(env.SMTP_URL).toMatch(/^smtps?:\/\/./)
        expect(() => parseTrustProxy(env.TRUST_PROXY)).not.toThrow()
        expect(env.CONTACT_TO_EMAIL).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      }),
      { numRuns: 2_000 },
    )
  })

  it('reads TRUST_PROXY the way the client-address code does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...(samples.TRUST_PROXY ?? [])), fc.string(), (value, junk) => {
        for (const candidate of [value, junk]) {
          const result = outcome({ TRUST_PROXY: candidate })
          if (result.env !== undefined) {
            expect(result.env.TRUST_PROXY).toBe(candidate.trim() || 'false')
            expect(() => parseTrustProxy(candidate)).not.toThrow()
          } else {
            expect(() => parseTrustProxy(candidate)).toThrow(/^TRUST_PROXY must be/)
          }
        }
      }),
      { numRuns: 500 },
    )
  })

  it('ignores variables it does not know, and blank values count as unset', () => {
    fc.assert(
      fc.property(
        environment,
        fc.dictionary(
          fc.string({ minLength: 1 }).filter((name) => !knownNames.includes(name)),
          fc.string(),
        ),
        fc.subarray(knownNames),
        fc.constantFrom('', ' ', '\t', '\n '),
        (source, unknown, blankNames, blank) => {
          const base = outcome(source)
          const noisy = outcome({ ...unknown, ...source })
          expect(noisy).toEqual(base)
          const trimmed = Object.fromEntries(
            Object.entries(source).filter(([name]) => !blankNames.includes(name)),
          )
          const blanks = Object.fromEntries(blankNames.map((name) => [name, blank]))
          expect(outcome({ ...trimmed, ...blanks })).toEqual(outcome(trimmed))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('names the bad variable, and repeats a bad value only when it is not a secret', () => {
    fc.assert(
      fc.property(environment, (source) => {
        const result = outcome(source)
        if (!('error' in result)) return
        const lines = (result.error as Error).message.split('\n').slice(1)
        for (const name of secretNames) {
          for (const line of lines.filter((text) => text.startsWith(`  - ${name} `))) {
            expect(line).toMatch(/\(got a value of \d+ characters, not shown\)$/)
            const value = source[name]?.trim() ?? ''
            if (value.length >= 12) expect(line).not.toContain(value)
          }
        }
      }),
      { numRuns: 2_000 },
    )
    const smtp = 'smtp:/mailer:hunter2-secret@smtp.example.com'
    expect(() => parseEnvironment({ SMTP_URL: smtp })).toThrow(/SMTP_URL must look like/)
    expect(() => parseEnvironment({ SMTP_URL: smtp })).not.toThrow(/hunter2/)
    // A value that is not secret is still shown, it is what the operator needs to see.
    expect(() => parseEnvironment({ PORT: 'abc' })).toThrow(
      /PORT must be a whole number \(got "abc"\)/,
    )
  })
})
