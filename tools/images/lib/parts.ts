/** Reusable furniture and finish parts for interior scenes. */
import { darken, lighten, mix, shade } from './color.ts'
import type { Rng } from './rng.ts'
import type { Box, Plane, Scene, V3 } from './space.ts'
import { fmt, type Pt, pathD, type Svg } from './svg.ts'

export type Metal = 'brass' | 'black' | 'chrome' | 'copper' | 'bronze'
export const metalBase: Record<Metal, string> = {
  brass: '#b8914a',
  black: '#2b2a28',
  chrome: '#b9c0c4',
  copper: '#b06a3b',
  bronze: '#6b5036',
}

export function metalFill(svg: Svg, m: Metal): string {
  const c = metalBase[m]
  return svg.linear(
    [
      [0, lighten(c, m === 'black' ? 0.25 : 0.45)],
      [0.5, c],
      [1, darken(c, 0.3)],
    ],
    0,
    0,
    1,
    1,
  )
}

// ---------------------------------------------------------------- cabinetry

export type DoorStyle = 'shaker' | 'slab' | 'fluted' | 'beadboard' | 'inset'
export type Handle = 'bar' | 'knob' | 'cup' | 'edge' | 'none' | 'long'
export type Unit =
  | 'doors'
  | 'door'
  | 'drawers'
  | 'drawers2'
  | 'drawer-door'
  | 'oven'
  | 'dw'
  | 'open'
  | 'glass'
  | 'sink'
  | 'fridge'
  | 'pantry'

export type CabSpec = {
  color: string
  style: DoorStyle
  handle: Handle
  metal: Metal
  units: readonly Unit[]
  toe?: number
  gap?: number
  /** Appliance finish (stainless by default). */
  steel?: string
  interior?: string
}

function panel(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  spec: CabSpec,
  kind: 'door' | 'drawer',
  hinge: 'left' | 'right' | 'none',
): void {
  const c = spec.color
  sc.rectOn(pl, a0, b0, a1, b1, sc.faceFill(c, pl.n, 0.03))
  const w = a1 - a0
  const h = b1 - b0
  const dark = darken(sc.shadeFor(c, pl.n), 0.22)
  const light = lighten(sc.shadeFor(c, pl.n), 0.22)
  if (spec.style === 'shaker' || spec.style === 'inset') {
    const m = Math.min(0.065, w * 0.2, h * 0.22)
    const i0 = a0 + m
    const i1 = a1 - m
    const j0 = b0 + m
    const j1 = b1 - m
    sc.rectOn(pl, i0, j0, i1, j1, shade(sc.shadeFor(c, pl.n), 0.975))
    const lw = Math.max(0.004, m * 0.12)
    sc.lineOn(pl, i0, j1, i1, j1, dark, lw)
    sc.lineOn(pl, i0, j0, i0, j1, dark, lw * 0.8)
    sc.lineOn(pl, i0, j0, i1, j0, light, lw)
    sc.lineOn(pl, i1, j0, i1, j1, light, lw * 0.8)
  } else if (spec.style === 'fluted' || spec.style === 'beadboard') {
    const step = spec.style === 'fluted' ? 0.028 : 0.075
    for (let a = a0 + step; a < a1 - step / 2; a += step) {
      sc.lineOn(pl, a, b0 + 0.01, a, b1 - 0.01, dark, 0.003, 'opacity="0.7"')
      sc.lineOn(pl, a + 0.006, b0 + 0.01, a + 0.006, b1 - 0.01, light, 0.003, 'opacity="0.6"')
    }
  }
  const mf = metalFill(sc.svg, spec.metal)
  const hd = spec.handle
  if (hd === 'none') return
  if (kind === 'drawer') {
    const cxm = (a0 + a1) / 2
    const top = b1 - Math.min(0.06, h * 0.3)
    if (hd === 'knob') {
      sc.sphere(sc.on(pl, cxm, top - 0.005, 0.02), 0.014, mf)
    } else if (hd === 'cup') {
      const pts: Pt[] = []
      for (let i = 0; i <= 10; i++) {
        const t = Math.PI * (i / 10)
        pts.push([cxm - Math.cos(t) * 0.05, top - Math.sin(t) * 0.025])
      }
      sc.poly(sc.shapeOn(pl, pts, 0.012), mf)
    } else if (hd === 'edge') {
      sc.rectOn(
        pl,
        cxm - Math.min(0.12, w * 0.3),
        b1 - 0.012,
        cxm + Math.min(0.12, w * 0.3),
        b1,
        mf,
      )
    } else {
      const hw = hd === 'long' ? Math.min(w * 0.38, 0.3) : Math.min(0.1, w * 0.25)
      sc.poly(sc.quadOn(pl, cxm - hw, top - 0.006, cxm + hw, top + 0.006, 0.025), mf)
    }
  } else if (hinge !== 'none') {
    const ax = hinge === 'left' ? a1 - 0.045 : a0 + 0.045
    const upper = b0 > 1.2
    const hy = upper ? b0 + Math.min(0.12, h * 0.2) : b1 - Math.min(0.12, h * 0.2)
    if (hd === 'knob') {
      sc.sphere(sc.on(pl, ax, hy, 0.02), 0.015, mf)
    } else if (hd === 'edge') {
      const ey = upper ? b0 : b1 - 0.012
      sc.rectOn(
        pl,
        hinge === 'left' ? a1 - 0.1 : a0,
        ey,
        hinge === 'left' ? a1 : a0 + 0.1,
        ey + 0.012,
        mf,
      )
    } else {
      const len = hd === 'long' ? Math.min(h * 0.6, 0.6) : 0.16
      const y0 = upper ? b0 + 0.04 : b1 - 0.04 - len
      sc.poly(sc.quadOn(pl, ax - 0.006, y0, ax + 0.006, y0 + len, 0.025), mf)
    }
  }
}

function steelPanel(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  steel: string,
): void {
  const c = sc.shadeFor(steel, pl.n)
  const p = sc.projPoly(sc.quadOn(pl, a0, b0, a1, b1))
  if (!p) return
  sc.svg.path(
    pathD(p),
    sc.svg.linear(
      [
        [0, lighten(c, 0.25)],
        [0.45, c],
        [0.55, lighten(c, 0.1)],
        [1, darken(c, 0.15)],
      ],
      0,
      0,
      1,
      1,
    ),
  )
}

