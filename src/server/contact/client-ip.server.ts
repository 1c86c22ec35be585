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

type Trust = (address: string, index: number) => boolean

/** proxy-addr's private ranges, and carrier-grade NAT, which it leaves out. */
const privateNetworks = ['loopback', 'linklocal', 'uniquelocal', '100.64.0.0/10']
const isPrivate = proxyaddr.compile(privateNetworks)

const invalid = (value: string | undefined, why: string) =>
  new Error(
    `TRUST_PROXY must be true, false, a number of proxies (0-10), or addresses and networks such as "private, 173.245.48.0/20" (got ${JSON.stringify(value)}: ${why})`,
  )

const compileNetworks = (networks: string[]) =>
  proxyaddr.compile(networks.flatMap((entry) => (entry === 'private' ? privateNetworks : [entry])))

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase()
  if (!text || ['false', 'no', 'off'].includes(text)) return { kind: 'none' }
  if (['true', 'yes', 'on'].includes(text)) return { kind: 'networks', networks: ['private'] }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw invalid(value, 'more than 10 proxies')
    return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops }
  }
  const networks = text.split(',').map((item) => item.trim())
  const bad = networks.find((entry) => entry !== 'private' && !isIP(entry.split('/')[0] ?? ''))
  if (bad !== undefined)
    throw invalid(value, `${JSON.stringify(bad)} is not an address or a network`)
  try {
    compileNetworks(networks)
  } catch (error) {
    throw invalid(value, (error as Error).message)
  }
  return { kind: 'networks', networks }
}

const compiled = new WeakMap<TrustProxy, Trust>()

function trustOf(trust: Exclude<TrustProxy, { kind: 'none' }>): Trust {
  let test = compiled.get(trust)
  if (!test) {
    // n proxies: the nearest on a private network, then whoever it says.
    test =
      trust.kind === 'hops'
        ? (address, index) => (index === 0 ? isPrivate(address, 0) : index < trust.hops)
        : compileNetworks(trust.networks)
    compiled.set(trust, test)
  }
  return test
}

interface Forwarded {
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trust: TrustProxy
}

/** The peer, then each address the trusted proxies wrote, up to the first untrusted one. */
function chainOf({ forwardedFor, socketAddress, trust }: Forwarded) {
  if (!socketAddress || trust.kind === 'none') return undefined
  const request = {
    headers: { 'x-forwarded-for': forwardedFor ?? '' },
    socket: { remoteAddress: socketAddress },
  } as unknown as IncomingMessage
  const test = trustOf(trust)
  return { addresses: proxyaddr.all(request, test), test }
}

/** A trusted proxy's word counts only as an address: anything else leaves the peer as the client. */
export function clientIpFrom(input: Forwarded): string | undefined {
  const peer = input.socketAddress ? normalizeIp(input.socketAddress) : undefined
  const client = normalizeIp(chainOf(input)?.addresses.at(-1) ?? '')
  return isIP(client) === 0 ? peer : client
}

/**
 * X-Forwarded-Proto (lowercased) as the outermost trusted proxy wrote it, or undefined when the
 * peer is no trusted proxy or says nothing.
 */
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
  return proxies === 0 ? undefined : protos[Math.max(protos.length - proxies, 0)]
}

/** Drops the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 -> 1.2.3.4) and lowercases. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed.toLowerCase()
}
