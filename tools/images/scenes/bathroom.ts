/** Parametric bathroom: vanity with mirrors, glass shower, freestanding tub, window. */
import { darken, lighten } from '../lib/color.ts'
import { vignette, wash } from '../lib/frame.ts'
import {
  art,
  cabinetFront,
  type DoorStyle,
  faucet,
  glow,
  grain,
  type Metal,
  marble,
  metalBase,
  metalFill,
  mirror,
  plant,
  sconce,
  type TileStyle,
  tiles,
  type Unit,
  vase,
} from '../lib/parts.ts'
import { rng } from '../lib/rng.ts'
import { drawRoom, drawWindow, type FloorSpec, lightBeam, sunPatch } from '../lib/room.ts'
import { type CameraSpec, hull, type Plane, Scene, type V3 } from '../lib/space.ts'
import { pathD, Svg } from '../lib/svg.ts'

export type BathSpec = {
  seed: string
  layout: 'A' | 'B' | 'C'
  wall: string
  floor: FloorSpec
  tile: { style: TileStyle; color: string; grout?: string; vein?: string; scale?: number }
  showerTile?: { style: TileStyle; color: string; grout?: string; vein?: string; scale?: number }
  vanity: string
  vanityStyle: DoorStyle
  vanityTop: { color: string; vein?: string }
  floating?: boolean
  double?: boolean
  mirror: 'round' | 'arch' | 'rect' | 'pill'
  metal: Metal
  tub?: string
  wainscot?: number
  greens?: string[]
  towel?: string
  angle?: 'center' | 'left' | 'right'
}

export type BathView = 'main' | 'detail-1' | 'detail-2' | 'detail-3' | 'hero'

const W = 4.6
const D = 5.4
const H = 2.75

function camera(view: BathView, b: BathSpec): CameraSpec {
  switch (view) {
    case 'hero':
      return { pos: [0.3, 1.45, 4.2], focal: 0.36, horizon: 0.47 }
    case 'detail-1':
      return { pos: [-1.3, 1.4, 4.5], yaw: -22, focal: 0.55, horizon: 0.45 }
    case 'detail-2':
      // close-up of the vanity
      if (b.layout === 'A') return { pos: [-0.55, 1.45, 2.4], yaw: 0, focal: 0.6, horizon: 0.48 }
      return { pos: [0.4, 1.35, 2.6], yaw: 38, focal: 0.58, horizon: 0.48 }
    case 'detail-3':
      return { pos: [1.3, 1.3, 4.4], yaw: 14, focal: 0.56, horizon: 0.45 }
    default:
      if (b.angle === 'left') return { pos: [-1.0, 1.45, 4.9], yaw: -13, focal: 0.5, horizon: 0.45 }
      if (b.angle === 'right') return { pos: [1.3, 1.45, 4.9], yaw: 13, focal: 0.5, horizon: 0.45 }
      return { pos: [0.25, 1.45, 4.95], focal: 0.5, horizon: 0.45 }
  }
}

/** Oval freestanding tub along x (or z when `alongZ`). */
function tub(
  sc: Scene,
  cx: number,
  cz: number,
  alongZ: boolean,
  color: string,
  metal: Metal,
): void {
  const len = 0.85
  const wid = 0.4
  const rx = alongZ ? wid : len
  const rz = alongZ ? len : wid
  sc.shadow(sc.ring(cx, 0.001, cz, rx * 1.05, 24, rz * 1.05), 0.28, 0.08)
  const filler = (): void => {
    const fx = alongZ ? cx + rx + 0.12 : cx
    const fz = alongZ ? cz : cz - rz - 0.12
    const pts3: V3[] = [
      [fx, 0, fz],
      [fx, 0.92, fz],
    ]
    for (let i = 0; i <= 8; i++) {
      const t = (i / 8) * Math.PI
      const r = 0.12
      pts3.push(
        alongZ
          ? [fx - (1 - Math.cos(t)) * r, 0.92 + Math.sin(t) * 0.06, fz]
          : [fx, 0.92 + Math.sin(t) * 0.06, fz + (1 - Math.cos(t)) * r],
      )
    }
    sc.polyline(pts3, metalBase[metal], 0.025)
    sc.polyline(pts3, lighten(metalBase[metal], 0.4), 0.007, 'opacity="0.6"')
  }
  const fx0 = alongZ ? cx + rx + 0.12 : cx
  const fz0 = alongZ ? cz : cz - rz - 0.12
  const fillerFirst = sc.depth([fx0, 0.5, fz0]) > sc.depth([cx, 0.5, cz])
  if (fillerFirst) filler()
  const base = sc.ring(cx, 0.02, cz, rx * 0.82, 32, rz * 0.82)
  const top = sc.ring(cx, 0.6, cz, rx, 32, rz)
  const cams = [...base, ...top].map((p) => sc.toCam(p))
  if (cams.some((c) => c[2] < sc.near)) return
  const pts = cams.map((c) => sc.projCam(c))
  const fill = sc.svg.linear(
    [
      [0, lighten(color, 0.15)],
      [0.5, color],
      [1, darken(color, 0.18)],
    ],
    0,
    0,
    1,
    0,
  )
  sc.svg.path(pathD(hull(pts)), fill)
  sc.poly(top, lighten(color, 0.2))
  const inner = sc.ring(cx, 0.6, cz, rx * 0.86, 32, rz * 0.8)
  sc.poly(
    inner,
    sc.svg.linear([
      [0, darken('#e9eef0', 0.12)],
      [1, '#f4f7f8'],
    ]),
  )
  const water = sc.ring(cx, 0.5, cz, rx * 0.8, 32, rz * 0.72)
  sc.poly(water, '#bcd7df', 'opacity="0.55"')
  if (!fillerFirst) filler()
}

