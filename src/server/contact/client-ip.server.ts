/**
 * The client's address for rate limiting and the captcha's `remoteip`.
 *
 * Anyone can send X-Forwarded-For, so it is read only when the request comes from a proxy this
 * server trusts, and then only as far as trusted proxies wrote it. TRUST_PROXY says who they are:
 * - `false` (default): nobody; the socket's address is the client.
 * - `true`: proxies on private networks (`private`: loopback, 10/8, 172.16/12, 192.168/16,
 *   100.64/10, 169.254/16, fc00::/7, fe80::/10). From such a peer, the client is the rightmost
 *   address in the header that is not private.
 * - a number n: n proxies, the nearest on a private network (a CDN, then a balancer). From such a
 *   peer, the client is the address the n-th proxy from here appended.
 * - addresses and networks, comma-separated (`private, 173.245.48.0/20`): those proxies. From one
 *   of them, the client is the rightmost address in the header that is none of them.
 * A peer that is no trusted proxy (someone reaching the port directly) is the client, whatever
 * its header says.
 */
import { BlockList, isIP } from 'node:net'

export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'networks'; networks: string[] }

const privateNetworks = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
]

const invalid = (value: string | undefined, why: string) =>
  new Error(
    `TRUST_PROXY must be true, false, a number of proxies (0-10), or addresses and networks such as "private, 173.245.48.0/20" (got ${JSON.stringify(value)}: ${why})`,
  )

/** One network as `address/prefix`, or undefined when it is not one. */
function network(text: string): string | undefined {
  const [address = '', prefix, extra] = text.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return undefined
  const bits = family === 4 ? 32 : 128
  if (prefix === undefined) return `${address.toLowerCase()}/${bits}`
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined
  return `${address.toLowerCase()}/${Number(prefix)}`
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase()
  if (!text || text === 'false' || text === 'no' || text === 'off' || text === '0') {
    return { kind: 'none' }
  }
  if (text === 'true' || text === 'yes' || text === 'on') {
    return { kind: 'networks', networks: ['private'] }
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw invalid(value, 'more than 10 proxies')
    return { kind: 'hops', hops }
  }
  const networks: string[] = []
  for (const part of text.split(',').map((item) => item.trim())) {
    const parsed = part === 'private' ? 'private' : network(part)
    if (parsed === undefined)
      throw invalid(value, `${JSON.stringify(part)} is not an address or a network`)
    networks.push(parsed)
  }
  return { kind: 'networks', networks }
}

function blockList(networks: readonly string[]): BlockList {
  const list = new BlockList()
  for (const item of networks.flatMap((entry) =>
    entry === 'private' ? privateNetworks : [entry],
  )) {
    const [address = '', prefix = ''] = item.split('/')
    list.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4')
  }
  return list
}

const privateList = blockList(['private'])
const listsByNetworks = new Map<string, BlockList>()

/** The block list of a TRUST_PROXY address list, built once per list. */
function trustedList(networks: string[]): BlockList {
  const key = networks.join(',')
  const list = listsByNetworks.get(key) ?? blockList(networks)
  listsByNetworks.set(key, list)
  return list
}

/** Whether `address` (normalised) lies in the list. */
const holds = (list: BlockList, address: string) => {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

export function clientIpFrom(input: {
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trust: TrustProxy
}): string | undefined {
  const peer = input.socketAddress ? normalizeIp(input.socketAddress) : undefined
  const { trust } = input
  if (peer === undefined || trust.kind === 'none') return peer
  const hops = (input.forwardedFor ?? '')
    .split(',')
    .map((part) => normalizeIp(part))
    .filter(Boolean)

  if (trust.kind === 'hops') {
    if (!holds(privateList, peer)) return peer
    const appended = hops[Math.max(hops.length - trust.hops, 0)]
    return appended !== undefined && isIP(appended) !== 0 ? appended : peer
  }

  const trusted = trustedList(trust.networks)
  // Walk from the nearest hop outwards; the first address no trusted proxy holds is the client.
  let nearest = peer
  if (!holds(trusted, nearest)) return nearest
  for (const hop of hops.reverse()) {
    if (isIP(hop) === 0) return nearest
    if (!holds(trusted, hop)) return hop
    nearest = hop
  }
  return nearest
}

/**
 * The protocol the client used, as the trusted proxies tell it in X-Forwarded-Proto (lowercased),
 * or undefined when the peer is no trusted proxy or says nothing. Read by the same rules as the
 * client's address: the value the outermost trusted proxy wrote (the one the client reached), or
 * the only one when each proxy replaces the header rather than appending to it.
 */
export function forwardedProtoFrom(input: {
  forwardedProto: string | null | undefined
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trust: TrustProxy
}): string | undefined {
  const peer = input.socketAddress ? normalizeIp(input.socketAddress) : undefined
  const { trust } = input
  if (peer === undefined || trust.kind === 'none') return undefined
  const protos = (input.forwardedProto ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  if (protos.length === 0) return undefined
  let proxies: number
  if (trust.kind === 'hops') {
    if (trust.hops === 0 || !holds(privateList, peer)) return undefined
    proxies = trust.hops
  } else {
    const trusted = trustedList(trust.networks)
    if (!holds(trusted, peer)) return undefined
    proxies = 1
    const hops = (input.forwardedFor ?? '').split(',').map((part) => normalizeIp(part))
    for (const hop of hops.reverse()) {
      if (!hop || !holds(trusted, hop)) break
      proxies += 1
    }
  }
  return protos[Math.max(protos.length - proxies, 0)]
}

/** Drops the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 -> 1.2.3.4) and lowercases. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed.toLowerCase()
}