/** Draws doors, drawers and appliances on a cabinet face plane. */
export function cabinetFront(sc: Scene, pl: Plane, spec: CabSpec): void {
  const toe = spec.toe ?? 0
  const gap = spec.gap ?? 0.004
  const dark = darken(sc.shadeFor(spec.color, pl.n), 0.45)
  sc.rectOn(pl, 0, 0, pl.w, pl.h, dark)
  if (toe > 0) sc.rectOn(pl, 0, 0, pl.w, toe, darken(dark, 0.3))
  const n = spec.units.length
  const uw = pl.w / n
  const steel = spec.steel ?? '#c8cdd0'
  spec.units.forEach((u, i) => {
    const a0 = i * uw + gap
    const a1 = (i + 1) * uw - gap
    const b0 = toe + gap
    const b1 = pl.h - gap
    const h = b1 - b0
    const hingeL = i % 2 === 0 ? 'left' : 'right'
    switch (u) {
      case 'doors': {
        const m = (a0 + a1) / 2
        panel(sc, pl, a0, b0, m - gap, b1, spec, 'door', 'left')
        panel(sc, pl, m + gap, b0, a1, b1, spec, 'door', 'right')
        break
      }
      case 'sink': {
        const m = (a0 + a1) / 2
        const top = b1 - Math.min(0.16, h * 0.2)
        panel(sc, pl, a0, top + gap, a1, b1, { ...spec, handle: 'none' }, 'drawer', 'none')
        panel(sc, pl, a0, b0, m - gap, top - gap, spec, 'door', 'left')
        panel(sc, pl, m + gap, b0, a1, top - gap, spec, 'door', 'right')
        break
      }
      case 'door':
        panel(sc, pl, a0, b0, a1, b1, spec, 'door', hingeL)
        break
      case 'pantry': {
        const m = (a0 + a1) / 2
        const split = b0 + h * 0.72
        panel(sc, pl, a0, split + gap, m - gap, b1, spec, 'door', 'left')
        panel(sc, pl, m + gap, split + gap, a1, b1, spec, 'door', 'right')
        panel(sc, pl, a0, b0, m - gap, split - gap, spec, 'door', 'left')
        panel(sc, pl, m + gap, b0, a1, split - gap, spec, 'door', 'right')
        break
      }
      case 'drawers':
      case 'drawers2': {
        const k = u === 'drawers' ? 3 : 2
        const hs = k === 3 ? [0.38, 0.36, 0.26] : [0.5, 0.5]
        let y = b0
        for (let j = 0; j < k; j++) {
          const hh = h * (hs[j] as number)
          panel(sc, pl, a0, y + gap, a1, y + hh - gap, spec, 'drawer', 'none')
          y += hh
        }
        break
      }
      case 'drawer-door': {
        const top = b1 - Math.min(0.18, h * 0.22)
        panel(sc, pl, a0, top + gap, a1, b1, spec, 'drawer', 'none')
        panel(sc, pl, a0, b0, a1, top - gap, spec, 'door', hingeL)
        break
      }
      case 'dw':
        panel(sc, pl, a0, b0, a1, b1, { ...spec, style: 'slab' }, 'drawer', 'none')
        break
      case 'oven': {
        steelPanel(sc, pl, a0, b0, a1, b1, steel)
        const top = b1 - 0.1
        sc.rectOn(pl, a0 + 0.03, b0 + 0.08, a1 - 0.03, top - 0.1, '#262a2e')
        sc.rectOn(
          pl,
          a0 + 0.06,
          b0 + 0.12,
          a1 - 0.06,
          top - 0.14,
          sc.svg.linear([
            [0, '#3a3f44'],
            [1, '#15181b'],
          ]),
        )
        sc.poly(
          sc.quadOn(pl, a0 + 0.06, top - 0.055, a1 - 0.06, top - 0.035, 0.03),
          metalFill(sc.svg, 'chrome'),
        )
        for (let j = 0; j < 4; j++) {
          const x = a0 + ((a1 - a0) * (j + 0.5)) / 4
          sc.sphere(sc.on(pl, x, top + 0.045, 0.015), 0.018, '#2b2d30')
        }
        break
      }
      case 'fridge': {
        steelPanel(sc, pl, a0, b0, a1, b1, steel)
        const m = (a0 + a1) / 2
        sc.lineOn(pl, m, b0 + 0.6, m, b1, darken(steel, 0.45), 0.006)
        sc.lineOn(pl, a0, b0 + 0.6, a1, b0 + 0.6, darken(steel, 0.45), 0.006)
        const mf = metalFill(sc.svg, 'chrome')
        sc.poly(sc.quadOn(pl, m - 0.05, b0 + 0.9, m - 0.035, b0 + 1.6, 0.03), mf)
        sc.poly(sc.quadOn(pl, m + 0.035, b0 + 0.9, m + 0.05, b0 + 1.6, 0.03), mf)
        sc.poly(sc.quadOn(pl, a0 + 0.1, b0 + 0.5, a1 - 0.1, b0 + 0.52, 0.03), mf)
        break
      }
      case 'open':
      case 'glass': {
        const inner = spec.interior ?? darken(spec.color, 0.25)
        if (u === 'glass')
          panel(sc, pl, a0, b0, a1, b1, { ...spec, style: 'slab', handle: 'none' }, 'door', 'none')
        const m = u === 'glass' ? 0.05 : 0.02
        sc.rectOn(
          pl,
          a0 + m,
          b0 + m,
          a1 - m,
          b1 - m,
          u === 'glass' ? mix(inner, '#8aa0a8', 0.35) : inner,
        )
        const shelves = Math.max(1, Math.round(h / 0.33))
        for (let j = 1; j < shelves; j++) {
          const y = b0 + (h * j) / shelves
          sc.rectOn(pl, a0 + m, y - 0.01, a1 - m, y + 0.01, lighten(spec.color, 0.1))
          for (let q = 0; q < 3; q++) {
            const x = a0 + m + ((a1 - a0 - 2 * m) * (q + 0.5)) / 3
            const hh = 0.08 + ((i + j + q) % 3) * 0.03
            sc.rectOn(
              pl,
              x - 0.035,
              y + 0.01,
              x + 0.035,
              y + 0.01 + hh,
              (i + j + q) % 2 ? mix(inner, '#f3efe8', 0.55) : mix(inner, '#8a6a4a', 0.35),
              '',
              0,
            )
          }
        }
        if (u === 'glass') {
          sc.rectOn(pl, a0 + m, b0 + m, a1 - m, b1 - m, '#ffffff', 'opacity="0.12" stroke="none"')
          panel(
            sc,
            pl,
            a0,
            b0,
            a1,
            b0 + m,
            { ...spec, handle: 'none', style: 'slab' },
            'door',
            'none',
          )
          const hsp: CabSpec = { ...spec, style: 'slab' }
          panel(
            sc,
            pl,
            hingeL === 'left' ? a1 - m : a0,
            b0,
            hingeL === 'left' ? a1 : a0 + m,
            b1,
            hsp,
            'door',
            'none',
          )
        }
        break
      }
    }
  })
}

// ---------------------------------------------------------------- surfaces

/** Marble veining across a plane region. */
export function marble(
  sc: Scene,
  pl: Plane,
  rand: Rng,
  vein: string,
  density = 1,
  region: [number, number, number, number] = [0, 0, pl.w, pl.h],
): void {
  const [a0, b0, a1, b1] = region
  const area = (a1 - a0) * (b1 - b0)
  const n = Math.max(2, Math.round(area * 5 * density))
  for (let i = 0; i < n; i++) {
    let a = rand.range(a0, a1)
    let b = rand.range(b0, b1)
    let ang = rand.range(-0.6, 0.6) + (rand.chance(0.5) ? 0 : Math.PI)
    const pts: V3[] = []
    const steps = rand.int(8, 18)
    for (let s = 0; s < steps; s++) {
      pts.push(sc.on(pl, Math.min(a1, Math.max(a0, a)), Math.min(b1, Math.max(b0, b)), 0.001))
      ang += rand.range(-0.5, 0.5)
      const step = rand.range(0.04, 0.09)
      a += Math.cos(ang) * step
      b += Math.sin(ang) * step * 0.6
    }
    sc.polyline(pts, vein, rand.range(0.002, 0.007), `opacity="${fmt(rand.range(0.25, 0.6))}"`)
  }
}

/** Wood grain lines along a plane's u axis (or v when vertical). */
export function grain(
  sc: Scene,
  pl: Plane,
  rand: Rng,
  color: string,
  vertical = false,
  region: [number, number, number, number] = [0, 0, pl.w, pl.h],
): void {
  const [a0, b0, a1, b1] = region
  const span = vertical ? a1 - a0 : b1 - b0
  const n = Math.max(2, Math.round(span / 0.035))
  const c = darken(color, 0.25)
  for (let i = 0; i < n; i++) {
    const t = (i + rand.range(0.1, 0.9)) / n
    const pts: V3[] = []
    const steps = 8
    const amp = rand.range(0.002, 0.01)
    const ph = rand.range(0, 6)
    for (let s = 0; s <= steps; s++) {
      const q = s / steps
      if (vertical) {
        const a = a0 + t * span + Math.sin(q * 5 + ph) * amp
        pts.push(sc.on(pl, a, b0 + q * (b1 - b0), 0.001))
      } else {
        const b = b0 + t * span + Math.sin(q * 5 + ph) * amp
        pts.push(sc.on(pl, a0 + q * (a1 - a0), b, 0.001))
      }
    }
    sc.polyline(pts, c, 0.0025, `opacity="${fmt(rand.range(0.15, 0.35))}"`)
  }
}

