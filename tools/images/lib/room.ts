/** Room shell: walls, floor, ceiling, windows, daylight. */
import { darken, lighten, mix, shade } from './color.ts'
import type { Rng } from './rng.ts'
import { hull, type Plane, type Scene, type V3 } from './space.ts'
import { pathD, type Stop } from './svg.ts'

export type FloorSpec =
  | { kind: 'planks'; color: string; width?: number; vary?: number }
  | { kind: 'tiles'; color: string; grout: string; size: number; vary?: number; offset?: boolean }
  | { kind: 'concrete'; color: string }
  | { kind: 'herringbone'; color: string; vary?: number }

export type RoomSpec = {
  w: number
  d: number
  h: number
  wall: string
  left?: string
  right?: string
  back?: string
  ceiling?: string
  floor: FloorSpec
  baseboard?: string | null
  potLights?: number
}

export type Room = {
  spec: RoomSpec
  back: Plane
  left: Plane
  right: Plane
  floor: Plane
  ceiling: Plane
}

export function roomPlanes(spec: RoomSpec): Room {
  const { w, d, h } = spec
  return {
    spec,
    back: { o: [-w / 2, 0, 0], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, 1], w, h },
    left: { o: [-w / 2, 0, 0], u: [0, 0, 1], v: [0, 1, 0], n: [1, 0, 0], w: d, h },
    right: { o: [w / 2, 0, 0], u: [0, 0, 1], v: [0, 1, 0], n: [-1, 0, 0], w: d, h },
    floor: { o: [-w / 2, 0, 0], u: [1, 0, 0], v: [0, 0, 1], n: [0, 1, 0], w, h: d },
    ceiling: { o: [-w / 2, h, 0], u: [1, 0, 0], v: [0, 0, 1], n: [0, -1, 0], w, h: d },
  }
}

/** Fill a quad on a plane with a gradient running along its a (u) or b (v) axis. */
export function gradQuad(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  stops: readonly Stop[],
  along: 'a' | 'b',
  extra = '',
): void {
  const mid = along === 'a' ? (b0 + b1) / 2 : (a0 + a1) / 2
  const p0 = along === 'a' ? sc.on(pl, a0, mid) : sc.on(pl, mid, b0)
  const p1 = along === 'a' ? sc.on(pl, a1, mid) : sc.on(pl, mid, b1)
  if (sc.depth(p0) < sc.near && sc.depth(p1) < sc.near) return
  const near = (p: V3, q: V3): V3 => {
    if (sc.depth(p) >= sc.near) return p
    const dp = sc.depth(p)
    const dq = sc.depth(q)
    const t = (sc.near + 0.01 - dp) / (dq - dp)
    return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t]
  }
  // Gradients are specified between the projected end points (clipped if behind camera).
  const s0 = sc.project(near(p0, p1))
  const s1 = sc.project(near(p1, p0))
  const fill = sc.svg.linearAbs(stops, s0[0], s0[1], s1[0], s1[1])
  sc.poly(sc.quadOn(pl, a0, b0, a1, b1), fill, extra || 'stroke="none"')
}

