/** Residential carpentry interiors: built-ins, dining, mudroom, laser panel, closet, study, media wall. */
import { darken, lighten } from '../lib/color.ts'
import { vignette, wash } from '../lib/frame.ts'
import {
  art,
  books,
  bowl,
  cabinetFront,
  chair,
  type DoorStyle,
  glow,
  grain,
  type Handle,
  type Metal,
  metalBase,
  mirror,
  type PendantKind,
  pendant,
  plant,
  rug,
  table,
  tiles,
  type Unit,
  vase,
} from '../lib/parts.ts'
import { type PatternKind, pattern } from '../lib/pattern.ts'
import { type Rng, rng } from '../lib/rng.ts'
import {
  drawRoom,
  drawWindow,
  type FloorSpec,
  gradQuad,
  lightBeam,
  type Room,
  sunPatch,
} from '../lib/room.ts'
import { type CameraSpec, Scene, type V3 } from '../lib/space.ts'
import { type Pt, pathD, Svg } from '../lib/svg.ts'

export type ResidentialKind =
  | 'library'
  | 'dining'
  | 'mudroom'
  | 'laser'
  | 'closet'
  | 'study'
  | 'media'

export type ResidentialSpec = {
  seed: string
  kind: ResidentialKind
  wall: string
  feature?: string
  wood: string
  cabinet: string
  accent: string
  accent2: string
  fabric: string
  floor: FloorSpec
  metal: Metal
  door: DoorStyle
  handle: Handle
  pendant?: PendantKind
  pendantColor?: string
  pattern?: PatternKind
  panel?: string
  dusk?: boolean
}

export type ResidentialView = 'main' | 'detail-1' | 'detail-2' | 'detail-3' | 'hero' | 'welcome'

const W = 5.8
const D = 7
const H = 2.8

function camera(view: ResidentialView, r: ResidentialSpec): CameraSpec {
  const close: Record<ResidentialKind, CameraSpec> = {
    library: { pos: [-1.0, 1.35, 2.7], yaw: 12, focal: 0.55, horizon: 0.5 },
    dining: { pos: [2.0, 1.4, 5.0], yaw: 26, focal: 0.6, horizon: 0.48 },
    mudroom: { pos: [0.4, 1.2, 2.6], yaw: 10, focal: 0.55, horizon: 0.5 },
    laser: { pos: [0, 1.35, 2.9], focal: 0.55, horizon: 0.48 },
    closet: { pos: [0.6, 1.35, 3.2], yaw: -30, focal: 0.56, horizon: 0.5 },
    study: { pos: [0.3, 1.3, 2.6], yaw: 6, focal: 0.56, horizon: 0.5 },
    media: { pos: [0.6, 1.3, 3.3], yaw: 6, focal: 0.58, horizon: 0.5 },
  }
  switch (view) {
    case 'hero': {
      const z: Record<ResidentialKind, number> = {
        library: 5.0,
        dining: 5.0,
        mudroom: 4.0,
        laser: 4.2,
        closet: 5.0,
        study: 4.3,
        media: 5.4,
      }
      return { pos: [0.2, 1.42, z[r.kind]], focal: 0.4, horizon: 0.46 }
    }
    case 'welcome':
      return { pos: [-1.2, 1.4, 6.2], yaw: -14, focal: 0.5, horizon: 0.48 }
    case 'detail-1':
      return { pos: [-1.7, 1.4, 5.2], yaw: -24, focal: 0.52, horizon: 0.46 }
    case 'detail-2':
      return close[r.kind]
    case 'detail-3':
      return { pos: [1.7, 1.3, 5.0], yaw: 22, focal: 0.52, horizon: 0.46 }
    default: {
      const z: Record<ResidentialKind, number> = {
        library: 5.0,
        dining: 5.2,
        mudroom: 3.9,
        laser: 4.1,
        closet: 5.2,
        study: 4.3,
        media: 5.6,
      }
      return { pos: [0.3, 1.42, z[r.kind]], focal: 0.5, horizon: 0.45 }
    }
  }
}

