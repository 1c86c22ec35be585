/** Deterministic pseudo random numbers (mulberry32) seeded from a string. */
export type Rng = {
  next: () => number
  range: (a: number, b: number) => number
  int: (a: number, b: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (p: number) => boolean
  jitter: (v: number, amount: number) => number
}

export function hashString(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

export function rng(seed: string | number): Rng {
  let a = typeof seed === 'number' ? seed >>> 0 : hashString(seed)
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const range = (lo: number, hi: number): number => lo + (hi - lo) * next()
  return {
    next,
    range,
    int: (lo, hi) => Math.floor(range(lo, hi + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
    jitter: (v, amount) => v + (next() * 2 - 1) * amount,
  }
}