function drawFloor(sc: Scene, r: Room, rand: Rng): void {
  const { floor } = r
  const f = r.spec.floor
  const base = f.color
  // Base with a gentle depth gradient (darker near the camera, lighter at the back).
  gradQuad(
    sc,
    floor,
    0,
    0,
    floor.w,
    floor.h,
    [
      [0, lighten(base, 0.06)],
      [1, darken(base, 0.1)],
    ],
    'b',
  )
  if (f.kind === 'planks') {
    const pw = f.width ?? 0.19
    const vary = f.vary ?? 0.07
    const strips = Math.ceil(floor.w / pw)
    for (let i = 0; i < strips; i++) {
      let z = -rand.range(0, 1.4)
      const a0 = i * pw
      const a1 = Math.min(floor.w, a0 + pw)
      while (z < floor.h) {
        const len = rand.range(0.9, 2.1)
        const z0 = Math.max(0, z)
        const z1 = Math.min(floor.h, z + len)
        const t = rand.range(-1, 1) * vary
        const c = t > 0 ? lighten(base, t) : darken(base, -t)
        sc.poly(sc.quadOn(floor, a0, z0, a1, z1), c, 'opacity="0.55" stroke="none"')
        if (z1 < floor.h)
          sc.lineOn(floor, a0, z1, a1, z1, darken(base, 0.3), 0.004, 'opacity="0.5"')
        z += len
      }
      sc.lineOn(floor, a0, 0, a0, floor.h, darken(base, 0.32), 0.004, 'opacity="0.55"')
    }
  } else if (f.kind === 'tiles') {
    const s = f.size
    const vary = f.vary ?? 0.04
    const cols = Math.ceil(floor.w / s)
    const rows = Math.ceil(floor.h / s)
    if (vary > 0) {
      for (let j = 0; j < rows; j++) {
        const off = f.offset && j % 2 ? s / 2 : 0
        for (let i = -1; i < cols; i++) {
          const a0 = Math.max(0, i * s + off)
          const a1 = Math.min(floor.w, (i + 1) * s + off)
          if (a1 <= a0) continue
          const t = rand.range(-1, 1) * vary
          const c = t > 0 ? lighten(base, t) : darken(base, -t)
          sc.poly(
            sc.quadOn(floor, a0, j * s, a1, Math.min(floor.h, (j + 1) * s)),
            c,
            'opacity="0.6" stroke="none"',
          )
        }
      }
    }
    for (let j = 0; j <= rows; j++) sc.lineOn(floor, 0, j * s, floor.w, j * s, f.grout, 0.004)
    for (let j = 0; j < rows; j++) {
      const off = f.offset && j % 2 ? s / 2 : 0
      for (let i = 0; i <= cols; i++) {
        const a = i * s + off
        if (a > 0 && a < floor.w) sc.lineOn(floor, a, j * s, a, (j + 1) * s, f.grout, 0.004)
      }
    }
  } else if (f.kind === 'herringbone') {
    const L = 0.6
    const W = 0.12
    const vary = f.vary ?? 0.06
    const diag = L / Math.SQRT2
    const step = W * Math.SQRT2
    for (let bz = -1; bz * step < floor.h + diag; bz++) {
      for (let col = -1; col * diag * 2 < floor.w + diag; col++) {
        for (const dir of [1, -1]) {
          const ax = col * diag * 2 + (dir === 1 ? 0 : diag)
          const bzz = bz * step
          const pts: [number, number][] =
            dir === 1
              ? [
                  [ax, bzz],
                  [ax + diag, bzz + diag],
                  [ax + diag, bzz + diag + step],
                  [ax, bzz + step],
                ]
              : [
                  [ax + diag, bzz],
                  [ax, bzz + diag],
                  [ax, bzz + diag + step],
                  [ax + diag, bzz + step],
                ]
          const clipped = pts.map(
            ([a, b]) =>
              [Math.min(floor.w, Math.max(0, a)), Math.min(floor.h, Math.max(0, b))] as const,
          )
          const t = rand.range(-1, 1) * vary
          const c = t > 0 ? lighten(base, t) : darken(base, -t)
          const p3 = sc.shapeOn(floor, clipped)
          sc.poly(p3, c, `stroke="${darken(base, 0.28)}" stroke-width="0.6" stroke-opacity="0.6"`)
        }
      }
    }
  } else {
    // Polished concrete: soft blotches.
    for (let i = 0; i < 14; i++) {
      const a = rand.range(0, floor.w)
      const b = rand.range(0, floor.h)
      const rad = rand.range(0.4, 1.2)
      const pts = sc.ring(floor.o[0] + a, 0.001, b, rad, 16)
      sc.poly(
        pts,
        rand.chance(0.5) ? lighten(base, 0.06) : darken(base, 0.05),
        `opacity="0.5" filter="${sc.svg.blur(8)}"`,
      )
    }
  }
}