/** Built-in shelving unit against the back wall between x0..x1. */
function builtIn(
  sc: Scene,
  r: ResidentialSpec,
  x0: number,
  x1: number,
  depth: number,
  rand: Rng,
  withBase = true,
  top = H - 0.02,
): void {
  const baseH = withBase ? 0.85 : 0.1
  const inner = darken(r.cabinet, 0.14)
  const n = Math.max(1, Math.round((x1 - x0) / 0.85))
  const bw = (x1 - x0) / n
  // carcass back
  sc.box({ x0, x1, y0: 0, y1: top, z0: 0, z1: 0.02 }, inner)
  gradQuad(
    sc,
    { o: [x0, 0, 0.021], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, 1], w: x1 - x0, h: top },
    0,
    baseH,
    x1 - x0,
    top,
    [
      [0, '#000000', 0.08],
      [1, '#000000', 0],
    ],
    'b',
  )
  const shelves = [baseH + 0.04]
  for (let y = baseH + 0.42; y < top - 0.3; y += 0.38) shelves.push(y)
  for (let i = 0; i < n; i++) {
    const a = x0 + i * bw
    for (const y of shelves.slice(1)) {
      books(sc, a + 0.05, a + bw - 0.05, y + 0.03, 0.03, depth - 0.04, 0.34, rand, [
        r.accent,
        r.accent2,
        '#e9e2d6',
        '#c9b79c',
        '#6f7f74',
        '#2f3b46',
        '#a4552f',
        lighten(r.accent, 0.3),
      ])
      if (rand.chance(0.35))
        plant(sc, a + bw - 0.2, depth / 2, 0.45, '#efe7da', 'trailing', rand, undefined, y + 0.03)
    }
    for (const y of shelves)
      sc.box({ x0: a, x1: a + bw, y0: y, y1: y + 0.03, z0: 0.02, z1: depth }, r.cabinet, {
        grad: 0,
      })
    sc.box({ x0: a, x1: a + 0.03, y0: 0, y1: top, z0: 0.02, z1: depth }, r.cabinet)
  }
  sc.box({ x0: x1 - 0.03, x1, y0: 0, y1: top, z0: 0.02, z1: depth }, r.cabinet)
  if (withBase) {
    sc.box({ x0, x1, y0: 0, y1: baseH, z0: 0.02, z1: depth + 0.03 }, r.cabinet, {
      detail: (f, pl) => {
        if (f === 'front')
          cabinetFront(sc, pl, {
            color: r.cabinet,
            style: r.door,
            handle: r.handle,
            metal: r.metal,
            units: Array.from({ length: n }, () => 'doors' as Unit),
            toe: 0.08,
          })
      },
    })
    sc.box(
      { x0: x0 - 0.01, x1: x1 + 0.01, y0: baseH, y1: baseH + 0.04, z0: 0.02, z1: depth + 0.05 },
      r.wood,
    )
  }
  sc.box(
    { x0: x0 - 0.02, x1: x1 + 0.02, y0: top - 0.1, y1: top, z0: 0.02, z1: depth + 0.02 },
    r.cabinet,
  )
  // picture lights
  for (let i = 0; i < n; i++)
    glow(sc, [x0 + (i + 0.5) * bw, top - 0.2, depth], 0.5, '#ffe2a8', 0.35)
}

function floorLamp(sc: Scene, x: number, z: number, metal: Metal): void {
  sc.shadow(sc.ring(x, 0.001, z, 0.2, 16), 0.2, 0.04)
  sc.cylinder(x, z, 0, 0.03, 0.15, metalBase[metal])
  sc.line([x, 0.03, z], [x, 1.45, z], metalBase[metal], 0.015)
  glow(sc, [x, 1.45, z], 0.9, '#ffe2a8', 0.45)
  sc.cylinder(x, z, 1.35, 1.6, 0.2, '#f3eadb', 0.14)
}

function library(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  // Fireplace in the middle with built-ins each side
  const fw = 1.7
  builtIn(sc, r, -W / 2 + 0.2, -fw / 2 - 0.05, 0.38, acc)
  builtIn(sc, r, fw / 2 + 0.05, W / 2 - 0.2, 0.38, acc)
  const stone = r.feature ?? lighten(r.wall, 0.1)
  sc.box({ x0: -fw / 2, x1: fw / 2, y0: 0, y1: H, z0: 0, z1: 0.3 }, stone, {
    detail: (f, pl) => {
      if (f === 'front') {
        tiles(sc, pl, 0, 0, pl.w, pl.h, { style: 'plaster', color: stone, rand: fixed })
        sc.rectOn(pl, 0.35, 0.12, pl.w - 0.35, 0.8, '#1f1a16')
        const c: Pt = [pl.w / 2, 0.3]
        const flame = (dx: number, hgt: number, col: string): void => {
          const pts: Pt[] = [
            [c[0] + dx - 0.12, 0.16],
            [c[0] + dx + 0.12, 0.16],
            [c[0] + dx + 0.05, 0.16 + hgt * 0.6],
            [c[0] + dx, 0.16 + hgt],
            [c[0] + dx - 0.06, 0.16 + hgt * 0.5],
          ]
          sc.poly(sc.shapeOn(pl, pts, 0.001), col, '', 6)
        }
        flame(-0.15, 0.3, '#e27a2c')
        flame(0.12, 0.38, '#e89a3c')
        flame(0, 0.24, '#f6c55a')
        sc.rectOn(pl, 0.3, 0.1, pl.w - 0.3, 0.14, '#3a332a')
      }
    },
  })
  glow(sc, [0, 0.45, 0.35], 1.2, '#ffb866', 0.35)
  sc.box({ x0: -fw / 2 - 0.08, x1: fw / 2 + 0.08, y0: 1.15, y1: 1.22, z0: 0, z1: 0.38 }, r.wood, {
    detail: (f, pl) => {
      if (f === 'front' || f === 'top') grain(sc, pl, acc, r.wood)
    },
  })
  art(
    sc,
    { o: [-fw / 2, 0, 0.3], u: [1, 0, 0], v: [0, 1, 0], n: [0, 0, 1], w: fw, h: H },
    0.3,
    1.45,
    fw - 0.3,
    2.35,
    r.wood,
    [lighten(r.accent2, 0.5), r.accent, r.accent2, '#e9d8b8'],
    fixed,
  )
  vase(sc, -0.6, 1.22, 0.2, '#e9e2d6', acc, 0.2)
  // Window on the left wall
  drawWindow(sc, room.left, 1.6, 0.7, 3.4, 2.4, {
    frame: '#f4f1ea',
    cols: 2,
    rows: 2,
    rand: fixed,
    wall: r.wall,
    dusk: r.dusk,
  })
  const corners: V3[] = [
    [-W / 2, 2.4, 1.6],
    [-W / 2, 2.4, 3.4],
    [-W / 2, 0.7, 3.4],
    [-W / 2, 0.7, 1.6],
  ]
  if (!r.dusk) {
    sunPatch(sc, corners, [1, -0.6, 0.2], 0.25)
    lightBeam(sc, corners, [1, -0.6, 0.2], 0.06)
  }
  rug(sc, -1.6, 1.6, 2.0, 4.6, lighten(r.accent2, 0.55), r.accent2)
  table(
    sc,
    { x0: -0.6, x1: 0.6, y0: 0, y1: 0.42, z0: 3.0, z1: 3.7 },
    r.wood,
    darken(r.wood, 0.2),
    'slab',
    acc,
  )
  books(sc, -0.4, 0.0, 0.42, 3.15, 3.5, 0.06, acc, ['#e9e2d6', r.accent, '#c9b79c'])
  bowl(sc, 0.3, 0.42, 3.35, '#efe9df', '#9fbf4f')
  chair(sc, -1.9, 2.5, 1, r.fabric, darken(r.wood, 0.3), 'lounge')
  chair(sc, 1.9, 2.5, 1, r.fabric, darken(r.wood, 0.3), 'lounge')
  floorLamp(sc, 2.4, 1.6, r.metal)
  plant(sc, -W / 2 + 0.45, 4.8, 1.4, '#d9cbb5', 'fiddle', acc)
}