export type TileStyle =
  | 'subway'
  | 'stack'
  | 'zellige'
  | 'slab'
  | 'square'
  | 'herringbone'
  | 'fluted'
  | 'plaster'

export type TileSpec = {
  style: TileStyle
  color: string
  grout?: string
  vein?: string
  rand: Rng
  scale?: number
}

/** Tiled or slab wall finish on a plane region. */
export function tiles(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  t: TileSpec,
): void {
  const lit = sc.shadeFor(t.color, pl.n)
  const grout = t.grout ?? darken(lit, 0.12)
  const k = t.scale ?? 1
  sc.rectOn(
    pl,
    a0,
    b0,
    a1,
    b1,
    sc.svg.linear([
      [0, lighten(lit, 0.05)],
      [1, shade(lit, 0.96)],
    ]),
  )
  const gw = 0.0035
  switch (t.style) {
    case 'subway':
    case 'stack':
    case 'square': {
      const th = (t.style === 'subway' ? 0.075 : t.style === 'stack' ? 0.25 : 0.2) * k
      const tw = (t.style === 'subway' ? 0.15 : t.style === 'stack' ? 0.065 : 0.2) * k
      for (let b = b0, row = 0; b < b1 - 1e-6; b += th, row++) {
        const top = Math.min(b1, b + th)
        if (top < b1) sc.lineOn(pl, a0, top, a1, top, grout, gw)
        const off = t.style === 'subway' && row % 2 ? tw / 2 : 0
        for (let a = a0 + off + tw; a < a1 - 1e-6; a += tw) sc.lineOn(pl, a, b, a, top, grout, gw)
      }
      break
    }
    case 'zellige': {
      const s = 0.1 * k
      for (let b = b0; b < b1 - 1e-6; b += s) {
        for (let a = a0; a < a1 - 1e-6; a += s) {
          const v = t.rand.range(-1, 1) * 0.09
          const c = v > 0 ? lighten(lit, v) : darken(lit, -v)
          sc.rectOn(
            pl,
            a + 0.003,
            b + 0.003,
            Math.min(a1, a + s) - 0.003,
            Math.min(b1, b + s) - 0.003,
            c,
          )
          if (t.rand.chance(0.3))
            sc.rectOn(
              pl,
              a + 0.015,
              b + s * 0.55,
              a + s * 0.5,
              Math.min(b1, b + s) - 0.015,
              '#ffffff',
              'opacity="0.12" stroke="none"',
            )
        }
      }
      break
    }
    case 'herringbone': {
      const L = 0.16 * k
      const W = 0.04 * k
      const clip = sc.projPoly(sc.quadOn(pl, a0, b0, a1, b1))
      if (!clip) break
      sc.svg.open(`clip-path="${sc.svg.clip(pathD(clip))}"`)
      for (let b = b0 - L; b < b1 + L; b += W * 2) {
        for (let a = a0 - L; a < a1 + L; a += L) {
          const p1: Pt[] = [
            [a, b],
            [a + L / 2, b + L / 2],
            [a + L / 2 - W, b + L / 2 + W],
            [a - W, b + W],
          ]
          const p2: Pt[] = [
            [a + L / 2, b + L / 2],
            [a + L, b],
            [a + L + W, b + W],
            [a + L / 2 + W, b + L / 2 + W],
          ]
          for (const p of [p1, p2]) {
            const v = t.rand.range(-1, 1) * 0.05
            sc.poly(
              sc.shapeOn(pl, p),
              v > 0 ? lighten(lit, v) : darken(lit, -v),
              `stroke="${grout}" stroke-width="0.7"`,
            )
          }
        }
      }
      sc.svg.close()
      break
    }
    case 'fluted': {
      const step = 0.035 * k
      for (let a = a0 + step; a < a1; a += step) {
        sc.lineOn(pl, a, b0, a, b1, darken(lit, 0.2), 0.004, 'opacity="0.7"')
        sc.lineOn(
          pl,
          a + step * 0.35,
          b0,
          a + step * 0.35,
          b1,
          lighten(lit, 0.25),
          0.005,
          'opacity="0.6"',
        )
      }
      break
    }
    case 'slab': {
      marble(sc, pl, t.rand, t.vein ?? '#9a948c', 1.2, [a0, b0, a1, b1])
      break
    }
    case 'plaster': {
      for (let i = 0; i < 6; i++) {
        const a = t.rand.range(a0, a1)
        const b = t.rand.range(b0, b1)
        const r = t.rand.range(0.2, 0.5)
        const pts: Pt[] = []
        for (let q = 0; q < 14; q++) {
          const ang = (q / 14) * Math.PI * 2
          pts.push([
            Math.min(a1, Math.max(a0, a + Math.cos(ang) * r)),
            Math.min(b1, Math.max(b0, b + Math.sin(ang) * r * 0.6)),
          ])
        }
        sc.poly(
          sc.shapeOn(pl, pts),
          t.rand.chance(0.5) ? lighten(lit, 0.06) : darken(lit, 0.05),
          `opacity="0.5" filter="${sc.svg.blur(6)}"`,
        )
      }
      break
    }
  }
}

// ---------------------------------------------------------------- lighting

export type PendantKind = 'globe' | 'dome' | 'cone' | 'cylinder' | 'rattan' | 'bell'

export function glow(sc: Scene, c: V3, radiusM: number, color = '#ffe7b0', opacity = 0.55): void {
  if (sc.depth(c) < sc.near + 0.2) return
  const p = sc.project(c)
  const r = radiusM * sc.scaleAt(c)
  const fill = sc.svg.radial([
    [0, color, opacity],
    [0.35, color, opacity * 0.45],
    [1, color, 0],
  ])
  sc.svg.circle(p[0], p[1], r, fill)
}

