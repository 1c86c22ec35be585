/**
 * The client address behind the contact rate limit, on generated input: TRUST_PROXY reads to a
 * setting or a clear error; X-Forwarded-For counts only from a trusted proxy, and can never make
 * the server take an address the client wrote (only what the trusted proxies appended); and every
 * spelling of an IPv6 address lands in the same /64 bucket.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  rateLimitKey,
  rateLimitKeys,
  unknownAddressBuckets,
} from '#supabase/functions/_shared/contact/rate-limit-key.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import {
  clientIpFrom,
  createClientAddressReader,
  normalizeIp,
  parseTrustProxy,
} from './client-ip.server.ts'

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

const publicV4 = ipv4.filter(
  (ip) =>
    !/^(127|10|192\.168|172\.(1[6-9]|2\d|3[01])|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])|169\.254)\./.test(
      ip,
    ),
)
const privateV4 = fc.oneof(
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `192.168.${a}.${b}`),
  fc
    .tuple(fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255))
    .map(([a, b, c]) => `172.${a}.${b}.${c}`),
  fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `127.0.${a}.${b}`),
  fc.constantFrom('::1', 'fd00::7', 'fe80::1', '::ffff:10.1.2.3'),
)

describe('parseTrustProxy', () => {
  it('reads any value to a setting, or refuses it naming TRUST_PROXY', () => {
    fc.assert(
      fc.property(fc.option(trustProxyValue, { nil: undefined }), (value) => {
        try {
          expect(parseTrustProxy(value)).toBeTypeOf('function')
        } catch (error) {
          expect(error).toBeInstanceOf(Error)
          expect((error as Error).message).toMatch(/^TRUST_PROXY must be/)
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('reads the words, digits and networks it documents', () => {
    // [value, [address, hop, trusted]...]
    const cases: [string | undefined, [string, number, boolean][]][] = [
      [undefined, [['127.0.0.1', 0, false]]],
      ['', [['10.0.0.1', 0, false]]],
      ['false', [['10.0.0.1', 0, false]]],
      ['No', [['10.0.0.1', 0, false]]],
      ['0', [['10.0.0.1', 0, false]]],
      [
        'true',
        [
          ['10.0.0.1', 0, true],
          ['100.64.0.1', 1, true],
          ['::1', 0, true],
          ['8.8.8.8', 0, false],
        ],
      ],
      [
        'YES',
        [
          ['192.168.1.1', 0, true],
          ['8.8.8.8', 1, false],
        ],
      ],
      [
        ' on ',
        [
          ['fd00::7', 0, true],
          ['8.8.8.8', 0, false],
        ],
      ],
      [
        '2',
        [
          ['10.0.0.1', 0, true],
          ['8.8.8.8', 0, false],
          ['8.8.8.8', 1, true],
          ['10.0.0.1', 2, false],
        ],
      ],
      [
        '10',
        [
          ['8.8.8.8', 9, true],
          ['10.0.0.1', 10, false],
        ],
      ],
      [
        'private, 173.245.48.0/20, 2400:CB00::/32, 198.51.100.7',
        [
          ['10.0.0.1', 0, true],
          ['173.245.63.255', 3, true],
          ['2400:cb00::1', 0, true],
          ['198.51.100.7', 0, true],
          ['198.51.100.8', 0, false],
        ],
      ],
    ]
    for (const [value, hops] of cases) {
      const trust = parseTrustProxy(value)
      for (const [address, hop, trusted] of hops)
        expect(trust(address, hop), `${value} ${address} ${hop}`).toBe(trusted)
    }
    for (const value of [
      '11',
      '1.5',
      'maybe',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      '0x2',
      'loopback',
      'private,',
      'example.com',
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(/^TRUST_PROXY must be/)
    }
    // The operator is told which entry, in words of ours, not proxy-addr's.
    expect(() => parseTrustProxy('private, 10.0.0.0/33')).toThrow(
      '"10.0.0.0/33" is not an address or a network',
    )
  })
})

const settings = fc.oneof(
  fc.constant(parseTrustProxy('true')),
  fc.integer({ min: 1, max: 10 }).map((hops) => parseTrustProxy(String(hops))),
  fc.constant(parseTrustProxy('private, 173.245.48.0/20')),
)

describe('clientIpFrom', () => {
  it('without a trusted proxy ignores X-Forwarded-For entirely', () => {
    fc.assert(
      fc.property(
        fc.option(forwardedFor, { nil: undefined }),
        fc.option(address, { nil: undefined }),
        (header, socket) => {
          const ip = clientIpFrom({
            forwardedFor: header,
            socketAddress: socket,
            trust: parseTrustProxy('false'),
          })
          expect(ip).toBe(socket ? normalizeIp(socket) : undefined)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('a peer that is no trusted proxy is the client, whatever its header says', () => {
    fc.assert(
      fc.property(
        fc.option(forwardedFor, { nil: undefined }),
        publicV4,
        settings,
        (header, peer, trust) => {
          fc.pre(!peer.startsWith('173.245.'))
          expect(clientIpFrom({ forwardedFor: header, socketAddress: peer, trust })).toBe(peer)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('behind n proxies, the nearest private, takes only the address the n-th appended', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(address, junkHop), { maxLength: 6 }),
        fc.array(address, { minLength: 1, maxLength: 4 }),
        privateV4,
        (clientWritten, appended, peer) => {
          const forwarded = [...clientWritten, ...appended].join(', ')
          const trust = parseTrustProxy(String(appended.length))
          const ip = clientIpFrom({ forwardedFor: forwarded, socketAddress: peer, trust })
          expect(ip).toBe(normalizeIp(appended[0] as string))
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('behind trusted networks, takes the nearest address outside them, never one the client wrote before it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(address, junkHop), { maxLength: 6 }),
        publicV4,
        fc.array(privateV4, { maxLength: 3 }),
        privateV4,
        (clientWritten, client, proxies, peer) => {
          // The client's own header, then what the proxies appended: the client as seen by the
          // outermost proxy, then each proxy as seen by the next.
          const forwarded = [...clientWritten, client, ...proxies].join(', ')
          const ip = clientIpFrom({
            forwardedFor: forwarded,
            socketAddress: peer,
            trust: parseTrustProxy('true'),
          })
          expect(ip).toBe(client)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('with any header, any peer and any setting it answers an address it was given, or none', () => {
    fc.assert(
      fc.property(
        fc.option(forwardedFor, { nil: null }),
        fc.option(address, { nil: null }),
        settings,
        (header, socket, trust) => {
          const ip = clientIpFrom({ forwardedFor: header, socketAddress: socket, trust })
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
        expect(rateLimitKeys(ip).every((key) => typeof key === 'string')).toBe(true)
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

describe('rateLimitKeys', () => {
  it('counts a client with an address under its key alone', () => {
    fc.assert(
      fc.property(ipv4, (ip) => {
        expect(rateLimitKeys(ip)).toEqual([ip])
      }),
    )
  })

  it('offers a client without one every unknown-address bucket, each once, from any of them', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        const keys = rateLimitKeys(undefined, () => draw)
        expect(keys).toHaveLength(unknownAddressBuckets)
        expect(new Set(keys).size).toBe(unknownAddressBuckets)
        expect(keys.every((key) => key.startsWith('unknown-address-'))).toBe(true)
      }),
    )
    const firsts = new Set(
      Array.from({ length: unknownAddressBuckets }, (_, i) =>
        rateLimitKeys('', () => i / unknownAddressBuckets).at(0),
      ),
    )
    expect(firsts.size).toBe(unknownAddressBuckets)
  })
})

describe('createClientAddressReader', () => {
  it('says once, at error level, that a runtime gave no client address, and never names one', () => {
    const log = createMemoryLogger()
    const read = createClientAddressReader(log)
    const trust = parseTrustProxy('true')
    expect(read({ forwardedFor: '203.0.113.9', socketAddress: '127.0.0.1', trust })).toBe(
      '203.0.113.9',
    )
    expect(log.entries).toEqual([])
    for (let i = 0; i < 3; i++) {
      expect(read({ forwardedFor: '203.0.113.9', socketAddress: undefined, trust })).toBeUndefined()
    }
    expect(log.entries).toEqual([
      {
        level: 'error',
        event: 'request.client_address_unknown',
        fields: { forwardedFor: true, rateLimit: expect.stringContaining('site-wide') },
      },
    ])
    expect(JSON.stringify(log.entries)).not.toContain('203.0.113.9')
  })

  it('says once that a proxy on a private network wrote X-Forwarded-For and is not trusted', () => {
    const log = createMemoryLogger()
    const read = createClientAddressReader(log)
    const untrusted = parseTrustProxy('false')
    // A client on the internet may write the header: it is its own client, and nothing is wrong.
    expect(
      read({ forwardedFor: '203.0.113.9', socketAddress: '198.51.100.4', trust: untrusted }),
    ).toBe('198.51.100.4')
    // A trusted proxy's word counts.
    const trusted = parseTrustProxy('true')
    expect(read({ forwardedFor: '203.0.113.9', socketAddress: '10.0.0.5', trust: trusted })).toBe(
      '203.0.113.9',
    )
    // A trusted proxy may name a client on a private network (a visitor in the office).
    const balancer = parseTrustProxy('10.0.0.0/8')
    expect(read({ forwardedFor: '192.168.1.7', socketAddress: '10.0.0.5', trust: balancer })).toBe(
      '192.168.1.7',
    )
    expect(log.entries).toEqual([])
    for (const socketAddress of ['10.0.0.5', '::ffff:127.0.0.1']) {
      expect(read({ forwardedFor: '203.0.113.9', socketAddress, trust: untrusted })).toBe(
        normalizeIp(socketAddress),
      )
    }
    expect(log.entries).toEqual([
      {
        level: 'error',
        event: 'request.proxy_not_trusted',
        fields: { proxy: '10.0.0.5', rateLimit: expect.stringContaining('counts as the proxy') },
      },
    ])
  })
})