function dining(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  if (r.feature)
    tiles(sc, back, 0, 0.1, W, 1.1, { style: 'fluted', color: r.feature, rand: fixed, scale: 1.6 })
  // Sideboard and art
  sc.shadow(
    [
      [-1.3, 0.001, 0],
      [1.3, 0.001, 0],
      [1.35, 0.001, 0.6],
      [-1.35, 0.001, 0.6],
    ],
    0.25,
    0.08,
  )
  sc.box({ x0: -1.2, x1: 1.2, y0: 0.15, y1: 0.8, z0: 0.02, z1: 0.48 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['doors', 'drawers', 'doors'],
          toe: 0,
        })
      if (f === 'top') grain(sc, pl, acc, r.cabinet)
    },
  })
  for (const x of [-1.1, 1.05])
    sc.box({ x0: x, x1: x + 0.05, y0: 0, y1: 0.15, z0: 0.38, z1: 0.43 }, darken(r.cabinet, 0.3))
  art(
    sc,
    back,
    W / 2 - 0.9,
    1.15,
    W / 2 + 0.9,
    2.25,
    r.wood,
    [lighten(r.accent, 0.55), r.accent, r.accent2, '#e8d9bf'],
    fixed,
  )
  vase(sc, -0.8, 0.8, 0.25, '#e9e2d6', acc, 0.28)
  bowl(sc, 0.6, 0.8, 0.25, '#efe9df', '#e7b83c')
  // Window on left wall with drapes
  drawWindow(sc, room.left, 1.4, 0.5, 3.6, 2.45, {
    frame: '#2b2a28',
    cols: 3,
    rows: 1,
    transom: 0.25,
    rand: fixed,
    wall: r.wall,
    dusk: r.dusk,
  })
  for (const [z0, z1] of [
    [1.0, 1.4],
    [3.6, 4.0],
  ] as const) {
    const drape: V3[] = []
    for (let i = 0; i <= 8; i++)
      drape.push([-W / 2 + 0.06 + (i % 2) * 0.06, 2.6, z0 + ((z1 - z0) * i) / 8])
    sc.poly(
      [
        [-W / 2 + 0.04, 2.6, z0],
        [-W / 2 + 0.04, 2.6, z1],
        [-W / 2 + 0.04, 0.02, z1 + 0.05],
        [-W / 2 + 0.04, 0.02, z0 - 0.05],
      ],
      r.fabric,
    )
    for (let z = z0 + 0.08; z < z1; z += 0.1)
      sc.line(
        [-W / 2 + 0.05, 2.58, z],
        [-W / 2 + 0.05, 0.04, z + (z - (z0 + z1) / 2) * 0.1],
        darken(r.fabric, 0.12),
        0.012,
      )
  }
  sc.line([-W / 2 + 0.08, 2.62, 0.9], [-W / 2 + 0.08, 2.62, 4.1], metalBase[r.metal], 0.02)
  const corners: V3[] = [
    [-W / 2, 2.45, 1.4],
    [-W / 2, 2.45, 3.6],
    [-W / 2, 0.5, 3.6],
    [-W / 2, 0.5, 1.4],
  ]
  if (!r.dusk) {
    sunPatch(sc, corners, [1, -0.62, 0.25], 0.25)
    lightBeam(sc, corners, [1, -0.62, 0.25], 0.06)
  }
  rug(sc, -1.9, 1.9, 1.6, 4.6, lighten(r.accent2, 0.5), r.accent2)
  // Table with chairs
  const tz0 = 2.6
  const tz1 = 3.6
  const tx0 = -1.2
  const tx1 = 1.2
  for (const x of [-0.75, 0, 0.75])
    chair(sc, x, tz0 - 0.2, 1, r.fabric, darken(r.wood, 0.2), 'dining')
  table(
    sc,
    { x0: tx0, x1: tx1, y0: 0, y1: 0.76, z0: tz0, z1: tz1 },
    r.wood,
    darken(r.wood, 0.15),
    'trestle',
    acc,
  )
  vase(sc, 0, 0.76, 3.1, '#efe7da', acc, 0.22)
  for (const x of [-0.6, 0.6]) sc.cylinder(x, 3.2, 0.76, 0.77, 0.12, '#f3efe8')
  chair(sc, tx0 - 0.35, 3.1, 1, r.fabric, darken(r.wood, 0.2), 'wishbone')
  chair(sc, tx1 + 0.35, 3.1, 1, r.fabric, darken(r.wood, 0.2), 'wishbone')
  for (const x of [-0.75, 0, 0.75])
    chair(sc, x, tz1 + 0.2, -1, r.fabric, darken(r.wood, 0.2), 'dining')
  // Pendants
  const pk = r.pendant ?? 'globe'
  for (const x of [-0.6, 0.6])
    pendant(sc, x, 3.1, 1.6, H, pk, r.pendantColor ?? '#ffffff', r.metal, 1.1)
  plant(sc, W / 2 - 0.45, 1.2, 1.5, '#d9cbb5', 'olive', acc)
}