export function pendant(
  sc: Scene,
  x: number,
  z: number,
  yBottom: number,
  ceilingY: number,
  kind: PendantKind,
  color: string,
  metal: Metal = 'brass',
  size = 1,
): void {
  const top = yBottom + 0.32 * size
  sc.line([x, ceilingY, z], [x, top, z], '#2b2a28', 0.005)
  sc.cylinder(x, z, ceilingY - 0.02, ceilingY, 0.05, metalBase[metal])
  const c: V3 = [x, yBottom + 0.14 * size, z]
  if (sc.depth(c) < sc.near + 0.4) return
  const s = sc.scaleAt(c)
  const p = sc.project(c)
  const mf = metalFill(sc.svg, metal)
  glow(sc, [x, yBottom, z], 0.9 * size, '#ffe2a8', 0.35)
  const r = 0.17 * size * s
  switch (kind) {
    case 'globe':
    case 'rattan': {
      sc.svg.rect(p[0] - r * 0.12, p[1] - r * 1.35, r * 0.24, r * 0.4, mf)
      const fill =
        kind === 'globe'
          ? sc.svg.radial(
              [
                [0, '#fffdf6'],
                [0.6, '#fbefd4'],
                [1, '#e9d2a6'],
              ],
              0.45,
              0.4,
              0.6,
            )
          : sc.svg.radial(
              [
                [0, '#f6d79b'],
                [1, color],
              ],
              0.5,
              0.65,
              0.6,
            )
      sc.svg.circle(p[0], p[1], r, fill)
      if (kind === 'rattan') {
        for (let i = -3; i <= 3; i++) {
          const yy = p[1] + (i / 3.5) * r
          const half = Math.sqrt(Math.max(0, r * r - (yy - p[1]) ** 2))
          sc.svg.add(
            `<path d="M${fmt(p[0] - half)} ${fmt(yy)}Q${fmt(p[0])} ${fmt(yy + r * 0.12)} ${fmt(p[0] + half)} ${fmt(yy)}" stroke="${darken(color, 0.3)}" stroke-width="${fmt(Math.max(0.6, r * 0.03))}" fill="none" opacity="0.6"/>`,
          )
        }
      }
      break
    }
    case 'dome':
    case 'bell': {
      const rw = (kind === 'dome' ? 0.22 : 0.15) * size * s
      const hh = (kind === 'dome' ? 0.16 : 0.24) * size * s
      const y0 = p[1] - hh * 0.6
      const y1 = y0 + hh
      sc.svg.ellipse(p[0], y1, rw * 0.92, rw * 0.16, '#fff4d6')
      const d =
        kind === 'dome'
          ? `M${fmt(p[0] - rw)} ${fmt(y1)}C${fmt(p[0] - rw)} ${fmt(y0 - hh * 0.1)} ${fmt(p[0] + rw)} ${fmt(y0 - hh * 0.1)} ${fmt(p[0] + rw)} ${fmt(y1)}Z`
          : `M${fmt(p[0] - rw)} ${fmt(y1)}C${fmt(p[0] - rw * 0.75)} ${fmt(y1 - hh * 0.3)} ${fmt(p[0] - rw * 0.35)} ${fmt(y0 + hh * 0.2)} ${fmt(p[0] - rw * 0.3)} ${fmt(y0)}L${fmt(p[0] + rw * 0.3)} ${fmt(y0)}C${fmt(p[0] + rw * 0.35)} ${fmt(y0 + hh * 0.2)} ${fmt(p[0] + rw * 0.75)} ${fmt(y1 - hh * 0.3)} ${fmt(p[0] + rw)} ${fmt(y1)}Z`
      sc.svg.path(
        d,
        sc.svg.linear(
          [
            [0, lighten(color, 0.3)],
            [0.55, color],
            [1, darken(color, 0.35)],
          ],
          0,
          0,
          1,
          0,
        ),
      )
      sc.svg.rect(p[0] - rw, y1 - Math.max(0.8, rw * 0.04), rw * 2, Math.max(1, rw * 0.06), mf)
      break
    }
    case 'cone':
    case 'cylinder': {
      const rw = 0.13 * size * s
      const hh = 0.3 * size * s
      const y0 = p[1] - hh * 0.55
      const y1 = y0 + hh
      const topW = kind === 'cone' ? rw * 0.25 : rw
      sc.svg.ellipse(p[0], y1, rw * 0.9, rw * 0.2, '#fff4d6')
      sc.svg.path(
        `M${fmt(p[0] - topW)} ${fmt(y0)}L${fmt(p[0] + topW)} ${fmt(y0)}L${fmt(p[0] + rw)} ${fmt(y1)}L${fmt(p[0] - rw)} ${fmt(y1)}Z`,
        sc.svg.linear(
          [
            [0, lighten(color, 0.3)],
            [0.5, color],
            [1, darken(color, 0.35)],
          ],
          0,
          0,
          1,
          0,
        ),
      )
      break
    }
  }
}

export function sconce(
  sc: Scene,
  pl: Plane,
  a: number,
  b: number,
  metal: Metal,
  shadeColor = '#f7ecd6',
): void {
  const mf = metalFill(sc.svg, metal)
  sc.poly(sc.quadOn(pl, a - 0.03, b - 0.08, a + 0.03, b + 0.08, 0.005), mf)
  const c = sc.on(pl, a, b + 0.06, 0.12)
  sc.line(sc.on(pl, a, b, 0.01), sc.on(pl, a, b, 0.1), metalBase[metal], 0.012)
  glow(sc, c, 0.45, '#ffe2a8', 0.45)
  sc.sphere(
    c,
    0.065,
    sc.svg.radial([
      [0, '#fffdf6'],
      [1, shadeColor],
    ]),
  )
}

// ---------------------------------------------------------------- furniture

export function stool(
  sc: Scene,
  x: number,
  z: number,
  h: number,
  seat: string,
  legs: string,
  back = false,
): void {
  sc.shadow(sc.ring(x, 0.001, z, 0.24, 16), 0.2, 0.05)
  const r = 0.19
  const spread = 0.2
  for (const [dx, dz] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const) {
    sc.line(
      [x + dx * r * 0.55, h - 0.04, z + dz * r * 0.55],
      [x + dx * spread, 0, z + dz * spread],
      legs,
      0.018,
    )
  }
  const ring = sc.ring(x, h * 0.35, z, spread * 0.78, 20)
  sc.polyline([...ring, ring[0] as V3], legs, 0.012)
  sc.cylinder(x, z, h - 0.05, h, r, seat)
  if (back) {
    const pts: V3[] = []
    for (let i = 0; i <= 10; i++) {
      const t = Math.PI * (0.15 + (0.7 * i) / 10)
      pts.push([x + Math.cos(t) * r, h + 0.22, z - Math.sin(t) * r])
    }
    sc.polyline(pts, seat, 0.06)
    sc.line([x - r * 0.7, h, z - r * 0.5], [x - r * 0.7, h + 0.22, z - r * 0.6], legs, 0.012)
    sc.line([x + r * 0.7, h, z - r * 0.5], [x + r * 0.7, h + 0.22, z - r * 0.6], legs, 0.012)
  }
}

export type ChairStyle = 'dining' | 'wishbone' | 'lounge' | 'task'

/** Chair; `facing` is the direction the sitter looks: 1 = towards the camera (+z), -1 = away. */
export function chair(
  sc: Scene,
  x: number,
  z: number,
  facing: 1 | -1,
  seatColor: string,
  frame: string,
  style: ChairStyle = 'dining',
): void {
  const w = style === 'lounge' ? 0.38 : 0.23
  const d = style === 'lounge' ? 0.36 : 0.22
  const sh = style === 'lounge' ? 0.4 : 0.46
  sc.shadow(sc.ring(x, 0.001, z, w * 1.2, 16), 0.18, 0.05)
  const backZ = z - facing * d
  const legs: [number, number][] = [
    [x - w + 0.02, z - d + 0.02],
    [x + w - 0.02, z - d + 0.02],
    [x - w + 0.02, z + d - 0.02],
    [x + w - 0.02, z + d - 0.02],
  ]
  const drawBack = (): void => {
    const bz0 = Math.min(backZ, backZ + facing * 0.04)
    const bz1 = Math.max(backZ, backZ + facing * 0.04)
    if (style === 'wishbone') {
      const pts: V3[] = []
      for (let i = 0; i <= 12; i++) {
        const t = Math.PI * (i / 12)
        pts.push([
          x - Math.cos(t) * w,
          sh + 0.28 + Math.sin(t) * 0.02,
          z - facing * (d - Math.sin(t) * 0.12),
        ])
      }
      sc.polyline(pts, frame, 0.03)
    } else if (style === 'lounge') {
      sc.box(
        { x0: x - w, x1: x + w, y0: sh - 0.05, y1: sh + 0.42, z0: bz0, z1: bz1 + 0.06 },
        seatColor,
        { round: 3 },
      )
    } else {
      const lz = backZ + facing * 0.02
      for (const lx of [x - w + 0.015, x + w - 0.015])
        sc.box(
          { x0: lx - 0.014, x1: lx + 0.014, y0: sh, y1: sh + 0.42, z0: lz - 0.014, z1: lz + 0.014 },
          frame,
          { grad: 0 },
        )
      sc.box({ x0: x - w, x1: x + w, y0: sh + 0.24, y1: sh + 0.42, z0: bz0, z1: bz1 }, frame, {
        round: 2,
      })
    }
  }
  const backFirst = facing === 1
  if (backFirst) drawBack()
  for (const [lx, lz] of legs) {
    if (style === 'lounge')
      sc.box({ x0: lx - 0.02, x1: lx + 0.02, y0: 0, y1: sh, z0: lz - 0.02, z1: lz + 0.02 }, frame)
    else
      sc.box(
        { x0: lx - 0.014, x1: lx + 0.014, y0: 0, y1: sh, z0: lz - 0.014, z1: lz + 0.014 },
        frame,
        { grad: 0 },
      )
  }
  if (style === 'lounge') {
    sc.box({ x0: x - w, x1: x + w, y0: sh - 0.12, y1: sh, z0: z - d, z1: z + d }, seatColor, {
      round: 4,
    })
    sc.box(
      { x0: x - w - 0.06, x1: x - w, y0: sh - 0.12, y1: sh + 0.2, z0: z - d, z1: z + d },
      seatColor,
      { round: 3 },
    )
    sc.box(
      { x0: x + w, x1: x + w + 0.06, y0: sh - 0.12, y1: sh + 0.2, z0: z - d, z1: z + d },
      seatColor,
      { round: 3 },
    )
  } else {
    sc.box({ x0: x - w, x1: x + w, y0: sh - 0.04, y1: sh, z0: z - d, z1: z + d }, seatColor, {
      round: 2,
    })
  }
  if (!backFirst) drawBack()
}

