/**
 * The client's address (rate limits, the captcha's `remoteip`) and protocol, read by proxy-addr
 * from X-Forwarded-For only as far as the proxies TRUST_PROXY names wrote it
 * (docs/configuration.md): `false`, `true` (private networks), a number of proxies, or networks.
 */
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import proxyaddr from 'proxy-addr'

export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'networks'; networks: string[] }

/** proxy-addr's private ranges, and carrier-grade NAT, which it leaves out. */
const privateNetworks = ['loopback', 'linklocal', 'uniquelocal', '100.64.0.0/10']
const isPrivate = proxyaddr.compile(privateNetworks)
const compileNetworks = (networks: string[]) =>
  proxyaddr.compile(networks.flatMap((entry) => (entry === 'private' ? privateNetworks : [entry])))

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() || 'false'
  if (['false', 'no', 'off'].includes(text)) return { kind: 'none' }
  if (['true', 'yes', 'on'].includes(text)) return { kind: 'networks', networks: ['private'] }
  const networks = text.split(',').map((item) => item.trim())
  try {
    if (/^\d+$/.test(text)) {
      if (Number(text) > 10) throw new Error('more than 10 proxies')
      return Number(text) ? { kind: 'hops', hops: Number(text) } : { kind: 'none' }
    }
    // proxy-addr also reads hex and octal spellings: TRUST_PROXY takes only what node:net does.
    const odd = networks.find((entry) => entry !== 'private' && !isIP(entry.split('/')[0] ?? ''))
    if (odd !== undefined) throw new Error(`${JSON.stringify(odd)} is not an address or a network`)
    compileNetworks(networks)
    return { kind: 'networks', networks }
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be true, false, a number of proxies (0-10), or addresses and networks such as "private, 173.245.48.0/20" (got ${JSON.stringify(value)}: ${(error as Error).message})`,
    )
  }
}

type Trust = (address: string, index: number) => boolean
const compiled = new WeakMap<TrustProxy, Trust>()

interface Forwarded {
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trust: TrustProxy
}

/** The peer, then each address the trusted proxies wrote, up to the first untrusted one. */
function chainOf({ forwardedFor, socketAddress, trust }: Forwarded) {
  if (!socketAddress || trust.kind === 'none') return undefined
  let test = compiled.get(trust)
  if (!test) {
    // n proxies: the nearest on a private network, then whoever it says.
    test =
      trust.kind === 'hops'
        ? (address, index) => (index ? index < trust.hops : isPrivate(address, 0))
        : compileNetworks(trust.networks)
    compiled.set(trust, test)
  }
  const request = {
    headers: { 'x-forwarded-for': forwardedFor ?? '' },
    socket: { remoteAddress: socketAddress },
  } as unknown as IncomingMessage
  return { addresses: proxyaddr.all(request, test), test }
}

/** A trusted proxy's word counts only as an address: anything else leaves the peer the client. */
export function clientIpFrom(input: Forwarded): string | undefined {
  const client = normalizeIp(chainOf(input)?.addresses.at(-1) ?? '')
  return isIP(client) ? client : input.socketAddress ? normalizeIp(input.socketAddress) : undefined
}

/** X-Forwarded-Proto (lowercased) as the outermost trusted proxy wrote it, if any did. */
export function forwardedProtoFrom(
  input: Forwarded & { forwardedProto: string | null | undefined },
) {
  const chain = chainOf(input)
  if (!chain) return undefined
  const { addresses, test } = chain
  const last = addresses.length - 1
  const proxies = test(addresses[last] as string, last) ? addresses.length : last
  const protos = (input.forwardedProto ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  // The only one when each proxy replaces the header rather than appending to it.
  return proxies ? protos[Math.max(protos.length - proxies, 0)] : undefined
}

/** Drops the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 -> 1.2.3.4) and lowercases. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim()
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)?.[1] ?? trimmed.toLowerCase()
}