function mudroom(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  const bays = 4
  const x0 = -2.2
  const x1 = 2.2
  const bw = (x1 - x0) / bays
  const depth = 0.45
  // back panels beadboard
  tiles(sc, back, x0 + W / 2, 0, x1 + W / 2, 2.05, {
    style: 'fluted',
    color: r.cabinet,
    rand: fixed,
    scale: 2.2,
  })
  for (let i = 0; i < bays; i++) {
    const a = x0 + i * bw
    // hooks and coats
    for (const hx of [a + bw * 0.3, a + bw * 0.7]) {
      sc.sphere([hx, 1.65, 0.06], 0.02, metalBase[r.metal])
      if (acc.chance(0.7)) {
        const col = acc.pick([r.accent, r.accent2, '#8a7a66', '#3d4b5c', '#b0674a', '#d9cbb5'])
        const len = acc.range(0.55, 0.9)
        sc.poly(
          [
            [hx - 0.09, 1.66, 0.08],
            [hx + 0.09, 1.66, 0.08],
            [hx + 0.14, 1.66 - len, 0.12],
            [hx - 0.14, 1.66 - len, 0.12],
          ],
          col,
          '',
          4,
        )
        sc.line([hx, 1.64, 0.1], [hx, 1.66 - len + 0.05, 0.12], darken(col, 0.2), 0.006)
      }
    }
  }
  // shelf with baskets
  sc.box({ x0, x1, y0: 1.95, y1: 2.0, z0: 0, z1: depth }, r.cabinet)
  for (let i = 0; i < bays; i++) {
    const a = x0 + i * bw + 0.08
    sc.box({ x0: a, x1: a + bw - 0.16, y0: 2.0, y1: 2.26, z0: 0.06, z1: depth - 0.04 }, '#c9a274', {
      detail: (f, pl) => {
        if (f === 'front')
          for (let b = 0.04; b < pl.h; b += 0.05)
            sc.lineOn(pl, 0, b, pl.w, b, darken('#c9a274', 0.25), 0.005)
      },
    })
  }
  // upper cabinets
  sc.box({ x0, x1, y0: 2.3, y1: H - 0.02, z0: 0, z1: depth }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['door', 'door', 'door', 'door'],
          toe: 0,
        })
    },
  })
  // dividers
  for (let i = 0; i <= bays; i++) {
    const a = x0 + i * bw
    sc.box({ x0: a - 0.02, x1: a + 0.02, y0: 0, y1: 2.3, z0: 0, z1: depth }, r.cabinet)
  }
  // bench with cushion and shoe cubbies
  sc.box({ x0, x1, y0: 0, y1: 0.45, z0: 0, z1: depth + 0.02 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front') {
        sc.rectOn(pl, 0, 0.08, pl.w, 0.4, darken(r.cabinet, 0.3))
        for (let i = 0; i < bays * 2; i++) {
          const a = (pl.w / (bays * 2)) * i
          sc.rectOn(pl, a, 0.08, a + 0.02, 0.4, r.cabinet)
          const sw = pl.w / (bays * 2)
          if (acc.chance(0.7)) {
            const c = acc.pick(['#3a3029', '#6b4a30', '#f2ede4', '#2f3b46'])
            sc.rectOn(pl, a + 0.05, 0.1, a + sw * 0.5, 0.17, c, '', 3)
            sc.rectOn(pl, a + sw * 0.5, 0.1, a + sw - 0.03, 0.16, c, '', 3)
          }
        }
        sc.rectOn(pl, 0, 0, pl.w, 0.08, darken(r.cabinet, 0.2))
      }
    },
  })
  sc.box({ x0: x0 + 0.05, x1: x1 - 0.05, y0: 0.45, y1: 0.52, z0: 0.04, z1: depth }, r.fabric, {
    round: 3,
  })
  for (let i = 0; i < 3; i++)
    sc.box(
      { x0: x0 + 0.3 + i * 1.3, x1: x0 + 0.62 + i * 1.3, y0: 0.52, y1: 0.78, z0: 0.06, z1: 0.16 },
      [r.accent, '#efe7da', r.accent2][i] as string,
      { round: 6 },
    )
  sc.box({ x0: x0 - 0.03, x1: x1 + 0.03, y0: H - 0.1, y1: H, z0: 0, z1: depth + 0.03 }, r.cabinet)
  // Side door on the right wall
  const right = room.right
  sc.rectOn(right, 1.2, 0, 2.2, 2.15, r.accent, '', 0)
  sc.rectOn(right, 1.32, 1.0, 2.08, 2.02, '#cfe0e6')
  sc.rectOn(right, 1.32, 1.0, 2.08, 2.02, '#ffffff', 'opacity="0.2"')
  sc.lineOn(right, 1.7, 1.0, 1.7, 2.02, r.accent, 0.02)
  sc.sphere(sc.on(right, 2.08, 0.98, 0.04), 0.025, metalBase[r.metal])
  sc.rectOn(right, 1.12, 2.15, 2.28, 2.24, lighten(r.wall, 0.3))
  // Window on left
  drawWindow(sc, room.left, 2.0, 1.0, 3.2, 2.3, {
    frame: '#f4f1ea',
    cols: 1,
    rows: 2,
    rand: fixed,
    wall: r.wall,
  })
  sunPatch(
    sc,
    [
      [-W / 2, 2.3, 2.0],
      [-W / 2, 2.3, 3.2],
      [-W / 2, 1.0, 3.2],
      [-W / 2, 1.0, 2.0],
    ],
    [1, -0.6, 0.2],
    0.22,
  )
  // Runner rug, boots, umbrella stand, plant
  rug(sc, -0.6, 0.6, 1.0, 3.0, r.accent2, lighten(r.accent2, 0.35))
  sc.cylinder(2.6, 1.2, 0, 0.45, 0.12, '#d9cbb5')
  for (const dx of [-0.03, 0.04])
    sc.line(
      [2.6 + dx, 0.3, 1.2],
      [2.6 + dx * 2, 0.95, 1.2 + dx],
      dx < 0 ? r.accent : '#2b2a28',
      0.02,
    )
  plant(sc, -W / 2 + 0.4, 4.6, 1.3, '#efe7da', 'snake', acc)
  sc.box({ x0: -W / 2 + 0.1, x1: -W / 2 + 0.15, y0: 0.9, y1: 1.55, z0: 4.2, z1: 4.4 }, '#2b2a28')
}