/** Draws walls, ceiling and floor. Windows and furniture are added by the caller afterwards. */
export function drawRoom(sc: Scene, spec: RoomSpec, rand: Rng): Room {
  const r = roomPlanes(spec)
  const ceil = spec.ceiling ?? lighten(spec.wall, 0.35)
  gradQuad(
    sc,
    r.ceiling,
    0,
    0,
    r.ceiling.w,
    r.ceiling.h,
    [
      [0, shade(ceil, 0.97)],
      [1, shade(ceil, 0.86)],
    ],
    'b',
  )
  const walls: [Plane, string][] = [
    [r.back, spec.back ?? spec.wall],
    [r.left, spec.left ?? spec.wall],
    [r.right, spec.right ?? spec.wall],
  ]
  for (const [pl, c] of walls) {
    if (!sc.planeVisible(pl)) continue
    const lit = sc.shadeFor(c, pl.n)
    gradQuad(
      sc,
      pl,
      0,
      0,
      pl.w,
      pl.h,
      [
        [0, shade(lit, 0.95)],
        [0.55, shade(lit, 1.02)],
        [1, shade(lit, 0.93)],
      ],
      'b',
    )
  }
  // Ambient occlusion in the corners.
  const ao = (
    pl: Plane,
    a0: number,
    b0: number,
    a1: number,
    b1: number,
    along: 'a' | 'b',
    rev: boolean,
  ): void => {
    const stops: Stop[] = rev
      ? [
          [0, '#1c1712', 0],
          [1, '#1c1712', 0.16],
        ]
      : [
          [0, '#1c1712', 0.16],
          [1, '#1c1712', 0],
        ]
    gradQuad(sc, pl, a0, b0, a1, b1, stops, along)
  }
  const k = 0.45
  if (sc.planeVisible(r.back)) {
    ao(r.back, 0, 0, k, spec.h, 'a', false)
    ao(r.back, spec.w - k, 0, spec.w, spec.h, 'a', true)
    ao(r.back, 0, spec.h - k * 0.6, spec.w, spec.h, 'b', true)
  }
  for (const pl of [r.left, r.right]) {
    if (!sc.planeVisible(pl)) continue
    ao(pl, 0, 0, k, spec.h, 'a', false)
    ao(pl, 0, spec.h - k * 0.6, spec.d, spec.h, 'b', true)
  }
  drawFloor(sc, r, rand)
  if (spec.baseboard !== null) {
    const bb = spec.baseboard ?? lighten(spec.wall, 0.3)
    const bh = 0.1
    const t = 0.015
    const w2 = spec.w / 2
    sc.box({ x0: -w2, x1: w2, y0: 0, y1: bh, z0: 0, z1: t }, bb, { grad: 0 })
    sc.box({ x0: -w2, x1: -w2 + t, y0: 0, y1: bh, z0: 0, z1: spec.d }, bb, { grad: 0 })
    sc.box({ x0: w2 - t, x1: w2, y0: 0, y1: bh, z0: 0, z1: spec.d }, bb, { grad: 0 })
  }
  // Pot lights.
  const n = spec.potLights ?? 0
  for (let i = 0; i < n; i++) {
    for (const fx of [0.25, 0.75]) {
      const x = -spec.w / 2 + spec.w * fx
      const z = ((i + 0.5) / n) * spec.d * 0.9
      const ring = sc.ring(x, spec.h - 0.002, z, 0.06, 16)
      sc.poly(ring, '#fffaf0', 'stroke="#d9d2c4" stroke-width="0.8"')
    }
  }
  return r
}

export type WindowOpts = {
  frame: string
  cols?: number
  rows?: number
  depth?: number
  sill?: string
  sky?: [string, string]
  greens?: string[]
  rand: Rng
  /** Draw a transom bar at this fraction of the height (from the top). */
  transom?: number
  wall?: string
  dusk?: boolean
  city?: boolean
}

