/** The variables that tune how the server rides out faults (README, .env.example). */
import { describe, expect, it } from 'vitest'
import { parseEnvironment } from '#src/server/env.server.ts'

describe('fault-related settings', () => {
  it('default to the production timings', () => {
    const env = parseEnvironment({})
    expect(env).toMatchObject({
      SERVER_SHUTDOWN_TIMEOUT: 15,
      GALLERY_CACHE_TTL_MS: 300_000,
      CONTACT_RETRY_BACKOFF_MS: [30_000, 120_000, 600_000, 3_600_000],
      CONTACT_UNCHECKED_PER_HOUR: 10,
    })
    // Unset: the delivery schedule's default for the mode (15 s embedded, 60 s Supabase).
    expect(env.CONTACT_RETRY_INTERVAL_MS).toBeUndefined()
  })

  it('accept shorter timings', () => {
    expect(
      parseEnvironment({
        GALLERY_CACHE_TTL_MS: '1000',
        CONTACT_RETRY_INTERVAL_MS: '250',
        CONTACT_RETRY_BACKOFF_MS: ' 500, 1000 ,2000',
        CONTACT_UNCHECKED_PER_HOUR: '0',
      }),
    ).toMatchObject({
      GALLERY_CACHE_TTL_MS: 1_000,
      CONTACT_RETRY_INTERVAL_MS: 250,
      CONTACT_RETRY_BACKOFF_MS: [500, 1_000, 2_000],
      CONTACT_UNCHECKED_PER_HOUR: 0,
    })
  })

  it.each([
    ['SERVER_SHUTDOWN_TIMEOUT', '15s', /SERVER_SHUTDOWN_TIMEOUT must be a whole number of seconds/],
    ['SERVER_SHUTDOWN_TIMEOUT', '0', /SERVER_SHUTDOWN_TIMEOUT must be at least 1/],
    [
      'GALLERY_CACHE_TTL_MS',
      '5 minutes',
      /GALLERY_CACHE_TTL_MS must be a whole number of milliseconds/,
    ],
    ['GALLERY_CACHE_TTL_MS', '10', /GALLERY_CACHE_TTL_MS must be at least 100/],
    ['CONTACT_RETRY_INTERVAL_MS', '-1', /CONTACT_RETRY_INTERVAL_MS must be a whole number/],
    ['CONTACT_RETRY_INTERVAL_MS', '99999999', /CONTACT_RETRY_INTERVAL_MS must be at most 3600000/],
    [
      'CONTACT_RETRY_BACKOFF_MS',
      '30s,2m',
      /CONTACT_RETRY_BACKOFF_MS must be 1 to 10 comma-separated/,
    ],
    ['CONTACT_RETRY_BACKOFF_MS', '500,0', /CONTACT_RETRY_BACKOFF_MS must hold waits between 100/],
    ['CONTACT_RETRY_BACKOFF_MS', Array(11).fill('1000').join(','), /1 to 10 comma-separated/],
    ['CONTACT_UNCHECKED_PER_HOUR', 'ten', /CONTACT_UNCHECKED_PER_HOUR must be a whole number/],
    ['CONTACT_UNCHECKED_PER_HOUR', '10001', /CONTACT_UNCHECKED_PER_HOUR must be at most 10000/],
  ])('refuse %s=%j, naming it', (name, value, problem) => {
    expect(() => parseEnvironment({ [name]: value })).toThrow(problem)
  })
})
