/** A tiny pinhole-camera renderer: 3D polygons → projected, clipped SVG paths. */
import { shade } from './color.ts'
import { fmt, type Pt, pathD, roundedD, type Stop, type Svg } from './svg.ts'

export type V3 = readonly [number, number, number]
export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const mul = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k]
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const unit = (a: V3): V3 => mul(a, 1 / (Math.hypot(a[0], a[1], a[2]) || 1))

export type Plane = { o: V3; u: V3; v: V3; n: V3; w: number; h: number }
export type Face = 'front' | 'back' | 'left' | 'right' | 'top' | 'bottom'
export type Box = { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number }

export type CameraSpec = {
  /** Camera position in metres. */
  pos: V3
  /** Rotation about the vertical axis in degrees; positive turns left. */
  yaw?: number
  /** Focal length as a fraction of the canvas width. */
  focal?: number
  /** Horizon position as a fraction of canvas height (lens shift). */
  horizon?: number
  /** Principal point x as a fraction of canvas width. */
  centerX?: number
}

export type BoxOpts = {
  top?: string
  sides?: string
  faces?: readonly Face[]
  round?: number
  grad?: number
  extra?: string
  detail?: (face: Face, pl: Plane) => void
}

export function hull(points: Pt[]): Pt[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (p.length < 3) return p
  const cross = (o: Pt, a: Pt, b: Pt): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower: Pt[] = []
  for (const q of p) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as Pt, lower[lower.length - 1] as Pt, q) <= 0
    )
      lower.pop()
    lower.push(q)
  }
  const upper: Pt[] = []
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i] as Pt
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as Pt, upper[upper.length - 1] as Pt, q) <= 0
    )
      upper.pop()
    upper.push(q)
  }
  upper.pop()
  lower.pop()
  return lower.concat(upper)
}

export class Scene {
  readonly svg: Svg
  readonly pos: V3
  readonly f: number
  readonly cx: number
  readonly cy: number
  readonly right: V3
  readonly fwd: V3
  readonly near = 0.12
  light: V3

  constructor(svg: Svg, cam: CameraSpec, light: V3 = [-0.45, 0.75, 0.5]) {
    this.svg = svg
    this.pos = cam.pos
    const yaw = ((cam.yaw ?? 0) * Math.PI) / 180
    this.fwd = [-Math.sin(yaw), 0, -Math.cos(yaw)]
    this.right = [Math.cos(yaw), 0, -Math.sin(yaw)]
    this.f = svg.w * (cam.focal ?? 0.6)
    this.cx = svg.w * (cam.centerX ?? 0.5)
    this.cy = svg.h * (cam.horizon ?? 0.5)
    this.light = unit(light)
  }

  toCam(p: V3): V3 {
    const d = sub(p, this.pos)
    return [dot(d, this.right), d[1], dot(d, this.fwd)]
  }

  projCam(c: V3): Pt {
    return [this.cx + (this.f * c[0]) / c[2], this.cy - (this.f * c[1]) / c[2]]
  }

  project(p: V3): Pt {
    return this.projCam(this.toCam(p))
  }

  depth(p: V3): number {
    return dot(sub(p, this.pos), this.fwd)
  }

  /** Pixels per metre at a world point. */
  scaleAt(p: V3): number {
    return this.f / Math.max(this.near, this.depth(p))
  }