function glassPanel(sc: Scene, pts: V3[], metal: Metal): void {
  const p = sc.projPoly(pts)
  if (!p) return
  sc.svg.path(pathD(p), '#dfeef0', 'opacity="0.22"')
  const xs = p.map((q) => q[0])
  const ys = p.map((q) => q[1])
  const minX = Math.min(...xs)
  const maxX = Math.max(...xs)
  const minY = Math.min(...ys)
  const maxY = Math.max(...ys)
  sc.svg.open(`clip-path="${sc.svg.clip(pathD(p))}"`)
  const w = maxX - minX
  sc.svg.path(
    pathD([
      [minX + w * 0.1, maxY],
      [minX + w * 0.3, maxY],
      [minX + w * 0.8, minY],
      [minX + w * 0.6, minY],
    ]),
    '#ffffff',
    'opacity="0.18"',
  )
  sc.svg.close()
  const m = metalBase[metal]
  for (let i = 0; i < pts.length; i++)
    sc.line(pts[i] as V3, pts[(i + 1) % pts.length] as V3, m, 0.014)
}

function niche(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  tileC: string,
  rand: ReturnType<typeof rng>,
): void {
  sc.rectOn(pl, a0, b0, a1, b1, darken(tileC, 0.22))
  sc.rectOn(pl, a0, b0, a1, b0 + 0.02, lighten(tileC, 0.1))
  for (let i = 0; i < 3; i++) {
    const a = a0 + 0.07 + i * 0.09
    const h = rand.range(0.12, 0.2)
    sc.rectOn(
      pl,
      a,
      b0 + 0.02,
      a + 0.06,
      b0 + 0.02 + h,
      rand.pick(['#f2ede4', '#c9b79c', '#8a9a86', '#e4d3c0']),
      '',
      2,
    )
  }
}