/** Window opening on a wall plane (coordinates in metres on the plane). */
export function drawWindow(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  o: WindowOpts,
): void {
  const depth = o.depth ?? 0.14
  const hole = sc.quadOn(pl, a0, b0, a1, b1)
  const proj = sc.projPoly(hole)
  if (!proj) return
  const d = pathD(proj)
  const xs = proj.map((p) => p[0])
  const ys = proj.map((p) => p[1])
  const minX = Math.min(...xs)
  const maxX = Math.max(...xs)
  const minY = Math.min(...ys)
  const maxY = Math.max(...ys)
  const [skyTop, skyLow] = o.sky ?? (o.dusk ? ['#3b4f78', '#f2b27a'] : ['#9ec5e4', '#eef3ee'])
  const clip = sc.svg.clip(d)
  sc.svg.open(`clip-path="${clip}"`)
  const skyFill = sc.svg.linearAbs(
    [
      [0, skyTop],
      [1, skyLow],
    ],
    0,
    minY - 40,
    0,
    Math.max(sc.cy + 10, maxY),
  )
  sc.svg.rect(minX - 2, minY - 2, maxX - minX + 4, maxY - minY + 4, skyFill)
  // Distant landscape around the eye-level horizon.
  const greens = o.greens ?? ['#9fb59a', '#86a184', '#6f8c70']
  const hz = sc.cy
  const span = maxX - minX
  const unitPx = Math.max(8, span / 10)
  const layers = greens.length
  for (let l = 0; l < layers; l++) {
    const c = o.dusk ? mix(greens[l] as string, '#2a3550', 0.55) : (greens[l] as string)
    let x = minX - unitPx
    while (x < maxX + unitPx) {
      const r = o.rand.range(0.6, 1.5) * unitPx * (1 + l * 0.3)
      const cyy = hz - unitPx * (1.4 - l * 0.55) + o.rand.range(-0.3, 0.3) * unitPx
      sc.svg.circle(x, cyy, r, c)
      x += r * o.rand.range(0.8, 1.3)
    }
    sc.svg.rect(minX - 2, hz - unitPx * (1.4 - l * 0.55), span + 4, maxY - hz + unitPx * 2, c)
  }
  sc.svg.rect(minX - 2, hz + unitPx * 0.6, span + 4, maxY, o.dusk ? '#4a5a48' : '#a9bf8f')
  if (o.city) {
    // Distant towers rising above the tree line.
    let x = minX - o.rand.range(0, unitPx)
    while (x < maxX) {
      const bw = o.rand.range(0.5, 1.3) * unitPx
      const bh = o.rand.range(1.5, 5.5) * unitPx
      const c = o.rand.pick(['#9fb3c4', '#b3c2cf', '#8ea4b8', '#c2ccd4'])
      const top = hz - unitPx * 0.8 - bh
      sc.svg.rect(x, top, bw, bh + unitPx, o.dusk ? mix(c, '#2a3550', 0.6) : c)
      for (let yy = top + unitPx * 0.3; yy < hz - unitPx; yy += unitPx * 0.35)
        sc.svg.rect(
          x + bw * 0.12,
          yy,
          bw * 0.76,
          Math.max(0.6, unitPx * 0.06),
          o.dusk ? '#f3c677' : '#e6edf2',
          `opacity="${o.dusk ? 0.7 : 0.5}"`,
        )
      x += bw + o.rand.range(0.05, 0.6) * unitPx
    }
    for (let l = layers - 1; l < layers; l++) {
      const c = o.dusk ? mix(greens[l] as string, '#2a3550', 0.55) : (greens[l] as string)
      let xx = minX - unitPx
      while (xx < maxX + unitPx) {
        const r = o.rand.range(0.5, 1.1) * unitPx
        sc.svg.circle(xx, hz + unitPx * 0.2, r, c)
        xx += r * 1.1
      }
    }
    sc.svg.rect(minX - 2, hz + unitPx * 0.6, span + 4, maxY, o.dusk ? '#4a5a48' : '#9cb287')
  }
  sc.svg.close()
  // Reveal (jambs, head and sill) going into the wall.
  const back = (a: number, b: number): V3 => sc.on(pl, a, b, -depth)
  const revealC = o.wall ?? '#efe9df'
  const neg = (v: V3): V3 => [-v[0], -v[1], -v[2]]
  const faces: [V3[], V3, number][] = [
    [[sc.on(pl, a0, b0), sc.on(pl, a0, b1), back(a0, b1), back(a0, b0)], pl.u, 0.92],
    [[sc.on(pl, a1, b0), sc.on(pl, a1, b1), back(a1, b1), back(a1, b0)], neg(pl.u), 0.85],
    [[sc.on(pl, a0, b1), sc.on(pl, a1, b1), back(a1, b1), back(a0, b1)], neg(pl.v), 0.8],
    [[sc.on(pl, a0, b0), sc.on(pl, a1, b0), back(a1, b0), back(a0, b0)], pl.v, 1.04],
  ]
  for (const [f, n, k] of faces) {
    if (!sc.visible(n, f[0] as V3)) continue
    sc.poly(f, shade(revealC, k))
  }
  // Frame and mullions set back in the opening.
  const fw = 0.045
  const fc = o.frame
  const inset = -depth * 0.6
  const bar = (x0: number, y0: number, x1: number, y1: number, c: string): void =>
    sc.poly(
      [
        sc.on(pl, x0, y0, inset),
        sc.on(pl, x1, y0, inset),
        sc.on(pl, x1, y1, inset),
        sc.on(pl, x0, y1, inset),
      ],
      c,
    )
  bar(a0, b0, a1, b0 + fw, fc)
  bar(a0, b1 - fw, a1, b1, fc)
  bar(a0, b0, a0 + fw, b1, fc)
  bar(a1 - fw, b0, a1, b1, fc)
  const cols = o.cols ?? 2
  const rows = o.rows ?? 1
  for (let i = 1; i < cols; i++) {
    const a = a0 + ((a1 - a0) * i) / cols
    bar(a - fw / 2, b0, a + fw / 2, b1, fc)
  }
  for (let j = 1; j < rows; j++) {
    const b = b0 + ((b1 - b0) * j) / rows
    bar(a0, b - fw / 3, a1, b + fw / 3, fc)
  }
  if (o.transom) {
    const b = b1 - (b1 - b0) * o.transom
    bar(a0, b - fw / 2, a1, b + fw / 2, fc)
  }
  // Glass sheen.
  const sheen = sc.projPoly([
    sc.on(pl, a0 + (a1 - a0) * 0.15, b1, inset),
    sc.on(pl, a0 + (a1 - a0) * 0.42, b1, inset),
    sc.on(pl, a0 + (a1 - a0) * 0.12, b0, inset),
    sc.on(pl, a0 - (a1 - a0) * 0.15, b0, inset),
  ])
  if (sheen) {
    sc.svg.open(`clip-path="${clip}"`)
    sc.svg.path(pathD(sheen), '#ffffff', 'opacity="0.12"')
    sc.svg.close()
  }
  // Sill board.
  sc.box(
    {
      x0: Math.min(sc.on(pl, a0 - 0.05, b0)[0], sc.on(pl, a1 + 0.05, b0)[0]),
      x1: Math.max(sc.on(pl, a0 - 0.05, b0)[0], sc.on(pl, a1 + 0.05, b0)[0]),
      y0: b0 - 0.03,
      y1: b0,
      z0: Math.min(sc.on(pl, a0 - 0.05, b0, 0.05)[2], sc.on(pl, a1 + 0.05, b0, -0.02)[2]),
      z1: Math.max(sc.on(pl, a0 - 0.05, b0, 0.05)[2], sc.on(pl, a1 + 0.05, b0, -0.02)[2]),
    },
    o.sill ?? lighten(fc, 0.6),
    { grad: 0 },
  )
}