  /** Project a polygon, clipping it against the near plane. */
  projPoly(pts: readonly V3[]): Pt[] | null {
    const cam = pts.map((p) => this.toCam(p))
    const out: V3[] = []
    const n = cam.length
    for (let i = 0; i < n; i++) {
      const a = cam[i] as V3
      const b = cam[(i + 1) % n] as V3
      const ain = a[2] >= this.near
      const bin = b[2] >= this.near
      if (ain) out.push(a)
      if (ain !== bin) {
        const t = (this.near - a[2]) / (b[2] - a[2])
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, this.near])
      }
    }
    if (out.length < 3) return null
    return out.map((c) => this.projCam(c))
  }

  polyD(pts: readonly V3[], round = 0): string {
    const p = this.projPoly(pts)
    if (!p) return ''
    return round > 0 ? roundedD(p, round) : pathD(p)
  }

  /** Filled polygon; a hairline stroke of the same paint hides anti-aliasing seams. */
  poly(pts: readonly V3[], fill: string, extra = '', round = 0): void {
    const d = this.polyD(pts, round)
    if (!d) return
    const seam = extra.includes('stroke') || extra.includes('opacity') || extra.includes('filter')
    this.svg.path(d, fill, seam ? extra : `stroke="${fill}" stroke-width="0.6" ${extra}`.trim())
  }

  line(a: V3, b: V3, stroke: string, width: number, extra = ''): void {
    let ca = this.toCam(a)
    let cb = this.toCam(b)
    if (ca[2] < this.near && cb[2] < this.near) return
    if (ca[2] < this.near || cb[2] < this.near) {
      const t = (this.near - ca[2]) / (cb[2] - ca[2])
      const m: V3 = [ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, this.near]
      if (ca[2] < this.near) ca = m
      else cb = m
    }
    const pa = this.projCam(ca)
    const pb = this.projCam(cb)
    const mid = (ca[2] + cb[2]) / 2
    const px = Math.max(0.4, (width * this.f) / mid)
    this.svg.add(
      `<path d="M${fmt(pa[0])} ${fmt(pa[1])}L${fmt(pb[0])} ${fmt(pb[1])}" stroke="${stroke}" stroke-width="${fmt(px)}" fill="none"${extra ? ` ${extra}` : ''}/>`,
    )
  }

  /** Open polyline through 3D points (points behind the camera are dropped). */
  polyline(pts: readonly V3[], stroke: string, width: number, extra = ''): void {
    const cams = pts.map((p) => this.toCam(p)).filter((c) => c[2] >= this.near)
    if (cams.length < 2) return
    const mid = cams.reduce((s, c) => s + c[2], 0) / cams.length
    const px = Math.max(0.4, (width * this.f) / mid)
    const d = pathD(
      cams.map((c) => this.projCam(c)),
      false,
    )
    this.svg.add(
      `<path d="${d}" stroke="${stroke}" stroke-width="${fmt(px)}" fill="none" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`,
    )
  }

  visible(n: V3, p: V3): boolean {
    return dot(n, sub(this.pos, p)) > 1e-6
  }

  shadeFor(color: string, n: V3): string {
    return shade(color, 0.86 + 0.2 * dot(n, this.light))
  }

  /** Vertical gradient for a face colour (subtle). */
  faceFill(color: string, n: V3, g = 0.035): string {
    const base = this.shadeFor(color, n)
    if (g <= 0) return base
    const stops: Stop[] = [
      [0, shade(base, 1 + g)],
      [1, shade(base, 1 - g)],
    ]
    return n[1] !== 0 ? this.svg.linear(stops, 0, 1, 0, 0) : this.svg.linear(stops)
  }

  static facePlane(b: Box, face: Face): Plane {
    const w = b.x1 - b.x0
    const h = b.y1 - b.y0
    const d = b.z1 - b.z0
    switch (face) {
      case 'front':
        return { o: [b.x0, b.y0, b.z1], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, 1], w, h }
      case 'back':
        return { o: [b.x1, b.y0, b.z0], u: [-1, 0, 0], v: [0, 1, 0], n: [0, 0, -1], w, h }
      case 'left':
        return { o: [b.x0, b.y0, b.z0], u: [0, 0, 1], v: [0, 1, 0], n: [-1, 0, 0], w: d, h }
      case 'right':
        return { o: [b.x1, b.y0, b.z1], u: [0, 0, -1], v: [0, 1, 0], n: [1, 0, 0], w: d, h }
      case 'top':
        return { o: [b.x0, b.y1, b.z1], u: [1, 0, 0], v: [0, 0, -1], n: [0, 1, 0], w, h: d }
      default:
        return { o: [b.x0, b.y0, b.z0], u: [1, 0, 0], v: [0, 0, 1], n: [0, -1, 0], w, h: d }
    }
  }

  on(pl: Plane, a: number, b: number, lift = 0): V3 {
    return add(add(add(pl.o, mul(pl.u, a)), mul(pl.v, b)), mul(pl.n, lift))
  }

  quadOn(pl: Plane, a0: number, b0: number, a1: number, b1: number, lift = 0): V3[] {
    return [
      this.on(pl, a0, b0, lift),
      this.on(pl, a1, b0, lift),
      this.on(pl, a1, b1, lift),
      this.on(pl, a0, b1, lift),
    ]
  }

  rectOn(
    pl: Plane,
    a0: number,
    b0: number,
    a1: number,
    b1: number,
    fill: string,
    extra = '',
    round = 0,
  ): void {
    this.poly(this.quadOn(pl, a0, b0, a1, b1), fill, extra, round)
  }

  lineOn(
    pl: Plane,
    a0: number,
    b0: number,
    a1: number,
    b1: number,
    stroke: string,
    w: number,
    extra = '',
  ): void {
    this.line(this.on(pl, a0, b0), this.on(pl, a1, b1), stroke, w, extra)
  }

  planeVisible(pl: Plane): boolean {
    return this.visible(pl.n, this.on(pl, pl.w / 2, pl.h / 2))
  }

  box(b: Box, color: string, opts: BoxOpts = {}): void {
    const faces: Face[] = ['back', 'bottom', 'left', 'right', 'top', 'front']
    for (const face of faces) {
      if (opts.faces && !opts.faces.includes(face)) continue
      const pl = Scene.facePlane(b, face)
      if (!this.planeVisible(pl)) continue
      const c =
        face === 'top' && opts.top
          ? opts.top
          : face !== 'front' && face !== 'top' && opts.sides
            ? opts.sides
            : color
      const fill = this.faceFill(c, pl.n, opts.grad ?? 0.035)
      this.poly(this.quadOn(pl, 0, 0, pl.w, pl.h), fill, opts.extra ?? '', opts.round ?? 0)
      opts.detail?.(face, pl)
    }
  }

  /** Points of a horizontal circle. */
  ring(cx: number, y: number, cz: number, r: number, seg = 28, rz = r): V3[] {
    const pts: V3[] = []
    for (let i = 0; i < seg; i++) {
      const t = (i / seg) * Math.PI * 2
      pts.push([cx + Math.cos(t) * r, y, cz + Math.sin(t) * rz])
    }
    return pts
  }

  /** Vertical cylinder (or cone frustum when r1 differs). */
  cylinder(
    cx: number,
    cz: number,
    y0: number,
    y1: number,
    r0: number,
    color: string,
    r1 = r0,
    topColor?: string,
  ): void {
    const a = this.ring(cx, y0, cz, r0, 24)
    const b = this.ring(cx, y1, cz, r1, 24)
    const pa = a.map((p) => this.toCam(p))
    const pb = b.map((p) => this.toCam(p))
    if ([...pa, ...pb].some((c) => c[2] < this.near)) return
    const pts = hull([...pa, ...pb].map((c) => this.projCam(c)))
    const lit = this.shadeFor(color, [-this.right[0], 0, -this.right[2]])
    const fill = this.svg.linear(
      [
        [0, shade(lit, 1.02)],
        [0.45, shade(color, 1.0)],
        [1, shade(color, 0.8)],
      ],
      0,
      0,
      1,
      0,
    )
    this.svg.path(pathD(pts), fill)
    const eyeY = this.pos[1]
    if (y1 < eyeY) this.poly(b, topColor ?? shade(color, 1.06))
    else if (y0 > eyeY) this.poly(a, shade(color, 0.72))
  }

  sphere(c: V3, r: number, fill: string, extra = ''): void {
    if (this.depth(c) < this.near + r) return
    const p = this.project(c)
    this.svg.circle(p[0], p[1], r * this.scaleAt(c), fill, extra)
  }

  /** Soft contact shadow on the floor (or any plane) from a footprint polygon. */
  shadow(pts: readonly V3[], opacity = 0.22, blurM = 0.06, color = '#1c1712'): void {
    const centre = pts.reduce((s, p) => add(s, mul(p, 1 / pts.length)), [0, 0, 0] as V3)
    const px = blurM * this.scaleAt(centre)
    const d = this.polyD(pts)
    if (!d) return
    this.svg.path(d, color, `opacity="${opacity}" filter="${this.svg.blur(Math.min(40, px))}"`)
  }

  /** Points of a 2D outline (metres, in plane coordinates) mapped onto a plane. */
  shapeOn(pl: Plane, pts2: readonly Pt[], lift = 0): V3[] {
    return pts2.map(([a, b]) => this.on(pl, a, b, lift))
  }
}
