/**
 * The client address behind the contact rate limit, on generated input: TRUST_PROXY reads to a
 * hop count or a clear error; X-Forwarded-For can never make the server take an address the
 * client wrote (only what the trusted proxies appended); and every spelling of an IPv6 address
 * lands in the same /64 bucket.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rateLimitKey } from '../../../supabase/functions/_shared/contact/rate-limit-key.ts'
import { clientIpFrom, normalizeIp, parseTrustProxy } from './client-ip.server'

const trustProxyValue = fc.oneof(
  fc.constantFrom('true', 'TRUE', ' yes', 'on', 'false', 'no', 'OFF', '0', '1', '10', '11', '-1'),
  fc.constantFrom('1.5', '0x2', '1e1', '+3', '05', ' 2 ', 'NaN', 'Infinity', 'maybe', ''),
  fc.string(),
  fc.nat(20).map(String),
)

const hex16 = fc.integer({ min: 0, max: 0xffff })
const ipv6Groups = fc.array(hex16, { minLength: 8, maxLength: 8 })

/** The same IPv6 address as a server might see it written: full, padded or compressed. */
function spellings(groups: number[], random: { padded: boolean; upper: boolean }) {
  const hex = groups.map((group) => {
    const text = group.toString(16)
    return random.padded ? text.padStart(4, '0') : text
  })
  const forms = [hex.join(':')]
  // Compress each run of zero groups with '::' (every legal choice, not only the longest).
  for (let start = 0; start < 8; start++) {
    for (let end = start + 1; end <= 8; end++) {
      if (groups.slice(start, end).every((group) => group === 0)) {
        forms.push(`${hex.slice(0, start).join(':')}::${hex.slice(end).join(':')}`)
      }
    }
  }
  return forms.map((form) => (random.upper ? form.toUpperCase() : form))
}

const ipv4 = fc.ipV4()
const address = fc.oneof(
  ipv4,
  fc.ipV6(),
  ipv4.map((ip) => `::ffff:${ip}`),
)
const junkHop = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('unknown', '', ' ', '999.999.999.999', '1.2.3.4:80', '[::1]', 'garbage'),
)
const forwardedFor = fc
  .tuple(fc.array(fc.oneof(address, junkHop), { maxLength: 12 }), fc.constantFrom(',', ', ', ' ,'))
  .map(([hops, separator]) => hops.join(separator))

describe('parseTrustProxy', () => {
  it('reads any value to a hop count from 0 to 10, or refuses it naming TRUST_PROXY', () => {
    fc.assert(
      fc.property(fc.option(trustProxyValue, { nil: undefined }), (value) => {
        let hops: number | undefined
        try {
          hops = parseTrustProxy(value)
        } catch (error) {
          expect(error).toBeInstanceOf(Error)
          expect((error as Error).message).toMatch(/^TRUST_PROXY must be/)
          return
        }
        expect(Number.isInteger(hops)).toBe(true)
        expect(hops).toBeGreaterThanOrEqual(0)
        expect(hops).toBeLessThanOrEqual(10)
      }),
      { numRuns: 1_000 },
    )
  })

  it('reads the words and digits it documents', () => {
    for (const [value, hops] of [
      [undefined, 0],
      ['', 0],
      ['false', 0],
      ['No', 0],
      ['off', 0],
      ['true', 1],
      ['YES', 1],
      [' on ', 1],
      ['0', 0],
      ['7', 7],
      ['10', 10],
    ] as const) {
      expect(parseTrustProxy(value), String(value)).toBe(hops)
    }
  })
})

describe('clientIpFrom', () => {
  it('never throws, and without a trusted proxy ignores X-Forwarded-For entirely', () => {
    fc.assert(
      fc.property(
        fc.option(forwardedFor, { nil: undefined }),
        fc.option(address, { nil: undefined }),
        (header, socket) => {
          const ip = clientIpFrom({
            forwardedFor: header,
            socketAddress: socket,
            trustedProxies: 0,
          })
          expect(ip).toBe(socket ? normalizeIp(socket) : undefined)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('behind N proxies takes only an address the proxies appended, never one the client wrote', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(address, junkHop), { maxLength: 6 }),
        fc.array(address, { minLength: 1, maxLength: 4 }),
        fc.option(address, { nil: undefined }),
        (clientWritten, appended, socket) => {
          const trustedProxies = appended.length
          const forwarded = [...clientWritten, ...appended].join(', ')
          const ip = clientIpFrom({
            forwardedFor: forwarded,
            socketAddress: socket,
            trustedProxies,
          })
          // The outermost trusted proxy's entry, or the socket: never the client's own entries.
          expect(ip).toBe(normalizeIp(appended[0] as string))
          for (const written of clientWritten) {
            if (!appended.includes(written)) expect(ip).not.toBe(normalizeIp(written))
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('with any header and any hop count it answers an address it was given, or none', () => {
    fc.assert(
      fc.property(
        fc.option(forwardedFor, { nil: null }),
        fc.option(address, { nil: null }),
        fc.nat(10),
        (header, socket, trustedProxies) => {
          const ip = clientIpFrom({ forwardedFor: header, socketAddress: socket, trustedProxies })
          if (ip === undefined) {
            expect(socket).toBeNull()
            return
          }
          const candidates = [
            ...(header ?? '').split(',').map((part) => part.trim()),
            ...(socket ? [socket] : []),
          ].map(normalizeIp)
          expect(candidates).toContain(ip)
          expect(normalizeIp(ip)).toBe(ip)
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('rateLimitKey', () => {
  it('never throws on anything a header can hold', () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(address, junkHop, fc.string()), { nil: undefined }), (ip) => {
        expect(typeof rateLimitKey(ip)).toBe('string')
      }),
      { numRuns: 1_000 },
    )
  })

  it('counts an IPv4 client by its address', () => {
    fc.assert(
      fc.property(ipv4, (ip) => {
        expect(rateLimitKey(normalizeIp(ip))).toBe(ip)
        expect(rateLimitKey(normalizeIp(`::ffff:${ip}`))).toBe(ip)
      }),
    )
  })

  it('puts every spelling of an IPv6 address in the same /64 bucket, and only its /64', () => {
    fc.assert(
      fc.property(ipv6Groups, fc.boolean(), fc.boolean(), (groups, padded, upper) => {
        const expected = `${groups
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::/64`
        for (const form of spellings(groups, { padded, upper })) {
          expect(rateLimitKey(normalizeIp(form)), form).toBe(expected)
        }
        // Another interface in the same /64 shares the bucket.
        const sibling = [...groups.slice(0, 4), 1, 2, 3, 4]
        expect(rateLimitKey(sibling.map((g) => g.toString(16)).join(':'))).toBe(expected)
      }),
      { numRuns: 1_000 },
    )
  })

  it('keeps different /64 networks apart', () => {
    fc.assert(
      fc.property(ipv6Groups, ipv6Groups, (a, b) => {
        fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join())
        const key = (groups: number[]) => rateLimitKey(groups.map((g) => g.toString(16)).join(':'))
        expect(key(a)).not.toBe(key(b))
      }),
      { numRuns: 500 },
    )
  })
})