export type LegStyle = 'four' | 'trestle' | 'pedestal' | 'slab'

export function table(
  sc: Scene,
  b: Box,
  top: string,
  legs: string,
  style: LegStyle = 'four',
  rand?: Rng,
): void {
  sc.shadow(
    [
      [b.x0 - 0.1, 0.001, b.z0 - 0.1],
      [b.x1 + 0.1, 0.001, b.z0 - 0.1],
      [b.x1 + 0.1, 0.001, b.z1 + 0.1],
      [b.x0 - 0.1, 0.001, b.z1 + 0.1],
    ],
    0.22,
    0.12,
  )
  const t = 0.04
  const y = b.y1 - t
  const i = 0.08
  if (style === 'four') {
    for (const [lx, lz] of [
      [b.x0 + i, b.z0 + i],
      [b.x1 - i, b.z0 + i],
      [b.x0 + i, b.z1 - i],
      [b.x1 - i, b.z1 - i],
    ] as const)
      sc.box({ x0: lx - 0.03, x1: lx + 0.03, y0: 0, y1: y, z0: lz - 0.03, z1: lz + 0.03 }, legs)
  } else if (style === 'trestle') {
    for (const lx of [b.x0 + 0.25, b.x1 - 0.25]) {
      sc.box(
        { x0: lx - 0.04, x1: lx + 0.04, y0: 0, y1: 0.05, z0: b.z0 + 0.08, z1: b.z1 - 0.08 },
        legs,
      )
      sc.box(
        {
          x0: lx - 0.035,
          x1: lx + 0.035,
          y0: 0.05,
          y1: y,
          z0: (b.z0 + b.z1) / 2 - 0.08,
          z1: (b.z0 + b.z1) / 2 + 0.08,
        },
        legs,
      )
    }
    sc.box(
      {
        x0: b.x0 + 0.25,
        x1: b.x1 - 0.25,
        y0: 0.22,
        y1: 0.28,
        z0: (b.z0 + b.z1) / 2 - 0.025,
        z1: (b.z0 + b.z1) / 2 + 0.025,
      },
      legs,
    )
  } else if (style === 'slab') {
    for (const lx of [b.x0 + 0.05, b.x1 - 0.09])
      sc.box({ x0: lx, x1: lx + 0.04, y0: 0, y1: y, z0: b.z0 + 0.03, z1: b.z1 - 0.03 }, top)
  } else {
    const cx = (b.x0 + b.x1) / 2
    const cz = (b.z0 + b.z1) / 2
    sc.cylinder(cx, cz, 0, 0.03, Math.min(b.x1 - b.x0, b.z1 - b.z0) * 0.3, legs)
    sc.cylinder(cx, cz, 0.03, y, 0.05, legs)
  }
  sc.box({ x0: b.x0, x1: b.x1, y0: y, y1: b.y1, z0: b.z0, z1: b.z1 }, top, {
    detail: (face, pl) => {
      if (rand && face === 'top') grain(sc, pl, rand, top)
    },
  })
}

export function rug(
  sc: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  color: string,
  border: string,
): void {
  const y = 0.004
  sc.poly(
    [
      [x0, y, z0],
      [x1, y, z0],
      [x1, y, z1],
      [x0, y, z1],
    ],
    color,
  )
  const inset = 0.12
  sc.polyline(
    [
      [x0 + inset, y, z0 + inset],
      [x1 - inset, y, z0 + inset],
      [x1 - inset, y, z1 - inset],
      [x0 + inset, y, z1 - inset],
      [x0 + inset, y, z0 + inset],
    ],
    border,
    0.03,
  )
  sc.polyline(
    [
      [x0 + inset * 2, y, z0 + inset * 2],
      [x1 - inset * 2, y, z0 + inset * 2],
      [x1 - inset * 2, y, z1 - inset * 2],
      [x0 + inset * 2, y, z1 - inset * 2],
      [x0 + inset * 2, y, z0 + inset * 2],
    ],
    border,
    0.008,
    'opacity="0.7"',
  )
}

// ---------------------------------------------------------------- decor

export type PlantKind = 'fiddle' | 'monstera' | 'snake' | 'olive' | 'trailing' | 'palm'

function leafPath(base: Pt, tip: Pt, width: number): string {
  const mx = (base[0] + tip[0]) / 2
  const my = (base[1] + tip[1]) / 2
  const dx = tip[0] - base[0]
  const dy = tip[1] - base[1]
  const len = Math.hypot(dx, dy) || 1
  const nx = (-dy / len) * width
  const ny = (dx / len) * width
  return `M${fmt(base[0])} ${fmt(base[1])}Q${fmt(mx + nx)} ${fmt(my + ny)} ${fmt(tip[0])} ${fmt(tip[1])}Q${fmt(mx - nx)} ${fmt(my - ny)} ${fmt(base[0])} ${fmt(base[1])}Z`
}

