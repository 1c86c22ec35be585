/**
 * The client's address for rate limiting and the captcha's `remoteip`.
 *
 * X-Forwarded-For is trusted only when TRUST_PROXY says how many proxies we sit behind: anyone
 * can send the header, so the address taken is the one the outermost trusted proxy appended
 * (the Nth entry from the right), never the client-controlled left end. Otherwise the socket
 * address is used.
 */
import { asIpAddress } from '../../../supabase/functions/_shared/contact/rate-limit-key.ts'

/** TRUST_PROXY: unset/false/0 = no proxy; true = 1 proxy; a number = that many proxies. */
export function parseTrustProxy(value: string | undefined): number {
  const text = value?.trim().toLowerCase()
  if (!text || text === 'false' || text === 'no' || text === 'off') return 0
  if (text === 'true' || text === 'yes' || text === 'on') return 1
  const hops = Number(text)
  if (Number.isInteger(hops) && hops >= 0 && hops <= 10) return hops
  throw new Error(`TRUST_PROXY must be true, false or a number of proxies (got ${value})`)
}

export function clientIpFrom(input: {
  forwardedFor: string | null | undefined
  socketAddress: string | null | undefined
  trustedProxies: number
}): string | undefined {
  if (input.trustedProxies > 0 && input.forwardedFor) {
    const hops = input.forwardedFor
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const picked = hops[Math.max(hops.length - input.trustedProxies, 0)]
    if (asIpAddress(picked)) return normalizeIp(picked as string)
  }
  return input.socketAddress ? normalizeIp(input.socketAddress) : undefined
}

/** Drops the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4 -> 1.2.3.4). */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed.toLowerCase()
}