function laser(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  const kind = r.pattern ?? 'star'
  const panelC = r.panel ?? r.wood
  const panels: [number, number, number, number][] =
    kind === 'mandala'
      ? [[W / 2 - 1.1, 0.75, W / 2 + 1.1, 2.55]]
      : [
          [W / 2 - 1.55, 0.3, W / 2 - 0.55, 2.6],
          [W / 2 - 0.45, 0.3, W / 2 + 0.55, 2.6],
          [W / 2 + 0.65, 0.3, W / 2 + 1.65, 2.6],
        ]
  for (const [a0, b0, a1, b1] of panels) {
    // warm backlight on the wall
    gradQuad(
      sc,
      back,
      a0 - 0.3,
      b0 - 0.25,
      a1 + 0.3,
      b1 + 0.25,
      [
        [0, '#ffb866', 0],
        [0.5, '#ffc987', 0.5],
        [1, '#ffb866', 0],
      ],
      'a',
    )
    gradQuad(
      sc,
      back,
      a0 + 0.02,
      b0 + 0.02,
      a1 - 0.02,
      b1 - 0.02,
      [
        [0, '#ffc070'],
        [0.5, '#ffe7b8'],
        [1, '#ffc070'],
      ],
      'a',
      'stroke="none"',
    )
    const pw = a1 - a0
    const ph = b1 - b0
    const rings = pattern(kind, pw, ph, kind === 'mandala' ? 0.18 : 0.2, 0.06)
    const toPlane = (p: Pt): V3 => sc.on(back, a0 + p[0], b0 + p[1], 0.04)
    const outer: Pt[] = [
      [0, 0],
      [pw, 0],
      [pw, ph],
      [0, ph],
    ]
    const sh = sc.projPoly(outer.map((p) => sc.on(back, a0 + p[0] + 0.03, b0 + p[1] - 0.04, 0.001)))
    if (sh) sc.svg.path(pathD(sh), '#1c1712', `opacity="0.25" filter="${sc.svg.blur(4)}"`)
    const parts: string[] = []
    for (const ring of [outer, ...rings]) {
      const p = sc.projPoly(ring.map(toPlane))
      if (p) parts.push(pathD(p))
    }
    const fill = sc.svg.linear(
      [
        [0, lighten(panelC, 0.12)],
        [1, darken(panelC, 0.12)],
      ],
      0,
      0,
      1,
      1,
    )
    sc.svg.path(parts.join(''), fill, 'fill-rule="evenodd"')
    // edges of the panel
    sc.box(
      { x0: a1 - W / 2, x1: a1 - W / 2 + 0.012, y0: b0, y1: b1, z0: 0.028, z1: 0.04 },
      darken(panelC, 0.2),
      { grad: 0 },
    )
  }
  // Console table with decor
  sc.shadow(
    [
      [-1.0, 0.001, 0.1],
      [1.0, 0.001, 0.1],
      [1.05, 0.001, 0.55],
      [-1.05, 0.001, 0.55],
    ],
    0.25,
    0.08,
  )
  if (kind !== 'mandala') {
    sc.box({ x0: -0.9, x1: 0.9, y0: 0.72, y1: 0.76, z0: 0.15, z1: 0.5 }, r.cabinet)
    for (const x of [-0.88, 0.84])
      sc.box({ x0: x, x1: x + 0.04, y0: 0, y1: 0.72, z0: 0.15, z1: 0.5 }, r.cabinet)
    vase(sc, -0.5, 0.76, 0.32, '#efe7da', acc, 0.3)
    books(sc, 0.2, 0.6, 0.76, 0.2, 0.45, 0.08, acc, ['#e9e2d6', r.accent, '#2f3b46'])
  } else {
    sc.box({ x0: -1.3, x1: 1.3, y0: 0, y1: 0.42, z0: 0.05, z1: 0.5 }, r.cabinet, {
      detail: (f, pl) => {
        if (f === 'front')
          cabinetFront(sc, pl, {
            color: r.cabinet,
            style: 'fluted',
            handle: 'none',
            metal: r.metal,
            units: ['door', 'door', 'door', 'door'],
            toe: 0.05,
          })
      },
    })
    vase(sc, 0.8, 0.42, 0.28, '#efe7da', acc, 0.3)
  }
  // Living area
  rug(sc, -1.8, 1.8, 1.8, 3.9, lighten(r.accent2, 0.5), r.accent2)
  table(
    sc,
    { x0: -0.5, x1: 0.5, y0: 0, y1: 0.4, z0: 2.7, z1: 3.3 },
    r.wood,
    r.wood,
    'pedestal',
    acc,
  )
  plant(sc, -W / 2 + 0.5, 1.0, 1.5, '#d9cbb5', 'monstera', acc)
  chair(sc, -1.5, 2.4, 1, r.fabric, darken(r.wood, 0.3), 'lounge')
  chair(sc, 1.5, 2.4, 1, r.accent2, darken(r.wood, 0.3), 'lounge')
  const corners: V3[] = [
    [-W / 2, 2.4, 2.2],
    [-W / 2, 2.4, 4.0],
    [-W / 2, 0.6, 4.0],
    [-W / 2, 0.6, 2.2],
  ]
  drawWindow(sc, room.left, 2.2, 0.6, 4.0, 2.4, {
    frame: '#2b2a28',
    cols: 2,
    rows: 1,
    rand: fixed,
    wall: r.wall,
    dusk: r.dusk,
  })
  if (!r.dusk) sunPatch(sc, corners, [1, -0.6, 0.2], 0.22)
}