export function plant(
  sc: Scene,
  x: number,
  z: number,
  size: number,
  pot: string,
  kind: PlantKind,
  rand: Rng,
  greens: readonly string[] = ['#4f7a4a', '#3f6a3f', '#6b9460', '#2f5a3a'],
  baseY = 0,
): void {
  const potH = 0.32 * size
  const potR = 0.15 * size
  if (baseY === 0) sc.shadow(sc.ring(x, 0.001, z, potR * 1.5, 16), 0.25, 0.05)
  if (sc.depth([x, baseY, z]) < 1.4 * size) return
  sc.cylinder(x, z, baseY, baseY + potH, potR, pot, potR * 1.12)
  const s = sc.scaleAt([x, baseY + potH, z])
  const b = sc.project([x, baseY + potH, z])
  const svg = sc.svg
  const leaves: [Pt, Pt, number, string][] = []
  const g = (): string => rand.pick(greens)
  if (kind === 'fiddle') {
    const stems = 3
    for (let i = 0; i < stems; i++) {
      const topX = b[0] + rand.range(-0.25, 0.25) * s * size
      const topY = b[1] - rand.range(0.6, 1.1) * s * size
      svg.add(
        `<path d="M${fmt(b[0])} ${fmt(b[1])}L${fmt(topX)} ${fmt(topY)}" stroke="#5b4632" stroke-width="${fmt(Math.max(1, 0.015 * s))}"/>`,
      )
      for (let k = 0; k < 6; k++) {
        const t = 0.35 + (k / 6) * 0.7
        const px = b[0] + (topX - b[0]) * t
        const py = b[1] + (topY - b[1]) * t
        const ang = rand.range(-2.6, -0.5)
        const len = rand.range(0.16, 0.24) * s * size
        leaves.push([
          [px, py],
          [px + Math.cos(ang) * len, py + Math.sin(ang) * len],
          len * 0.45,
          g(),
        ])
      }
    }
  } else if (kind === 'snake') {
    for (let i = 0; i < 9; i++) {
      const bx = b[0] + rand.range(-0.09, 0.09) * s * size
      const hh = rand.range(0.45, 0.85) * s * size
      const lean = rand.range(-0.12, 0.12) * s * size
      leaves.push([[bx, b[1]], [bx + lean, b[1] - hh], 0.05 * s * size, g()])
    }
  } else if (kind === 'olive') {
    const topY = b[1] - 1.2 * s * size
    svg.add(
      `<path d="M${fmt(b[0])} ${fmt(b[1])}Q${fmt(b[0] + 0.06 * s)} ${fmt((b[1] + topY) / 2)} ${fmt(b[0])} ${fmt(topY + 0.2 * s)}" stroke="#5b4632" stroke-width="${fmt(Math.max(1, 0.02 * s))}" fill="none"/>`,
    )
    for (let i = 0; i < 70; i++) {
      const ang = rand.range(0, Math.PI * 2)
      const rr = Math.sqrt(rand.next()) * 0.32 * s * size
      const px = b[0] + Math.cos(ang) * rr
      const py = topY + 0.12 * s * size + Math.sin(ang) * rr * 0.8
      const la = rand.range(0, Math.PI * 2)
      const len = 0.07 * s * size
      leaves.push([
        [px, py],
        [px + Math.cos(la) * len, py + Math.sin(la) * len],
        len * 0.3,
        rand.pick(['#7d9471', '#91a583', '#65805d']),
      ])
    }
  } else if (kind === 'trailing') {
    for (let i = 0; i < 7; i++) {
      const dir = rand.chance(0.5) ? -1 : 1
      let px = b[0] + rand.range(-0.08, 0.08) * s
      let py = b[1] - 0.04 * s
      for (let k = 0; k < 7; k++) {
        px += dir * rand.range(0.01, 0.05) * s * size
        py += rand.range(0.02, 0.07) * s * size
        const len = 0.07 * s * size
        leaves.push([[px, py], [px + dir * len * 0.7, py + len * 0.5], len * 0.45, g()])
      }
    }
    for (let i = 0; i < 8; i++) {
      const ang = rand.range(-2.8, -0.3)
      const len = 0.1 * s * size
      leaves.push([b, [b[0] + Math.cos(ang) * len, b[1] + Math.sin(ang) * len], len * 0.45, g()])
    }
  } else if (kind === 'palm') {
    for (let i = 0; i < 9; i++) {
      const ang = -Math.PI / 2 + rand.range(-1.1, 1.1)
      const len = rand.range(0.6, 1.0) * s * size
      const tip: Pt = [b[0] + Math.cos(ang) * len, b[1] + Math.sin(ang) * len]
      svg.add(
        `<path d="M${fmt(b[0])} ${fmt(b[1])}Q${fmt((b[0] + tip[0]) / 2)} ${fmt(tip[1] - len * 0.1)} ${fmt(tip[0])} ${fmt(tip[1] + len * 0.25)}" stroke="#4d6b3f" stroke-width="${fmt(Math.max(0.8, 0.006 * s))}" fill="none"/>`,
      )
      for (let k = 1; k < 9; k++) {
        const t = k / 9
        const px = b[0] + (tip[0] - b[0]) * t
        const py = b[1] + (tip[1] + len * 0.25 - b[1]) * t - Math.sin(t * Math.PI) * len * 0.12
        const l = len * 0.22 * (1 - t * 0.5)
        for (const sgn of [-1, 1]) {
          const la = ang + sgn * 1.1 + 0.4
          leaves.push([
            [px, py],
            [px + Math.cos(la) * l, py + Math.sin(la) * l + l * 0.3],
            l * 0.16,
            g(),
          ])
        }
      }
    }
  } else {
    // monstera-like bushy plant
    for (let i = 0; i < 13; i++) {
      const ang = rand.range(-Math.PI + 0.2, -0.2)
      const len = rand.range(0.35, 0.7) * s * size
      const tip: Pt = [b[0] + Math.cos(ang) * len, b[1] + Math.sin(ang) * len]
      svg.add(
        `<path d="M${fmt(b[0])} ${fmt(b[1])}L${fmt(tip[0])} ${fmt(tip[1])}" stroke="#4d6b3f" stroke-width="${fmt(Math.max(0.8, 0.008 * s))}"/>`,
      )
      const lw = rand.range(0.18, 0.26) * s * size
      leaves.push([
        tip,
        [
          tip[0] + Math.cos(ang + rand.range(-0.6, 0.6)) * lw * 1.2,
          tip[1] + Math.sin(ang) * lw * 0.8 - lw * 0.2,
        ],
        lw * 0.55,
        g(),
      ])
    }
  }
  for (const [p0, p1, w, c] of leaves) {
    svg.path(leafPath(p0, p1, w), c)
    if (w > 4)
      svg.add(
        `<path d="M${fmt(p0[0])} ${fmt(p0[1])}L${fmt(p1[0])} ${fmt(p1[1])}" stroke="${lighten(c, 0.25)}" stroke-width="${fmt(Math.max(0.5, w * 0.08))}" opacity="0.6"/>`,
      )
  }
}

/** Vase with a few branches (on a counter or table). */
export function vase(
  sc: Scene,
  x: number,
  y: number,
  z: number,
  color: string,
  rand: Rng,
  h = 0.22,
): void {
  if (sc.depth([x, y, z]) < sc.near + 0.3) return
  sc.cylinder(x, z, y, y + h, 0.06, color, 0.045)
  const s = sc.scaleAt([x, y + h, z])
  const b = sc.project([x, y + h, z])
  for (let i = 0; i < 4; i++) {
    const ang = -Math.PI / 2 + rand.range(-0.7, 0.7)
    const len = rand.range(0.3, 0.55) * s
    const tip: Pt = [b[0] + Math.cos(ang) * len, b[1] + Math.sin(ang) * len]
    sc.svg.add(
      `<path d="M${fmt(b[0])} ${fmt(b[1])}Q${fmt(b[0] + Math.cos(ang) * len * 0.3 + rand.range(-4, 4))} ${fmt(b[1] + Math.sin(ang) * len * 0.6)} ${fmt(tip[0])} ${fmt(tip[1])}" stroke="#5b4632" stroke-width="${fmt(Math.max(0.6, 0.006 * s))}" fill="none"/>`,
    )
    for (let k = 0; k < 6; k++) {
      const t = 0.3 + (k / 6) * 0.7
      const px = b[0] + (tip[0] - b[0]) * t
      const py = b[1] + (tip[1] - b[1]) * t
      const la = ang + (k % 2 ? 0.9 : -0.9)
      const l = 0.05 * s
      sc.svg.path(
        leafPath([px, py], [px + Math.cos(la) * l, py + Math.sin(la) * l], l * 0.35),
        rand.pick(['#6f8c5f', '#86a070', '#5d7a52']),
      )
    }
  }
}

export function bowl(
  sc: Scene,
  x: number,
  y: number,
  z: number,
  color: string,
  fruit: string,
): void {
  if (sc.depth([x, y, z]) < sc.near + 0.3) return
  for (const [dx, dz] of [
    [-0.05, 0],
    [0.05, 0.01],
    [0, -0.04],
    [0.01, 0.04],
  ] as const)
    sc.sphere(
      [x + dx, y + 0.07, z + dz],
      0.04,
      sc.svg.radial(
        [
          [0, lighten(fruit, 0.3)],
          [1, darken(fruit, 0.1)],
        ],
        0.4,
        0.35,
        0.6,
      ),
    )
  sc.cylinder(x, z, y, y + 0.07, 0.09, color, 0.15)
}

/** Row of books standing on a shelf running along x at depth z0..z1. */
export function books(
  sc: Scene,
  x0: number,
  x1: number,
  y: number,
  z0: number,
  z1: number,
  maxH: number,
  rand: Rng,
  colors: readonly string[],
): void {
  let x = x0 + rand.range(0, 0.06)
  while (x < x1 - 0.03) {
    if (rand.chance(0.12)) {
      // small object / gap
      const w = rand.range(0.06, 0.14)
      if (rand.chance(0.5) && x + w < x1) {
        const c = rand.pick(['#e8e1d5', '#c9b79c', '#8a9a86', '#b87a54'])
        sc.cylinder(x + w / 2, (z0 + z1) / 2, y, y + Math.min(maxH * 0.7, 0.16), w / 3, c)
      }
      x += w
      continue
    }
    if (rand.chance(0.1)) {
      // horizontal stack
      const w = rand.range(0.16, 0.24)
      if (x + w > x1) break
      let yy = y
      for (let k = 0; k < rand.int(2, 4); k++) {
        const hh = rand.range(0.025, 0.045)
        sc.box(
          {
            x0: x,
            x1: x + w - rand.range(0, 0.03),
            y0: yy,
            y1: yy + hh,
            z0: z0 + 0.01,
            z1: z1 - 0.02,
          },
          rand.pick(colors),
          { grad: 0 },
        )
        yy += hh
      }
      x += w + 0.01
      continue
    }
    const w = rand.range(0.022, 0.05)
    const hgt = Math.min(maxH - 0.01, rand.range(0.17, 0.3))
    if (x + w > x1) break
    const c = rand.pick(colors)
    sc.box(
      { x0: x, x1: x + w, y0: y, y1: y + hgt, z0: z0 + rand.range(0, 0.03), z1: z1 - 0.01 },
      c,
      {
        grad: 0,
        detail: (face, pl) => {
          if (face === 'front' && hgt > 0.2) {
            sc.rectOn(
              pl,
              0.003,
              pl.h * 0.72,
              pl.w - 0.003,
              pl.h * 0.78,
              lighten(c, 0.45),
              'opacity="0.7"',
            )
            sc.rectOn(
              pl,
              0.003,
              pl.h * 0.18,
              pl.w - 0.003,
              pl.h * 0.21,
              lighten(c, 0.45),
              'opacity="0.5"',
            )
          }
        },
      },
    )
    x += w + 0.002
  }
}

