/**
 * The beacon endpoint's limit per client address, in this process: a bucket of `burst` beacons
 * that refills at `perMinute`. A visitor sends one or two beacons a page, so the defaults leave a
 * quick reader far inside it, while a flood from one address stops after the burst. Memory stays
 * bounded: at most `maxAddresses` buckets, the least recently seen dropped first. Per instance
 * (not in the database like the contact form's): a beacon must cost next to nothing, and what a
 * flood across instances could do is add rows the report reads as views, nothing more.
 */
export interface BeaconRateLimit {
  /** Counts one beacon for `address`: 0 when it may pass, or seconds until one would. */
  take(address: string, now?: number): number
  readonly size: number
}

export function createBeaconRateLimit({
  burst = 30,
  perMinute = 30,
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