/** Daylight cast on the floor through an opening, along direction `sun` (pointing into the room). */
export function sunPatch(
  sc: Scene,
  corners: readonly V3[],
  sun: V3,
  opacity = 0.2,
  color = '#fff6e0',
  floorY = 0,
): void {
  const pts = corners.map((p) => {
    const t = (floorY - p[1]) / sun[1]
    return [p[0] + sun[0] * t, floorY + 0.002, p[2] + sun[2] * t] as V3
  })
  const d = sc.polyD(pts)
  if (!d) return
  sc.svg.path(d, color, `opacity="${opacity}" filter="${sc.svg.blur(5)}"`)
}

/** Soft volumetric light beam from an opening down to its floor patch. */
export function lightBeam(sc: Scene, corners: readonly V3[], sun: V3, opacity = 0.06): void {
  const floor = corners.map((p) => {
    const t = (0 - p[1]) / sun[1]
    return [p[0] + sun[0] * t, 0, p[2] + sun[2] * t] as V3
  })
  const all = [...corners, ...floor].map((p) => sc.toCam(p))
  if (all.some((c) => c[2] < sc.near)) return
  const pts = all.map((c) => sc.projCam(c))
  const hullPts = hull(pts)
  const top = sc.project(corners[0] as V3)
  const bottom = sc.project(floor[0] as V3)
  const fill = sc.svg.linearAbs(
    [
      [0, '#fff8e6', opacity * 1.6],
      [1, '#fff8e6', 0],
    ],
    top[0],
    top[1],
    bottom[0],
    bottom[1],
  )
  sc.svg.path(pathD(hullPts), fill, `filter="${sc.svg.blur(6)}"`)
}