export function bathroom(b: BathSpec, view: BathView, w: number, h: number): string {
  const svg = new Svg(w, h)
  const fixed = rng(b.seed)
  const rand = rng(`${b.seed}-${view}`)
  const light: V3 = b.layout === 'B' ? [0.2, 0.7, 0.7] : [-0.8, 0.6, 0.3]
  const sc = new Scene(svg, camera(view, b), light)
  const room = drawRoom(sc, { w: W, d: D, h: H, wall: b.wall, floor: b.floor, potLights: 2 }, fixed)
  const tileR = rng(`${b.seed}-t`)
  const showerT = b.showerTile ?? b.tile
  const wain = b.wainscot ?? 0
  // Wainscot tiling
  if (wain > 0) {
    tiles(sc, room.back, 0, 0.1, W, wain, { ...b.tile, rand: tileR })
    tiles(sc, room.left, 0, 0.1, D, wain, { ...b.tile, rand: tileR })
    tiles(sc, room.right, 0, 0.1, D, wain, { ...b.tile, rand: tileR })
  }
  const sunLeft: V3 = [1, -0.6, 0.15]
  const sunBack: V3 = [0.15, -0.6, 1]
  const win = { frame: '#f4f1ea', rand: fixed, wall: b.wall, greens: b.greens, cols: 2, rows: 2 }
  const mf = metalFill(svg, b.metal)

  // ---- shower zone
  let shower: { x0: number; x1: number; z1: number } | null = null
  if (b.layout === 'A' || b.layout === 'B') shower = { x0: W / 2 - 1.35, x1: W / 2, z1: 1.25 }
  else shower = { x0: -W / 2, x1: W / 2, z1: 1.15 }
  const sh = shower
  tiles(sc, room.back, sh.x0 + W / 2, 0.1, sh.x1 + W / 2, 2.3, { ...showerT, rand: tileR })
  if (sh.x1 === W / 2) tiles(sc, room.right, 0, 0.1, sh.z1, 2.3, { ...showerT, rand: tileR })
  if (sh.x0 === -W / 2) tiles(sc, room.left, 0, 0.1, sh.z1, 2.3, { ...showerT, rand: tileR })
  // shower floor mosaic
  sc.poly(
    [
      [sh.x0, 0.003, 0],
      [sh.x1, 0.003, 0],
      [sh.x1, 0.003, sh.z1],
      [sh.x0, 0.003, sh.z1],
    ],
    darken(showerT.color, 0.08),
  )
  for (let x = sh.x0 + 0.06; x < sh.x1; x += 0.06)
    sc.line([x, 0.004, 0], [x, 0.004, sh.z1], darken(showerT.color, 0.2), 0.002)
  for (let z = 0.06; z < sh.z1; z += 0.06)
    sc.line([sh.x0, 0.004, z], [sh.x1, 0.004, z], darken(showerT.color, 0.2), 0.002)
  // niche, valve, rain head
  const nicheX = (sh.x0 + sh.x1) / 2 + W / 2
  niche(sc, room.back, nicheX - 0.2, 1.05, nicheX + 0.2, 1.45, showerT.color, fixed)
  const vx = (sh.x0 + sh.x1) / 2
  sc.poly(
    sc
      .ring(vx, 1.0, 0.005, 0.07, 20)
      .map((p) => [p[0], p[2] * 0 + p[1] + (p[2] - 0.005), 0.006] as V3),
    mf,
  )
  sc.line([vx, 2.35, 0.01], [vx, 2.35, 0.32], metalBase[b.metal], 0.02)
  sc.cylinder(vx, 0.34, 2.31, 2.34, 0.14, metalBase[b.metal])
  sc.line([vx + 0.02, 1.0, 0.02], [vx + 0.02, 2.34, 0.02], metalBase[b.metal], 0.014)
  // ---- windows
  let corners: V3[] = []
  if (b.layout === 'B') {
    const a0 = 0.7
    const a1 = 2.3
    drawWindow(sc, room.back, a0, 1.0, a1, 2.3, win)
    corners = [
      [a0 - W / 2, 2.3, 0],
      [a1 - W / 2, 2.3, 0],
      [a1 - W / 2, 1.0, 0],
      [a0 - W / 2, 1.0, 0],
    ]
  } else if (b.layout === 'C') {
    drawWindow(sc, room.back, 0.9, 1.95, 3.7, 2.45, { ...win, cols: 3, rows: 1 })
    corners = [
      [0.9 - W / 2, 2.45, 0],
      [3.7 - W / 2, 2.45, 0],
      [3.7 - W / 2, 1.95, 0],
      [0.9 - W / 2, 1.95, 0],
    ]
  } else {
    drawWindow(sc, room.left, 1.7, 1.05, 3.2, 2.35, win)
    corners = [
      [-W / 2, 2.35, 1.7],
      [-W / 2, 2.35, 3.2],
      [-W / 2, 1.05, 3.2],
      [-W / 2, 1.05, 1.7],
    ]
  }
  const sun = b.layout === 'A' ? sunLeft : sunBack
  sunPatch(sc, corners, sun, 0.28)
  lightBeam(sc, corners, sun, 0.06)

  // ---- vanity
  const vanityBox = (
    x0: number,
    x1: number,
    z0: number,
    z1: number,
    face: 'front' | 'right',
  ): void => {
    const y0 = b.floating ? 0.28 : 0
    if (b.floating)
      sc.shadow(
        [
          [x0, 0.001, z0],
          [x1, 0.001, z0],
          [x1, 0.001, z1 + 0.1],
          [x0, 0.001, z1 + 0.1],
        ],
        0.25,
        0.1,
      )
    const n = Math.max(2, Math.round((face === 'front' ? x1 - x0 : z1 - z0) / 0.55))
    const units: Unit[] = Array.from({ length: n }, (_, i) =>
      b.double ? (i === 0 || i === n - 1 ? 'doors' : 'drawers2') : i % 2 ? 'drawers2' : 'doors',
    )
    sc.box({ x0, x1, y0, y1: 0.84, z0, z1 }, b.vanity, {
      detail: (f, pl) => {
        if (f === face)
          cabinetFront(sc, pl, {
            color: b.vanity,
            style: b.vanityStyle,
            handle: b.vanityStyle === 'fluted' ? 'none' : 'bar',
            metal: b.metal,
            units,
            toe: b.floating ? 0 : 0.08,
          })
        if (f === 'top' || f === 'front' || f === 'right')
          grain(sc, pl, rand, b.vanity, f !== 'top')
      },
    })
    sc.box(
      { x0: x0 - 0.02, x1: x1 + 0.02, y0: 0.84, y1: 0.88, z0: z0, z1: z1 + 0.02 },
      b.vanityTop.color,
      {
        detail: (f, pl) => {
          if (b.vanityTop.vein) marble(sc, pl, rand, b.vanityTop.vein, f === 'top' ? 1.5 : 0.8)
        },
      },
    )
  }
  const drawSink = (x: number, z: number, alongZ: boolean): void => {
    const r = sc.ring(x, 0.885, z, alongZ ? 0.16 : 0.21, 24, alongZ ? 0.21 : 0.16)
    sc.poly(
      r,
      sc.svg.linear([
        [0, '#c9d0d2'],
        [1, '#f3f6f6'],
      ]),
    )
  }
  if (b.layout === 'A') {
    // vanity on the back wall (left part)
    const vx0 = -W / 2 + 0.25
    const vx1 = sh.x0 - 0.25
    vanityBox(vx0, vx1, 0, 0.55, 'front')
    const mids = b.double ? [vx0 + (vx1 - vx0) * 0.27, vx0 + (vx1 - vx0) * 0.73] : [(vx0 + vx1) / 2]
    for (const m of mids) {
      drawSink(m, 0.3, false)
      faucet(sc, m, 0.88, 0.05, b.metal, 0.16, 0.22)
      mirror(
        sc,
        room.back,
        m + W / 2,
        1.2,
        b.double ? 0.6 : 0.8,
        b.mirror === 'round' ? (b.double ? 0.6 : 0.8) : 1.0,
        b.metal,
        b.mirror,
      )
    }
    const sx = b.double ? [vx0 + 0.12, (vx0 + vx1) / 2, vx1 - 0.12] : [vx0 + 0.15, vx1 - 0.15]
    for (const x of sx) sconce(sc, room.back, x + W / 2, 1.72, b.metal)
  } else if (b.layout === 'B' || b.layout === 'C') {
    // vanity on the left wall
    const z0 = b.layout === 'B' ? 1.6 : 1.7
    const z1 = z0 + (b.double ? 2.0 : 1.4)
    vanityBox(-W / 2, -W / 2 + 0.55, z0, z1, 'right')
    const mids = b.double ? [z0 + (z1 - z0) * 0.27, z0 + (z1 - z0) * 0.73] : [(z0 + z1) / 2]
    for (const m of mids) {
      drawSink(-W / 2 + 0.3, m, true)
      const fpts: V3[] = [
        [-W / 2 + 0.02, 1.05, m],
        [-W / 2 + 0.18, 1.05, m],
        [-W / 2 + 0.18, 1.0, m],
      ]
      sc.polyline(fpts, metalBase[b.metal], 0.02)
      mirror(
        sc,
        room.left,
        m,
        1.2,
        b.double ? 0.65 : 0.8,
        b.mirror === 'round' ? (b.double ? 0.65 : 0.8) : 1.0,
        b.metal,
        b.mirror,
      )
    }
    const ends = b.double ? [z0 + 0.1, (z0 + z1) / 2, z1 - 0.1] : [z0 + 0.1, z1 - 0.1]
    for (const z of ends) sconce(sc, room.left, z, 1.72, b.metal)
  }
  // ---- glass
  if (b.layout === 'C') {
    glassPanel(
      sc,
      [
        [-0.4, 0, sh.z1],
        [W / 2 - 0.05, 0, sh.z1],
        [W / 2 - 0.05, 2.1, sh.z1],
        [-0.4, 2.1, sh.z1],
      ],
      b.metal,
    )
    sc.line([-0.4, 2.1, sh.z1], [-0.4, 2.1, 0], metalBase[b.metal], 0.012)
  } else {
    glassPanel(
      sc,
      [
        [sh.x0, 0, 0],
        [sh.x0, 0, sh.z1 - 0.45],
        [sh.x0, 2.05, sh.z1 - 0.45],
        [sh.x0, 2.05, 0],
      ],
      b.metal,
    )
    glassPanel(
      sc,
      [
        [sh.x0, 0, sh.z1],
        [sh.x0 + 0.7, 0, sh.z1],
        [sh.x0 + 0.7, 2.05, sh.z1],
        [sh.x0, 2.05, sh.z1],
      ],
      b.metal,
    )
  }
  // ---- tub
  if (b.tub) {
    if (b.layout === 'A') tub(sc, -W / 2 + 0.7, 3.2, true, b.tub, b.metal)
    else if (b.layout === 'B') tub(sc, 0.1 - 0.6 + 0.4, 0.9, false, b.tub, b.metal)
    else tub(sc, 1.05, 2.55, true, b.tub, b.metal)
  }
  // ---- towel ladder and stool
  const tc = b.towel ?? '#efe7da'
  const lx = b.layout === 'A' ? sh.x0 - 0.12 : W / 2 - 0.06
  const lz = b.layout === 'A' ? 0.05 : sh.z1 + 0.7
  if (b.layout !== 'A') {
    sc.line([lx, 0.2, lz], [lx, 1.7, lz], metalBase[b.metal], 0.02)
    sc.line([lx, 0.2, lz + 0.5], [lx, 1.7, lz + 0.5], metalBase[b.metal], 0.02)
    for (let y = 0.45; y < 1.7; y += 0.3)
      sc.line([lx, y, lz], [lx, y, lz + 0.5], metalBase[b.metal], 0.014)
    sc.box({ x0: lx - 0.06, x1: lx - 0.02, y0: 0.9, y1: 1.48, z0: lz + 0.04, z1: lz + 0.46 }, tc, {
      round: 3,
    })
  }
  const stoolX = b.layout === 'A' ? -W / 2 + 1.5 : b.layout === 'B' ? 1.0 : -0.3
  const stoolZ = b.layout === 'A' ? 3.7 : b.layout === 'B' ? 1.55 : 2.9
  if (view !== 'detail-1') {
    sc.shadow(sc.ring(stoolX, 0.001, stoolZ, 0.22, 16), 0.2, 0.04)
    sc.box(
      {
        x0: stoolX - 0.16,
        x1: stoolX + 0.16,
        y0: 0,
        y1: 0.42,
        z0: stoolZ - 0.13,
        z1: stoolZ + 0.13,
      },
      '#a8784c',
      {
        detail: (f, pl) => {
          if (f === 'front')
            sc.rectOn(pl, 0.04, 0, pl.w - 0.04, pl.h - 0.05, darken('#a8784c', 0.25))
          if (f === 'top')
            for (let a = 0.05; a < pl.w; a += 0.055)
              sc.lineOn(pl, a, 0, a, pl.h, darken('#a8784c', 0.3), 0.006)
        },
      },
    )
    for (let i = 0; i < 3; i++)
      sc.box(
        {
          x0: stoolX - 0.12,
          x1: stoolX + 0.12,
          y0: 0.42 + i * 0.03,
          y1: 0.45 + i * 0.03,
          z0: stoolZ - 0.09,
          z1: stoolZ + 0.09,
        },
        i === 1 ? lighten(tc, 0.05) : tc,
        { round: 2 },
      )
  }
  // ---- plants and decor
  if (b.layout === 'A') {
    vase(sc, -W / 2 + 0.45, 0.88, 0.25, '#e4dccf', rand, 0.18)
    art(
      sc,
      room.right,
      1.9,
      1.15,
      2.9,
      2.05,
      darken(b.vanity, 0.2),
      [lighten(b.tile.color, 0.3), b.tile.color, b.vanity, '#e8d9bf'],
      fixed,
    )
    plant(sc, W / 2 - 0.4, 2.7, 1.2, '#d8cdbb', 'monstera', fixed)
  } else if (b.layout === 'B') {
    plant(sc, -W / 2 + 0.4, 0.4, 1.3, '#e8e1d5', 'palm', fixed)
  } else {
    plant(sc, W / 2 - 0.4, 3.6, 1.3, '#d8cdbb', 'fiddle', fixed)
  }
  glow(sc, [0, H - 0.3, 2.5], 2.0, '#fff3d6', 0.12)
  wash(svg, b.layout !== 'B', '#fff4df', 0.1)
  vignette(svg, 0.18)
  return svg.toString()
}