/** Framed abstract artwork on a wall plane. */
export function art(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  frame: string,
  palette: readonly string[],
  rand: Rng,
): void {
  const shadowPts = sc.quadOn(pl, a0 + 0.02, b0 - 0.03, a1 + 0.03, b1 - 0.02, 0.001)
  sc.shadow(shadowPts, 0.25, 0.03)
  sc.rectOn(pl, a0, b0, a1, b1, frame)
  const m = Math.min(a1 - a0, b1 - b0) * 0.09
  sc.rectOn(pl, a0 + 0.02, b0 + 0.02, a1 - 0.02, b1 - 0.02, '#f6f1e8')
  const i0 = a0 + m
  const j0 = b0 + m
  const i1 = a1 - m
  const j1 = b1 - m
  const bg = palette[0] as string
  sc.rectOn(pl, i0, j0, i1, j1, bg)
  const w = i1 - i0
  const h = j1 - j0
  const style = rand.int(0, 2)
  if (style === 0) {
    // arches
    for (let k = 0; k < 3; k++) {
      const cx = i0 + w * (0.3 + k * 0.2) + rand.range(-0.03, 0.03)
      const r = w * rand.range(0.16, 0.26)
      const pts: Pt[] = [[cx - r, j0]]
      for (let q = 0; q <= 16; q++) {
        const t = Math.PI * (1 - q / 16)
        pts.push([cx + Math.cos(t) * r, j0 + h * 0.35 + Math.sin(t) * r])
      }
      pts.push([cx + r, j0])
      sc.poly(
        sc.shapeOn(
          pl,
          pts.map(([a, b]) => [Math.min(i1, Math.max(i0, a)), Math.min(j1, b)] as Pt),
        ),
        palette[(k + 1) % palette.length] as string,
        'opacity="0.9"',
      )
    }
  } else if (style === 1) {
    // landscape bands
    let base = j0 + h * 0.5
    for (let k = 1; k < palette.length; k++) {
      const pts: Pt[] = [[i0, j0]]
      for (let q = 0; q <= 10; q++)
        pts.push([i0 + (w * q) / 10, base + Math.sin(q * 0.8 + k) * h * 0.06])
      pts.push([i1, j0])
      sc.poly(sc.shapeOn(pl, pts), palette[k] as string)
      base -= h * 0.14
    }
    const sun: Pt[] = []
    for (let q = 0; q < 16; q++)
      sun.push([
        i0 + w * 0.7 + Math.cos((q / 16) * Math.PI * 2) * w * 0.09,
        j0 + h * 0.75 + Math.sin((q / 16) * Math.PI * 2) * w * 0.09,
      ])
    sc.poly(sc.shapeOn(pl, sun), lighten(palette[1] as string, 0.4))
  } else {
    // blocks and circle
    sc.rectOn(pl, i0 + w * 0.1, j0 + h * 0.1, i0 + w * 0.55, j0 + h * 0.7, palette[1] as string)
    sc.rectOn(
      pl,
      i0 + w * 0.45,
      j0 + h * 0.35,
      i0 + w * 0.9,
      j0 + h * 0.9,
      palette[2 % palette.length] as string,
      'opacity="0.85"',
    )
    const c: Pt[] = []
    for (let q = 0; q < 20; q++)
      c.push([
        i0 + w * 0.35 + Math.cos((q / 20) * Math.PI * 2) * w * 0.15,
        j0 + h * 0.65 + Math.sin((q / 20) * Math.PI * 2) * w * 0.15,
      ])
    sc.poly(sc.shapeOn(pl, c), palette[3 % palette.length] as string, 'opacity="0.9"')
  }
}

/** Round or arched mirror on a wall plane. */
export function mirror(
  sc: Scene,
  pl: Plane,
  cxm: number,
  b0: number,
  w: number,
  h: number,
  frame: string,
  shape: 'round' | 'arch' | 'rect' | 'pill',
): void {
  const outline = (grow: number): Pt[] => {
    const pts: Pt[] = []
    const r = w / 2 + grow
    if (shape === 'round') {
      for (let q = 0; q < 40; q++) {
        const t = (q / 40) * Math.PI * 2
        pts.push([cxm + Math.cos(t) * r, b0 + h / 2 + Math.sin(t) * (h / 2 + grow)])
      }
    } else if (shape === 'rect') {
      pts.push(
        [cxm - r, b0 - grow],
        [cxm + r, b0 - grow],
        [cxm + r, b0 + h + grow],
        [cxm - r, b0 + h + grow],
      )
    } else {
      const bottomR = shape === 'pill' ? r : 0
      if (bottomR > 0) {
        for (let q = 0; q <= 14; q++) {
          const t = Math.PI + (q / 14) * Math.PI
          pts.push([cxm + Math.cos(t) * r, b0 + r - grow + Math.sin(t) * r])
        }
      } else {
        pts.push([cxm - r, b0 - grow], [cxm + r, b0 - grow])
      }
      for (let q = 0; q <= 20; q++) {
        const t = (q / 20) * Math.PI
        pts.push([cxm + Math.cos(t) * r, b0 + h - w / 2 + Math.sin(t) * r])
      }
    }
    return pts
  }
  sc.shadow(
    sc.shapeOn(
      pl,
      outline(0.02).map(([a, b]) => [a + 0.02, b - 0.03] as Pt),
      0.001,
    ),
    0.22,
    0.04,
  )
  sc.poly(sc.shapeOn(pl, outline(0.025), 0.01), metalFillOr(sc, frame))
  const inner = sc.projPoly(sc.shapeOn(pl, outline(0), 0.012))
  if (!inner) return
  const xs = inner.map((p) => p[0])
  const ys = inner.map((p) => p[1])
  const fill = sc.svg.linearAbs(
    [
      [0, '#dfe6e6'],
      [0.5, '#c5d0d0'],
      [1, '#aab6b8'],
    ],
    Math.min(...xs),
    Math.min(...ys),
    Math.max(...xs),
    Math.max(...ys),
  )
  sc.svg.path(pathD(inner), fill)
  const minX = Math.min(...xs)
  const maxX = Math.max(...xs)
  const minY = Math.min(...ys)
  const maxY = Math.max(...ys)
  sc.svg.open(`clip-path="${sc.svg.clip(pathD(inner))}"`)
  sc.svg.path(
    `M${fmt(minX + (maxX - minX) * 0.2)} ${fmt(maxY)}L${fmt(minX + (maxX - minX) * 0.45)} ${fmt(maxY)}L${fmt(minX + (maxX - minX) * 0.85)} ${fmt(minY)}L${fmt(minX + (maxX - minX) * 0.6)} ${fmt(minY)}Z`,
    '#ffffff',
    'opacity="0.25"',
  )
  sc.svg.close()
}

function metalFillOr(sc: Scene, c: string): string {
  if (c in metalBase) return metalFill(sc.svg, c as Metal)
  return c
}

