/**
 * Clients whose address is unknown (a deployment fault: docs/deploy.md) are counted together as
 * this many clients: a site-wide cap of this many times one address's limit (decision 037).
 */
export const unknownAddressBuckets = 6

/**
 * The keys a client may be counted under, to try in order until one has room: its address's
 * key; or, when the address is unknown, every unknown-address bucket from a random one on, so
 * that no visitor is refused before the whole cap is used and no bucket is everyone's first.
 */
export function rateLimitKeys(ip: string | undefined, random = Math.random): string[] {
  if (ip) return [rateLimitKey(ip)]
  const first = Math.floor(random() * unknownAddressBuckets)
  return Array.from(
    { length: unknownAddressBuckets },
    (_, i) => `unknown-address-${(first + i) % unknownAddressBuckets}`,
  )
}

/** Counts the client under each of `keys` in turn: 0 once one has room, else the shortest wait. */
export async function waitUnderKeys(
  keys: readonly string[],
  take: (key: string) => number | Promise<number>,
): Promise<number> {
  let wait = Number.POSITIVE_INFINITY
  for (const key of keys) {
    const keyWait = await take(key)
    if (keyWait === 0) return 0
    wait = Math.min(wait, keyWait)
  }
  return wait
}

/**
 * The key a client with an address is counted under: an IPv4 address as is, an IPv6 address by
 * its /64 prefix (one customer usually holds a whole /64).
 */
export function rateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.split('::', 2)
  const headGroups = head ? head.split(':') : []
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = ip.includes('::')
    ? [
        ...headGroups,
        ...Array(Math.max(8 - headGroups.length - tailGroups.length, 0)).fill('0'),
        ...tailGroups,
      ]
    : ip.split(':')
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`
}

const ipLike = /^[0-9a-fA-F:.]{2,45}$/

/** The address if it looks like one (IPv4 or IPv6 characters only), else undefined. */
export const asIpAddress = (text: string | null | undefined): string | undefined => {
  const trimmed = text?.trim()
  return trimmed && ipLike.test(trimmed) ? trimmed : undefined
}
