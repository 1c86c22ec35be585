/** Small colour helpers working on #rrggbb strings. */
export type Rgb = [number, number, number]

const clamp = (n: number, lo = 0, hi = 255): number => Math.min(hi, Math.max(lo, n))

export function toRgb(hex: string): Rgb {
  const h = hex.replace('#', '')
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h
  const n = Number.parseInt(full, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(clamp(v)).toString(16).padStart(2, '0')).join('')}`
}

export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a)
  const y = toRgb(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t)
/** Darken towards a warm near-black so shadows stay warm. */
export const darken = (c: string, t: number): string => mix(c, '#1c1712', t)

/** Multiply-style shade: k < 1 darkens, k > 1 lightens. */
export function shade(c: string, k: number): string {
  return k >= 1 ? lighten(c, Math.min(1, k - 1)) : darken(c, Math.min(1, 1 - k))
}
