/**
 * In-memory sliding-window rate limiter (a log of accepted timestamps per key).
 *
 * Memory is bounded: a key keeps at most the largest rule's limit of timestamps (refused calls
 * are not recorded), keys idle for the longest window are swept at most once a minute, and past
 * `maxKeys` the least recently used keys are evicted.
 *
 * One process only: behind several server instances each counts on its own (fine for the
 * contact form's abuse guard; the captcha is the real gate).
 */

export interface RateLimitRule {
  limit: number
  windowMs: number
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

export interface RateLimiter {
  /** Counts one call for `key` if every rule allows it. */
  consume(key: string): RateLimitDecision
  /** Number of keys held (for tests and metrics). */
  readonly size: number
  clear(): void
}

export interface RateLimiterOptions {
  rules: readonly RateLimitRule[]
  now?: () => number
  /** Default 10 000 keys (each at most `max(limit)` numbers). */
  maxKeys?: number
  /** Default 60 s. */
  sweepIntervalMs?: number
}

/** The contact form's limits: 5 a minute and 20 an hour per client. */
export const contactRateLimits: readonly RateLimitRule[] = [
  { limit: 5, windowMs: 60_000 },
  { limit: 20, windowMs: 3_600_000 },
]

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { rules, now = Date.now, maxKeys = 10_000, sweepIntervalMs = 60_000 } = options
  if (rules.length === 0) throw new Error('createRateLimiter needs at least one rule')
  const longestWindow = Math.max(...rules.map((rule) => rule.windowMs))
  const maxEntries = Math.max(...rules.map((rule) => rule.limit))
  /** Insertion order = least recently used first. */
  const log = new Map<string, number[]>()
  let lastSweep = now()

  function sweep(at: number) {
    lastSweep = at
    for (const [key, times] of log) {
      const newest = times[times.length - 1]
      if (newest === undefined || newest <= at - longestWindow) log.delete(key)
    }
  }

  return {
    consume(key) {
      const at = now()
      if (at - lastSweep >= sweepIntervalMs) sweep(at)

      const times = (log.get(key) ?? []).filter((time) => time > at - longestWindow)
      let retryAfterMs = 0
      for (const rule of rules) {
        const inWindow = times.filter((time) => time > at - rule.windowMs)
        if (inWindow.length >= rule.limit) {
          // The call becomes possible when enough of the oldest calls leave the window.
          const freeingCall = inWindow[inWindow.length - rule.limit] ?? at
          retryAfterMs = Math.max(retryAfterMs, freeingCall + rule.windowMs - at)
        }
      }
      log.delete(key)
      if (retryAfterMs > 0) {
        if (times.length > 0) log.set(key, times)
        return { allowed: false, retryAfterMs }
      }
      times.push(at)
      log.set(key, times.length > maxEntries ? times.slice(-maxEntries) : times)
      while (log.size > maxKeys) {
        const oldest = log.keys().next().value
        if (oldest === undefined) break
        log.delete(oldest)
      }
      return { allowed: true }
    },
    get size() {
      return log.size
    },
    clear() {
      log.clear()
    },
  }
}
