import { describe, expect, it } from 'vitest'
import { clientIpFrom, normalizeIp, parseTrustProxy, rateLimitKey } from './client-ip.server'
import { contactRateLimits, createRateLimiter } from './rate-limiter.server'

const minute = 60_000
const hour = 60 * minute

function clock(start = 1_000_000) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

describe('createRateLimiter with the contact limits', () => {
  it('allows 5 a minute, then refuses with the time until the oldest leaves the window', () => {
    const time = clock()
    const limiter = createRateLimiter({ rules: contactRateLimits, now: time.now })
    for (let i = 0; i < 5; i++) {
      expect(limiter.consume('1.2.3.4')).toEqual({ allowed: true })
      time.advance(1_000)
    }
    expect(limiter.consume('1.2.3.4')).toEqual({ allowed: false, retryAfterMs: minute - 5_000 })
    expect(limiter.consume('5.6.7.8')).toEqual({ allowed: true })
  })

  it('slides: a refused call is not counted, and calls come free one by one', () => {
    const time = clock()
    const limiter = createRateLimiter({ rules: contactRateLimits, now: time.now })
    for (let i = 0; i < 5; i++) {
      limiter.consume('a')
      time.advance(10_000)
    }
    // t = 50 s: full. Refusals do not push the window further out.
    for (let i = 0; i < 10; i++) expect(limiter.consume('a').allowed).toBe(false)
    time.advance(10_000 + 1) // t = 60 s + 1 ms: the call at t = 0 left the window
    expect(limiter.consume('a').allowed).toBe(true)
    expect(limiter.consume('a').allowed).toBe(false)
    time.advance(10_000) // the call at t = 10 s left
    expect(limiter.consume('a').allowed).toBe(true)
  })

  it('allows 20 an hour even when spread out', () => {
    const time = clock()
    const limiter = createRateLimiter({ rules: contactRateLimits, now: time.now })
    for (let i = 0; i < 20; i++) {
      expect(limiter.consume('a').allowed).toBe(true)
      time.advance(2 * minute)
    }
    // t = 40 min: 20 in the last hour, none in the last minute.
    const refused = limiter.consume('a')
    expect(refused).toEqual({ allowed: false, retryAfterMs: 20 * minute })
    time.advance(20 * minute)
    expect(limiter.consume('a').allowed).toBe(true)
  })

  it('keeps memory bounded: at most maxKeys keys, idle keys swept, at most 20 times per key', () => {
    const time = clock()
    const limiter = createRateLimiter({ rules: contactRateLimits, now: time.now, maxKeys: 100 })
    for (let i = 0; i < 1_000; i++) limiter.consume(`10.0.${Math.floor(i / 250)}.${i % 250}`)
    expect(limiter.size).toBe(100)
    // The most recent keys are the ones kept.
    expect(limiter.consume('10.0.3.249').allowed).toBe(true)

    time.advance(hour + 1)
    limiter.consume('fresh')
    expect(limiter.size).toBe(1)

    // Hammering one key never grows it: refusals are not recorded.
    for (let i = 0; i < 10_000; i++) {
      limiter.consume('hammer')
      time.advance(100)
    }
    expect(limiter.size).toBeLessThanOrEqual(2)
  })

  it('needs a rule', () => {
    expect(() => createRateLimiter({ rules: [] })).toThrow()
  })
})

describe('client address', () => {
  it('uses the socket address unless TRUST_PROXY is set', () => {
    expect(
      clientIpFrom({
        forwardedFor: '6.6.6.6',
        socketAddress: '::ffff:10.1.2.3',
        trustedProxies: 0,
      }),
    ).toBe('10.1.2.3')
  })

  it('takes the address the trusted proxy appended, not the client-controlled left end', () => {
    const forwardedFor = '6.6.6.6, 203.0.113.9'
    expect(clientIpFrom({ forwardedFor, socketAddress: '10.0.0.1', trustedProxies: 1 })).toBe(
      '203.0.113.9',
    )
    expect(clientIpFrom({ forwardedFor, socketAddress: '10.0.0.1', trustedProxies: 2 })).toBe(
      '6.6.6.6',
    )
    expect(
      clientIpFrom({ forwardedFor: 'garbage', socketAddress: '10.0.0.1', trustedProxies: 1 }),
    ).toBe('10.0.0.1')
    expect(clientIpFrom({ forwardedFor: null, socketAddress: undefined, trustedProxies: 1 })).toBe(
      undefined,
    )
  })

  it('parses TRUST_PROXY', () => {
    expect(parseTrustProxy(undefined)).toBe(0)
    expect(parseTrustProxy('false')).toBe(0)
    expect(parseTrustProxy('true')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(() => parseTrustProxy('maybe')).toThrow(/TRUST_PROXY/)
  })

  it('counts IPv6 clients by their /64 and clients without an address together', () => {
    expect(rateLimitKey('2001:db8:85a3:0:0:8a2e:370:7334')).toBe('2001:db8:85a3:0::/64')
    expect(rateLimitKey('2001:db8:85a3::1')).toBe(rateLimitKey('2001:0db8:85a3:0000:ffff::2'))
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('192.0.2.1')).toBe('192.0.2.1')
    expect(rateLimitKey(undefined)).toBe('unknown')
    expect(normalizeIp('::FFFF:192.0.2.1')).toBe('192.0.2.1')
  })
})