function closet(sc: Scene, r: ResidentialSpec, room: Room, _fixed: Rng, acc: Rng): void {
  const colors = [
    r.accent,
    r.accent2,
    '#efe7da',
    '#2b2a28',
    '#d8c3a5',
    '#8a9a86',
    '#b0674a',
    '#f3efe8',
    '#3d4b5c',
  ]
  const depth = 0.6
  // Back wall: hanging sections + drawers
  const sections = [-2.7, -1.5, -0.3, 0.9, 2.1, 2.7]
  sc.box({ x0: -W / 2, x1: W / 2, y0: 0, y1: H, z0: 0, z1: 0.02 }, darken(r.cabinet, 0.12))
  for (let i = 0; i < sections.length - 1; i++) {
    const a = sections[i] as number
    const b = sections[i + 1] as number
    if (i % 2 === 0) {
      sc.line([a, 1.9, depth / 2], [b, 1.9, depth / 2], metalBase[r.metal], 0.018)
      for (let x = a + 0.08; x < b - 0.06; x += 0.07) {
        const col = acc.pick(colors)
        const len = acc.range(0.6, 1.0)
        sc.line([x, 1.9, depth / 2], [x, 1.96, depth / 2], '#8f8f8f', 0.005)
        sc.poly(
          [
            [x - 0.02, 1.88, depth / 2 - 0.2],
            [x + 0.02, 1.88, depth / 2 + 0.2],
            [x + 0.025, 1.88 - len, depth / 2 + 0.24],
            [x - 0.025, 1.88 - len, depth / 2 - 0.24],
          ],
          col,
        )
      }
      sc.box({ x0: a, x1: b, y0: 0, y1: 0.7, z0: 0.02, z1: depth }, r.cabinet, {
        detail: (f, pl) => {
          if (f === 'front')
            cabinetFront(sc, pl, {
              color: r.cabinet,
              style: r.door,
              handle: r.handle,
              metal: r.metal,
              units: ['drawers2'],
              toe: 0.06,
            })
        },
      })
    } else {
      for (let y = 0.3; y < 2.0; y += 0.34) {
        sc.box({ x0: a, x1: b, y0: y, y1: y + 0.03, z0: 0.02, z1: depth }, r.cabinet, { grad: 0 })
        let x = a + 0.06
        while (x < b - 0.25) {
          if (y < 1) {
            sc.box(
              { x0: x, x1: x + 0.1, y0: y + 0.03, y1: y + 0.12, z0: 0.2, z1: 0.45 },
              acc.pick(['#2b2a28', '#6b4a30', '#f2ede4', '#b0674a']),
              { round: 3 },
            )
            x += 0.14
          } else {
            for (let q = 0; q < 3; q++)
              sc.box(
                {
                  x0: x,
                  x1: x + 0.28,
                  y0: y + 0.03 + q * 0.06,
                  y1: y + 0.09 + q * 0.06,
                  z0: 0.1,
                  z1: 0.5,
                },
                acc.pick(colors),
                { round: 2 },
              )
            x += 0.34
          }
        }
      }
    }
  }
  for (const a of sections)
    sc.box({ x0: a - 0.02, x1: a + 0.02, y0: 0, y1: H - 0.1, z0: 0.02, z1: depth }, r.cabinet)
  for (let i = 0; i < sections.length - 1; i++) {
    const a = sections[i] as number
    const b = sections[i + 1] as number
    sc.box({ x0: a, x1: b, y0: 2.05, y1: H - 0.1, z0: 0.02, z1: depth }, r.cabinet, {
      detail: (f, pl) => {
        if (f === 'front')
          cabinetFront(sc, pl, {
            color: r.cabinet,
            style: r.door,
            handle: r.handle,
            metal: r.metal,
            units: ['doors'],
            toe: 0,
          })
      },
    })
  }
  sc.box({ x0: -W / 2, x1: W / 2, y0: H - 0.1, y1: H, z0: 0, z1: depth + 0.02 }, r.cabinet)
  // Side walls: tall wardrobes with glass doors
  for (const side of [-1, 1] as const) {
    const x0 = side < 0 ? -W / 2 : W / 2 - depth
    sc.box({ x0, x1: x0 + depth, y0: 0, y1: H, z0: 0.6, z1: 4.2 }, r.cabinet, {
      detail: (f, pl) => {
        if ((side < 0 && f === 'right') || (side > 0 && f === 'left'))
          cabinetFront(sc, pl, {
            color: r.cabinet,
            style: r.door,
            handle: 'long',
            metal: r.metal,
            units: ['glass', 'door', 'glass', 'door', 'glass'],
            toe: 0.08,
            interior: lighten(r.accent2, 0.4),
          })
      },
    })
  }
  // Island
  rug(sc, -1.5, 1.5, 1.8, 5.0, lighten(r.accent2, 0.5), lighten(r.accent2, 0.2))
  sc.shadow(
    [
      [-1.1, 0.001, 2.5],
      [1.1, 0.001, 2.5],
      [1.15, 0.001, 3.6],
      [-1.15, 0.001, 3.6],
    ],
    0.28,
    0.1,
  )
  sc.box({ x0: -1.0, x1: 1.0, y0: 0, y1: 0.86, z0: 2.6, z1: 3.4 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front' || f === 'back')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['drawers', 'drawers', 'drawers'],
          toe: 0.08,
        })
    },
  })
  sc.box({ x0: -1.03, x1: 1.03, y0: 0.86, y1: 0.9, z0: 2.57, z1: 3.43 }, r.feature ?? '#efece6')
  vase(sc, -0.5, 0.9, 3.0, '#efe7da', acc, 0.22)
  sc.box({ x0: 0.2, x1: 0.55, y0: 0.9, y1: 0.96, z0: 2.85, z1: 3.15 }, r.accent2, { round: 2 })
  pendant(sc, 0, 3.0, 1.9, H, r.pendant ?? 'globe', r.pendantColor ?? '#ffffff', r.metal, 1.3)
  mirror(sc, room.right, 5.2, 0.2, 0.75, 1.9, r.metal, 'arch')
}

