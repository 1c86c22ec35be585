/** Minimal SVG document builder with de-duplicated defs (gradients, filters, clip paths). */
export type Pt = readonly [number, number]
export type Stop = readonly [offset: number, color: string, opacity?: number]

export const fmt = (n: number): string => {
  const r = Math.round(n * 10) / 10
  return Object.is(r, -0) ? '0' : String(r)
}

export function pathD(pts: readonly Pt[], close = true): string {
  if (pts.length === 0) return ''
  let d = ''
  pts.forEach((p, i) => {
    d += `${i === 0 ? 'M' : 'L'}${fmt(p[0])} ${fmt(p[1])}`
  })
  return close ? `${d}Z` : d
}

/** Polygon path with rounded corners (radius clamped to 45% of the adjacent edges). */
export function roundedD(pts: readonly Pt[], r: number): string {
  const n = pts.length
  if (n < 3 || r <= 0) return pathD(pts)
  let d = ''
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n] as Pt
    const p1 = pts[i] as Pt
    const p2 = pts[(i + 1) % n] as Pt
    const l1 = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) || 1
    const l2 = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) || 1
    const r1 = Math.min(r, l1 * 0.45)
    const r2 = Math.min(r, l2 * 0.45)
    const a: Pt = [p1[0] + ((p0[0] - p1[0]) * r1) / l1, p1[1] + ((p0[1] - p1[1]) * r1) / l1]
    const b: Pt = [p1[0] + ((p2[0] - p1[0]) * r2) / l2, p1[1] + ((p2[1] - p1[1]) * r2) / l2]
    d += `${i === 0 ? 'M' : 'L'}${fmt(a[0])} ${fmt(a[1])}Q${fmt(p1[0])} ${fmt(p1[1])} ${fmt(b[0])} ${fmt(b[1])}`
  }
  return `${d}Z`
}

export class Svg {
  readonly w: number
  readonly h: number
  private readonly defs: string[] = []
  private readonly ids = new Map<string, string>()
  private readonly parts: string[] = []

  constructor(w: number, h: number) {
    this.w = w
    this.h = h
  }

  add(markup: string): void {
    this.parts.push(markup)
  }

  /** Registers a def once per key; returns its id. */
  def(key: string, make: (id: string) => string): string {
    const found = this.ids.get(key)
    if (found) return found
    const id = `d${this.ids.size}`
    this.ids.set(key, id)
    this.defs.push(make(id))
    return id
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${fmt(o * 100)}%" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('')
  }

  /** Linear gradient in bounding-box units (x1,y1 → x2,y2 as 0..1 fractions). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `lin|${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`
    const id = this.def(
      key,
      (i) =>
        `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    )
    return `url(#${id})`
  }

  /** Linear gradient in user space (absolute canvas coordinates). */
  linearAbs(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const key = `lina|${fmt(x1)},${fmt(y1)},${fmt(x2)},${fmt(y2)}|${JSON.stringify(stops)}`
    const id = this.def(
      key,
      (i) =>
        `<linearGradient id="${i}" gradientUnits="userSpaceOnUse" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}">${this.stops(stops)}</linearGradient>`,
    )
    return `url(#${id})`
  }

  /** Radial gradient in bounding-box units. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const key = `rad|${cx},${cy},${r}|${JSON.stringify(stops)}`
    const id = this.def(
      key,
      (i) =>
        `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`,
    )
    return `url(#${id})`
  }

  /** Gaussian blur filter; region is the element's bounding box with generous margins. */
  blur(std: number): string {
    const s = Math.max(0.3, Math.round(std * 2) / 2)
    const id = this.def(
      `blur|${s}`,
      (i) =>
        `<filter id="${i}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${s}"/></filter>`,
    )
    return `url(#${id})`
  }

  clip(d: string): string {
    const id = this.def(`clip|${d}`, (i) => `<clipPath id="${i}"><path d="${d}"/></clipPath>`)
    return `url(#${id})`
  }

  path(d: string, fill: string, extra = ''): void {
    if (!d) return
    this.parts.push(`<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`)
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    this.parts.push(
      `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    )
  }

  circle(cx: number, cy: number, r: number, fill: string, extra = ''): void {
    this.parts.push(
      `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(Math.max(0, r))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    )
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): void {
    this.parts.push(
      `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(Math.max(0, rx))}" ry="${fmt(Math.max(0, ry))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`,
    )
  }

  open(attrs: string): void {
    this.parts.push(`<g ${attrs}>`)
  }

  close(): void {
    this.parts.push('</g>')
  }

  toString(outW = this.w, outH = this.h): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`
  }
}
