// The client's address (rate limits, the captcha's `remoteip`) and protocol, read by proxy-addr
// from X-Forwarded-For only as far as the proxies TRUST_PROXY names wrote it (docs/configuration.md).
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import proxyaddr from 'proxy-addr'
import { unknownAddressBuckets } from '#supabase/functions/_shared/contact/rate-limit-key.ts'
import { consoleLogger, type LogFields, type Logger } from '#supabase/functions/_shared/log.ts'
import { processState } from './process-state.server.ts'

/** Whether the hop at `index` (0: the peer) is a proxy whose X-Forwarded-For counts. */
export type TrustProxy = (address: string, index: number) => boolean

/** proxy-addr's private ranges, and carrier-grade NAT, which it leaves out. */
const privateNetworks = ['loopback', 'linklocal', 'uniquelocal', '100.64.0.0/10']
const isPrivate = proxyaddr.compile(privateNetworks)
const nobody: TrustProxy = () => false
const compiles = (network: string) => {
  try {
    return Boolean(proxyaddr.compile(network))
  } catch {
    return false
  }
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() || 'false'
  if (['false', 'no', 'off'].includes(text)) return nobody
  if (['true', 'yes', 'on'].includes(text)) return isPrivate
  try {
    if (/^\d+$/.test(text)) {
      const hops = Number(text)
      if (hops > 10) throw new Error('more than 10 proxies')
      // n proxies: the nearest on a private network, then whoever it says.
      return hops ? (address, index) => (index ? index < hops : isPrivate(address, 0)) : nobody
    }
    const networks = text.split(',').map((item) => item.trim())
    // proxy-addr also reads hex and octal spellings: TRUST_PROXY takes only what node:net does.
    const odd = networks.find(
      (entry) => entry !== 'private' && (!isIP(entry.split('/')[0] ?? '') || !compiles(entry)),
    )
    if (odd !== undefined) throw new Error(`${JSON.stringify(odd)} is not an address or a network`)
    return proxyaddr.compile(networks.flatMap((net) => (net === 'private' ? privateNetworks : net)))
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be true, false, a number of proxies (0-10), or addresses and networks such as "private, 173.245.48.0/20" (got ${JSON.stringify(value)}: ${(error as Error).message})`,
    )
  }
}

interface Forwarded {
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trust: TrustProxy
}

/** The peer, then each address the trusted proxies wrote, up to the first untrusted one. */
function chainOf({ forwardedFor, socketAddress, trust }: Forwarded) {
  const request = {
    headers: { 'x-forwarded-for': forwardedFor ?? '' },
    socket: { remoteAddress: socketAddress },
  } as unknown as IncomingMessage
  return proxyaddr.all(request, trust)
}

/** A trusted proxy's word counts only as an address: anything else leaves the peer the client. */
export function clientIpFrom(input: Forwarded): string | undefined {
  if (!input.socketAddress) return undefined
  const client = normalizeIp(chainOf(input).at(-1) ?? '')
  return isIP(client) ? client : normalizeIp(input.socketAddress)
}

/**
 * clientIpFrom, saying once each at error level what a deployment got wrong (docs/deploy.md,
 * Behind a CDN): the runtime gave no client address, so the rate limits fall back to one
 * site-wide cap (decision 037); or a peer on a private network, a proxy of ours then, wrote
 * X-Forwarded-For and TRUST_PROXY does not trust it, so every visitor it brings counts as it.
 */
export function createClientAddressReader(log: Logger) {
  const reported = new Set<string>()
  const once = (event: string, fields: LogFields) => {
    if (reported.has(event)) return
    reported.add(event)
    log.error(event, fields)
  }
  return (input: Forwarded): string | undefined => {
    const address = clientIpFrom(input)
    const forwardedFor = Boolean(input.forwardedFor?.trim())
    if (address === undefined) {
      once('request.client_address_unknown', {
        forwardedFor,
        rateLimit: `site-wide: unknown-address clients count as ${unknownAddressBuckets} clients`,
      })
    } else if (
      forwardedFor &&
      address === normalizeIp(input.socketAddress ?? '') &&
      isPrivate(address, 0) &&
      !input.trust(address, 0)
    ) {
      // The proxy's own (private) address, never a visitor's: the value TRUST_PROXY needs.
      once('request.proxy_not_trusted', {
        proxy: address,
        rateLimit: 'every visitor this proxy brings counts as the proxy',
      })
    }
    return address
  }
}

/** The process's reader (one report per process, both modules of decision 002's split included). */
export const clientAddressOf = processState('client-address', () => ({
  read: createClientAddressReader(consoleLogger),
})).read

/** X-Forwarded-Proto (lowercased) as the outermost trusted proxy wrote it, if any did. */
export function forwardedProtoFrom(
  input: Forwarded & { forwardedProto: string | null | undefined },
) {
  if (!input.socketAddress) return undefined
  const addresses = chainOf(input)
  const last = addresses.length - 1
  const proxies = input.trust(addresses[last] as string, last) ? addresses.length : last
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
