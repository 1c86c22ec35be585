/**
 * The key a client is counted under by the rate limit: an IPv4 address as is, an IPv6 address by
 * its /64 prefix (one customer usually holds a whole /64), and 'unknown' shared by every client
 * without one.
 */
export function rateLimitKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
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