function study(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  drawWindow(sc, back, W / 2 - 0.8, 1.0, W / 2 + 0.8, 2.4, {
    frame: '#2b2a28',
    cols: 2,
    rows: 1,
    rand: fixed,
    wall: r.wall,
    dusk: r.dusk,
  })
  const corners: V3[] = [
    [-0.8, 2.4, 0],
    [0.8, 2.4, 0],
    [0.8, 1.0, 0],
    [-0.8, 1.0, 0],
  ]
  sunPatch(sc, corners, [0.2, -0.6, 1], 0.22)
  lightBeam(sc, corners, [0.2, -0.6, 1], 0.06)
  builtIn(sc, r, -W / 2 + 0.1, -1.1, 0.38, acc, true)
  builtIn(sc, r, 1.1, W / 2 - 0.1, 0.38, acc, true)
  // Desk under window
  sc.box({ x0: -1.1, x1: 1.1, y0: 0.72, y1: 0.76, z0: 0, z1: 0.65 }, r.wood, {
    detail: (f, pl) => {
      if (f === 'top' || f === 'front') grain(sc, pl, acc, r.wood)
    },
  })
  sc.box({ x0: -1.1, x1: -0.6, y0: 0, y1: 0.72, z0: 0, z1: 0.62 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['drawers'],
          toe: 0.06,
        })
    },
  })
  sc.box({ x0: 0.6, x1: 1.1, y0: 0, y1: 0.72, z0: 0, z1: 0.62 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['drawers'],
          toe: 0.06,
        })
    },
  })
  sc.box({ x0: -0.35, x1: 0.25, y0: 0.76, y1: 0.78, z0: 0.2, z1: 0.5 }, '#c9ced2')
  sc.box({ x0: -0.3, x1: 0.2, y0: 0.78, y1: 1.1, z0: 0.18, z1: 0.2 }, '#c9ced2', {
    detail: (f, pl) => {
      if (f === 'front')
        sc.rectOn(
          pl,
          0.01,
          0.01,
          pl.w - 0.01,
          pl.h - 0.01,
          sc.svg.linear([
            [0, '#4a6a86'],
            [1, '#1f2e3c'],
          ]),
        )
    },
  })
  // desk lamp
  sc.line([0.7, 0.76, 0.3], [0.6, 1.15, 0.3], metalBase[r.metal], 0.012)
  sc.line([0.6, 1.15, 0.3], [0.4, 1.12, 0.35], metalBase[r.metal], 0.012)
  sc.cylinder(0.4, 0.35, 1.02, 1.12, 0.07, r.accent, 0.03)
  glow(sc, [0.4, 0.95, 0.35], 0.5, '#ffe2a8', 0.4)
  plant(sc, -0.8, 0.4, 0.5, '#efe7da', 'trailing', acc, undefined, 0.76)
  chair(sc, 0, 1.1, -1, r.fabric, darken(r.wood, 0.3), 'dining')
  rug(sc, -1.4, 1.4, 1.6, 4.2, lighten(r.accent2, 0.5), r.accent2)
  chair(sc, -1.8, 3.4, 1, r.fabric, darken(r.wood, 0.3), 'lounge')
  floorLamp(sc, -2.4, 2.6, r.metal)
  plant(sc, W / 2 - 0.5, 3.6, 1.4, '#d9cbb5', 'fiddle', acc)
}