/** Simple gooseneck faucet at (x,y,z) pointing towards +z. */
export function faucet(
  sc: Scene,
  x: number,
  y: number,
  z: number,
  metal: Metal,
  reach = 0.2,
  height = 0.34,
): void {
  const pts: V3[] = [[x, y, z]]
  for (let i = 0; i <= 10; i++) {
    const t = (i / 10) * Math.PI
    pts.push([x, y + height + Math.sin(t) * 0.06, z + (1 - Math.cos(t)) * (reach / 2)])
  }
  pts.push([x, y + height - 0.06, z + reach])
  sc.polyline(pts, metalBase[metal], 0.022)
  sc.polyline(pts, lighten(metalBase[metal], 0.4), 0.006, 'opacity="0.7"')
  sc.cylinder(x, z, y, y + 0.03, 0.03, metalBase[metal])
  sc.line([x + 0.06, y + 0.02, z], [x + 0.06, y + 0.1, z + 0.03], metalBase[metal], 0.012)
}

/** A flat-styled figure (no facial features), standing with feet at `foot`. */
export type PersonSpec = {
  shirt: string
  pants: string
  skin: string
  hair: string
  hat?: string
  apron?: string
  pose?: 'stand' | 'carry' | 'point' | 'work'
  flip?: boolean
  heightM?: number
}

export function person(sc: Scene, foot: V3, p: PersonSpec): void {
  if (sc.depth(foot) < sc.near + 0.5) return
  const s = (sc.scaleAt(foot) * (p.heightM ?? 1.76)) / 1.76
  const [fx, fy] = sc.project(foot)
  const px = (v: number): number => fx + (p.flip ? -v : v) * s
  const py = (v: number): number => fy - v * s
  const svg = sc.svg
  const outline = (pts: [number, number][]): string =>
    pathD(pts.map(([a, b]) => [px(a), py(b)] as Pt))
  svg.ellipse(fx, fy, 0.28 * s, 0.05 * s, '#1c1712', `opacity="0.25" filter="${svg.blur(2)}"`)
  // legs
  svg.path(
    outline([
      [-0.15, 0.02],
      [-0.03, 0.02],
      [-0.01, 0.92],
      [-0.17, 0.92],
    ]),
    p.pants,
    '',
  )
  svg.path(
    outline([
      [0.03, 0.02],
      [0.16, 0.02],
      [0.17, 0.92],
      [0.0, 0.92],
    ]),
    darken(p.pants, 0.12),
    '',
  )
  svg.path(
    outline([
      [-0.2, 0],
      [-0.02, 0],
      [-0.02, 0.06],
      [-0.16, 0.07],
    ]),
    '#2b241e',
  )
  svg.path(
    outline([
      [0.02, 0],
      [0.21, 0],
      [0.17, 0.07],
      [0.03, 0.06],
    ]),
    '#2b241e',
  )
  // torso
  const torso: [number, number][] = [
    [-0.2, 0.88],
    [0.2, 0.88],
    [0.23, 1.42],
    [0.12, 1.5],
    [-0.12, 1.5],
    [-0.23, 1.42],
  ]
  svg.path(
    roundedPts(
      torso.map(([a, b]) => [px(a), py(b)] as Pt),
      0.05 * s,
    ),
    p.shirt,
  )
  if (p.apron)
    svg.path(
      outline([
        [-0.16, 0.62],
        [0.16, 0.62],
        [0.15, 1.3],
        [-0.15, 1.3],
      ]),
      p.apron,
    )
  svg.path(
    outline([
      [-0.2, 0.9],
      [0.2, 0.9],
      [0.2, 0.96],
      [-0.2, 0.96],
    ]),
    darken(p.pants, 0.3),
  )
  // arms
  const pose = p.pose ?? 'stand'
  const arm = (side: number, pts: [number, number][]): void =>
    svg.add(
      `<path d="${pathD(
        pts.map(([a, b]) => [px(a * side), py(b)] as Pt),
        false,
      )}" stroke="${darken(p.shirt, 0.08)}" stroke-width="${fmt(0.1 * s)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    )
  const hand = (side: number, a: number, b: number): void =>
    svg.circle(px(a * side), py(b), 0.045 * s, p.skin)
  if (pose === 'carry') {
    arm(1, [
      [0.2, 1.4],
      [0.28, 1.12],
      [0.1, 1.05],
    ])
    arm(-1, [
      [0.2, 1.4],
      [0.26, 1.12],
      [0.08, 1.05],
    ])
    hand(1, 0.08, 1.05)
    hand(-1, 0.06, 1.05)
  } else if (pose === 'point') {
    arm(-1, [
      [0.2, 1.4],
      [0.26, 1.1],
      [0.24, 0.86],
    ])
    arm(1, [
      [0.2, 1.4],
      [0.42, 1.3],
      [0.62, 1.36],
    ])
    hand(-1, 0.24, 0.86)
    hand(1, 0.64, 1.36)
  } else if (pose === 'work') {
    arm(-1, [
      [0.2, 1.4],
      [0.3, 1.15],
      [0.45, 1.0],
    ])
    arm(1, [
      [0.2, 1.4],
      [0.34, 1.12],
      [0.5, 1.0],
    ])
    hand(-1, 0.46, 1.0)
    hand(1, 0.52, 1.0)
  } else {
    arm(-1, [
      [0.2, 1.4],
      [0.26, 1.1],
      [0.24, 0.86],
    ])
    arm(1, [
      [0.2, 1.4],
      [0.26, 1.1],
      [0.24, 0.86],
    ])
    hand(-1, 0.24, 0.86)
    hand(1, 0.24, 0.86)
  }
  // neck, head, hair
  svg.rect(px(-0.045), py(1.58), 0.09 * s, 0.1 * s, darken(p.skin, 0.08))
  svg.ellipse(px(0), py(1.66), 0.1 * s, 0.12 * s, p.skin)
  if (p.hat) {
    svg.path(
      `M${fmt(px(-0.12))} ${fmt(py(1.7))}Q${fmt(px(-0.11))} ${fmt(py(1.86))} ${fmt(px(0))} ${fmt(py(1.86))}Q${fmt(px(0.11))} ${fmt(py(1.86))} ${fmt(px(0.12))} ${fmt(py(1.7))}Z`,
      p.hat,
    )
    svg.rect(Math.min(px(-0.15), px(0.15)), py(1.71), 0.3 * s, 0.025 * s, darken(p.hat, 0.15))
  } else {
    svg.path(
      `M${fmt(px(-0.105))} ${fmt(py(1.62))}Q${fmt(px(-0.12))} ${fmt(py(1.8))} ${fmt(px(0))} ${fmt(py(1.8))}Q${fmt(px(0.12))} ${fmt(py(1.8))} ${fmt(px(0.105))} ${fmt(py(1.66))}Q${fmt(px(0.02))} ${fmt(py(1.72))} ${fmt(px(-0.105))} ${fmt(py(1.62))}Z`,
      p.hair,
    )
  }
}

function roundedPts(pts: Pt[], r: number): string {
  let d = ''
  const n = pts.length
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n] as Pt
    const p1 = pts[i] as Pt
    const p2 = pts[(i + 1) % n] as Pt
    const l1 = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) || 1
    const l2 = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) || 1
    const a: Pt = [
      p1[0] + ((p0[0] - p1[0]) * Math.min(r, l1 / 2)) / l1,
      p1[1] + ((p0[1] - p1[1]) * Math.min(r, l1 / 2)) / l1,
    ]
    const b: Pt = [
      p1[0] + ((p2[0] - p1[0]) * Math.min(r, l2 / 2)) / l2,
      p1[1] + ((p2[1] - p1[1]) * Math.min(r, l2 / 2)) / l2,
    ]
    d += `${i === 0 ? 'M' : 'L'}${fmt(a[0])} ${fmt(a[1])}Q${fmt(p1[0])} ${fmt(p1[1])} ${fmt(b[0])} ${fmt(b[1])}`
  }
  return `${d}Z`
}
