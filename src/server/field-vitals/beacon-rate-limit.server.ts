/**
 * The beacon endpoint's limit per client address, in this process: a bucket of `burst` beacons
 * that refills at `perMinute`. It is also what bounds one address's weight in the owner's
 * report: a visitor sends one beacon a page (two if they come back after a call), so a reader
 * going through twenty pages at once, then one every half minute, stays inside it, while a burst
 * from one address adds at most `burst` views (and, the report counting one call and one email a
 * beacon, at most as many calls and emails) and then two a minute. Memory stays bounded: at most
 * `maxAddresses` buckets, the least recently seen dropped first. Per instance (not in the
 * database like the contact form's): a beacon must cost next to nothing, and the bound holds per
 * instance (docs/field-data.md).
 */
export interface BeaconRateLimit {
  /** Counts one beacon for `address`: 0 when it may pass, or seconds until one would. */
  take(address: string, now?: number): number
  readonly size: number
}

export function createBeaconRateLimit({
  burst = 20,
  perMinute = 2,
  maxAddresses = 20_000,
}: {
  burst?: number
  perMinute?: number
  maxAddresses?: number
} = {}): BeaconRateLimit {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const refillPerMs = perMinute / 60_000
  return {
    take(address, now = Date.now()) {
      const last = buckets.get(address)
      const tokens = last ? Math.min(burst, last.tokens + (now - last.at) * refillPerMs) : burst
      // Re-inserted, so the map's order is least recently seen first.
      buckets.delete(address)
      if (buckets.size >= maxAddresses) {
        const oldest = buckets.keys().next().value
        if (oldest !== undefined) buckets.delete(oldest)
      }
      if (tokens < 1) {
        buckets.set(address, { tokens, at: now })
        return Math.ceil((1 - tokens) / refillPerMs / 1000)
      }
      buckets.set(address, { tokens: tokens - 1, at: now })
      return 0
    },
    get size() {
      return buckets.size
    },
  }
}