function media(sc: Scene, r: ResidentialSpec, room: Room, fixed: Rng, acc: Rng): void {
  builtIn(sc, r, -W / 2 + 0.15, -1.25, 0.4, acc, true)
  builtIn(sc, r, 1.25, W / 2 - 0.15, 0.4, acc, true)
  const feat = r.feature ?? darken(r.wall, 0.05)
  sc.box({ x0: -1.25, x1: 1.25, y0: 0, y1: H, z0: 0, z1: 0.25 }, feat, {
    detail: (f, pl) => {
      if (f === 'front') {
        tiles(sc, pl, 0, 0.55, pl.w, pl.h, {
          style: 'fluted',
          color: feat,
          rand: fixed,
          scale: 1.4,
        })
        sc.rectOn(pl, 0.25, 1.25, pl.w - 0.25, 2.1, '#1c1f23')
        sc.rectOn(
          pl,
          0.27,
          1.27,
          pl.w - 0.27,
          2.08,
          sc.svg.linear(
            [
              [0, '#2c3440'],
              [1, '#15181c'],
            ],
            0,
            0,
            1,
            1,
          ),
        )
        sc.rectOn(pl, 0.3, 0.65, pl.w - 0.3, 0.9, '#1f1a16')
        for (let a = 0.4; a < pl.w - 0.4; a += 0.12)
          sc.rectOn(
            pl,
            a,
            0.68,
            a + 0.08,
            0.68 + 0.06 + ((a * 7) % 0.1),
            '#f08a3a',
            'opacity="0.85"',
            4,
          )
      }
    },
  })
  glow(sc, [0, 0.78, 0.3], 1.0, '#ffb866', 0.3)
  sc.box({ x0: -1.3, x1: 1.3, y0: 0, y1: 0.55, z0: 0, z1: 0.48 }, r.cabinet, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: r.cabinet,
          style: r.door,
          handle: r.handle,
          metal: r.metal,
          units: ['drawers2', 'doors', 'drawers2'],
          toe: 0.06,
        })
      if (f === 'top') grain(sc, pl, acc, r.cabinet)
    },
  })
  vase(sc, 0.9, 0.55, 0.25, '#efe7da', acc, 0.25)
  drawWindow(sc, room.left, 2.0, 0.8, 3.8, 2.4, {
    frame: '#f4f1ea',
    cols: 2,
    rows: 1,
    rand: fixed,
    wall: r.wall,
    dusk: r.dusk,
  })
  sunPatch(
    sc,
    [
      [-W / 2, 2.4, 2.0],
      [-W / 2, 2.4, 3.8],
      [-W / 2, 0.8, 3.8],
      [-W / 2, 0.8, 2.0],
    ],
    [1, -0.6, 0.2],
    0.22,
  )
  rug(sc, -1.8, 1.8, 2.0, 5.0, lighten(r.accent2, 0.5), r.accent2)
  table(sc, { x0: -0.6, x1: 0.6, y0: 0, y1: 0.4, z0: 3.0, z1: 3.7 }, r.wood, r.wood, 'slab', acc)
  bowl(sc, 0.2, 0.4, 3.3, '#efe9df', '#d9762f')
  chair(sc, -1.4, 4.5, -1, r.fabric, darken(r.wood, 0.3), 'lounge')
  chair(sc, 1.4, 4.5, -1, r.fabric, darken(r.wood, 0.3), 'lounge')
  plant(sc, W / 2 - 0.5, 2.8, 1.3, '#d9cbb5', 'monstera', acc)
}

export function residential(
  r: ResidentialSpec,
  view: ResidentialView,
  w: number,
  h: number,
): string {
  const svg = new Svg(w, h)
  const fixed = rng(r.seed)
  const acc = rng(`${r.seed}-acc`)
  const sc = new Scene(svg, camera(view, r), [-0.75, 0.6, 0.4])
  const room = drawRoom(
    sc,
    {
      w: W,
      d: D + 1,
      h: H,
      wall: r.wall,
      floor: r.floor,
      potLights: r.kind === 'laser' || r.kind === 'library' ? 0 : 2,
    },
    fixed,
  )
  const fns: Record<ResidentialKind, typeof library> = {
    library,
    dining,
    mudroom,
    laser,
    closet,
    study,
    media,
  }
  fns[r.kind](sc, r, room, fixed, acc)
  wash(svg, true, r.dusk ? '#ffcf8a' : '#fff1d6', 0.12)
  vignette(svg, r.dusk ? 0.35 : 0.22)
  return svg.toString()
}
