/** Commercial interiors: café, dental reception, boutique retail, open office. */
import { darken, lighten, mix } from '../lib/color.ts'
import { vignette, wash } from '../lib/frame.ts'
import {
  art,
  books,
  cabinetFront,
  chair,
  glow,
  grain,
  type Metal,
  marble,
  metalBase,
  mirror,
  type PendantKind,
  pendant,
  plant,
  rug,
  stool,
  type TileStyle,
  table,
  tiles,
  vase,
} from '../lib/parts.ts'
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
import { type CameraSpec, type Plane, Scene, type V3 } from '../lib/space.ts'
import { type Pt, pathD, Svg } from '../lib/svg.ts'

export type CommercialKind = 'cafe' | 'dental' | 'retail' | 'office'
export type CommercialSpec = {
  seed: string
  kind: CommercialKind
  wall: string
  accent: string
  accent2: string
  wood: string
  floor: FloorSpec
  metal: Metal
  pendant: PendantKind
  pendantColor: string
  feature?: { style: TileStyle; color: string; grout?: string; scale?: number }
  dusk?: boolean
}
export type CommercialView = 'main' | 'detail-1' | 'detail-2' | 'detail-3' | 'hero'

const W = 8
const D = 9
const H = 3.2

function camera(view: CommercialView, c: CommercialSpec): CameraSpec {
  const close: Record<CommercialKind, CameraSpec> = {
    cafe: { pos: [-0.6, 1.4, 4.2], yaw: -12, focal: 0.62, horizon: 0.47 },
    dental: { pos: [0.9, 1.4, 5.6], yaw: 9, focal: 0.56, horizon: 0.47 },
    retail: { pos: [-1.4, 1.4, 5.2], yaw: 24, focal: 0.6, horizon: 0.47 },
    office: { pos: [2.7, 1.5, 7.2], yaw: 34, focal: 0.6, horizon: 0.47 },
  }
  switch (view) {
    case 'hero':
      return { pos: [0, 1.55, 7.8], focal: 0.4, horizon: 0.47 }
    case 'detail-1':
      return { pos: [2.6, 1.5, 7.4], yaw: 20, focal: 0.55, horizon: 0.47 }
    case 'detail-2':
      return close[c.kind]
    case 'detail-3':
      return { pos: [-2.6, 1.45, 7.4], yaw: -22, focal: 0.55, horizon: 0.47 }
    default:
      return {
        pos: [0.3, 1.55, c.kind === 'retail' ? 7.4 : c.kind === 'office' ? 9.3 : 8.2],
        focal: 0.5,
        horizon: 0.46,
      }
  }
}

function storefront(
  sc: Scene,
  room: Room,
  rand: Rng,
  frame: string,
  dusk?: boolean,
  city?: boolean,
): void {
  const pl = room.left
  drawWindow(sc, pl, 0.8, 0.35, 5.6, 2.75, {
    frame,
    cols: 4,
    rows: 1,
    transom: 0.2,
    rand,
    wall: room.spec.wall,
    dusk,
    city,
    depth: 0.1,
  })
  const corners: V3[] = [
    [-W / 2, 2.75, 0.8],
    [-W / 2, 2.75, 5.6],
    [-W / 2, 0.35, 5.6],
    [-W / 2, 0.35, 0.8],
  ]
  if (!dusk) {
    sunPatch(sc, corners, [1, -0.75, 0.3], 0.25)
    lightBeam(sc, corners, [1, -0.75, 0.3], 0.06)
  }
}

function menuBoard(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  rand: Rng,
  board: string,
  frame: string,
): void {
  sc.shadow(sc.quadOn(pl, a0 + 0.03, b0 - 0.04, a1 + 0.04, b1 - 0.02, 0.001), 0.3, 0.04)
  sc.rectOn(pl, a0 - 0.03, b0 - 0.03, a1 + 0.03, b1 + 0.03, frame)
  sc.rectOn(pl, a0, b0, a1, b1, board)
  const w = a1 - a0
  let b = b1 - 0.1
  sc.rectOn(pl, a0 + w * 0.25, b - 0.03, a1 - w * 0.25, b + 0.03, '#f1e9d8', 'opacity="0.85"')
  b -= 0.14
  while (b > b0 + 0.08) {
    const len = rand.range(0.35, 0.6) * w
    sc.rectOn(
      pl,
      a0 + 0.08,
      b - 0.012,
      a0 + 0.08 + len * 0.7,
      b + 0.012,
      '#f1e9d8',
      'opacity="0.6"',
    )
    sc.rectOn(pl, a1 - 0.16, b - 0.012, a1 - 0.08, b + 0.012, '#f1e9d8', 'opacity="0.6"')
    b -= 0.09
  }
}

function cafe(sc: Scene, c: CommercialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  // Feature tile behind the bar and menu boards
  tiles(sc, back, 0.6, 0.9, W - 0.6, 2.0, {
    ...(c.feature ?? { style: 'subway', color: '#efe9df' }),
    rand: fixed,
  })
  menuBoard(sc, back, 1.4, 2.15, 2.9, 2.95, fixed, '#2b2e2c', c.wood)
  menuBoard(sc, back, 3.25, 2.15, 4.75, 2.95, fixed, '#2b2e2c', c.wood)
  menuBoard(sc, back, 5.1, 2.15, 6.6, 2.95, fixed, '#2b2e2c', c.wood)
  storefront(sc, room, fixed, '#2b2a28', c.dusk)
  // Back bar with shelves
  sc.box({ x0: -W / 2 + 0.6, x1: W / 2 - 0.6, y0: 0, y1: 0.9, z0: 0, z1: 0.6 }, c.accent, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: c.accent,
          style: 'slab',
          handle: 'edge',
          metal: c.metal,
          units: ['doors', 'drawers', 'doors', 'doors', 'drawers', 'doors', 'doors'],
          toe: 0.1,
        })
    },
  })
  sc.box({ x0: -W / 2 + 0.58, x1: W / 2 - 0.58, y0: 0.9, y1: 0.94, z0: 0, z1: 0.63 }, c.wood)
  for (const y of [1.3, 1.65]) {
    sc.box({ x0: -W / 2 + 0.7, x1: W / 2 - 0.7, y0: y, y1: y + 0.04, z0: 0, z1: 0.28 }, c.wood)
    for (let x = -W / 2 + 0.8; x < W / 2 - 0.8; x += 0.14) {
      if (acc.chance(0.25)) continue
      const hh = acc.range(0.1, 0.22)
      sc.cylinder(
        x,
        0.14,
        y + 0.04,
        y + 0.04 + hh,
        0.045,
        acc.pick(['#f3efe8', '#e7dcc9', '#c9a27a', '#6f7f74', '#2f3b46']),
        0.045,
      )
    }
  }
  // Service counter
  const cz0 = 1.5
  const cz1 = 2.2
  sc.shadow(
    [
      [-2.8, 0.001, cz0],
      [2.8, 0.001, cz0],
      [2.9, 0.001, cz1 + 0.3],
      [-2.9, 0.001, cz1 + 0.3],
    ],
    0.28,
    0.1,
  )
  sc.box({ x0: -2.6, x1: 2.6, y0: 0, y1: 1.02, z0: cz0, z1: cz1 }, c.wood, {
    detail: (f, pl) => {
      if (f === 'front') {
        for (let a = 0.05; a < pl.w; a += 0.09) {
          sc.rectOn(pl, a, 0.08, a + 0.06, pl.h - 0.02, lighten(c.wood, 0.06))
          sc.lineOn(pl, a + 0.06, 0.08, a + 0.06, pl.h - 0.02, darken(c.wood, 0.3), 0.006)
        }
        sc.rectOn(pl, 0, 0, pl.w, 0.08, darken(c.wood, 0.5))
      }
    },
  })
  sc.box({ x0: -2.65, x1: 2.65, y0: 1.02, y1: 1.07, z0: cz0 - 0.02, z1: cz1 + 0.05 }, '#efece6', {
    detail: (_f, pl) => marble(sc, pl, acc, '#9a948c', 0.8),
  })
  // Espresso machine
  const ex = 0.9
  sc.box(
    { x0: ex - 0.42, x1: ex + 0.42, y0: 1.07, y1: 1.5, z0: cz0 + 0.1, z1: cz0 + 0.55 },
    '#c7ccd0',
    {
      detail: (f, pl) => {
        if (f === 'front') {
          sc.rectOn(pl, 0.05, pl.h - 0.1, pl.w - 0.05, pl.h - 0.04, c.accent2)
          for (const a of [0.2, 0.42, 0.64]) {
            sc.rectOn(pl, a - 0.03, 0.12, a + 0.03, 0.2, '#2b2a28')
            sc.rectOn(pl, a - 0.04, 0.02, a + 0.04, 0.06, '#d9dde0')
          }
        }
      },
    },
  )
  sc.box({ x0: ex - 0.4, x1: ex + 0.4, y0: 1.5, y1: 1.53, z0: cz0 + 0.1, z1: cz0 + 0.5 }, '#8f979c')
  for (let i = 0; i < 4; i++)
    sc.cylinder(ex - 0.3 + i * 0.09, cz0 + 0.3, 1.53, 1.6, 0.035, '#f3efe8', 0.04)
  // Grinder
  sc.cylinder(ex + 0.62, cz0 + 0.3, 1.07, 1.3, 0.08, '#2b2a28')
  sc.cylinder(ex + 0.62, cz0 + 0.3, 1.3, 1.45, 0.07, '#6b4a30', 0.09)
  // Pastry case
  const px0 = -2.3
  const px1 = -0.8
  sc.box({ x0: px0, x1: px1, y0: 1.07, y1: 1.12, z0: cz0 + 0.05, z1: cz1 }, '#2b2a28')
  for (const y of [1.14, 1.34]) {
    for (let x = px0 + 0.12; x < px1 - 0.1; x += 0.16) {
      const col = acc.pick(['#d9a25f', '#c27c3a', '#e8c98f', '#a4552f', '#f0e0c0'])
      sc.sphere(
        [x, y + 0.045, cz0 + 0.55],
        0.055,
        sc.svg.radial(
          [
            [0, lighten(col, 0.25)],
            [1, darken(col, 0.15)],
          ],
          0.4,
          0.35,
          0.6,
        ),
      )
    }
    sc.box(
      { x0: px0, x1: px1, y0: y + 0.14, y1: y + 0.15, z0: cz0 + 0.1, z1: cz1 - 0.05 },
      '#dfe8ea',
      { extra: 'opacity="0.5"' },
    )
  }
  const glass = sc.projPoly([
    [px0, 1.12, cz1],
    [px1, 1.12, cz1],
    [px1, 1.56, cz1 - 0.2],
    [px0, 1.56, cz1 - 0.2],
  ])
  if (glass)
    sc.svg.path(pathD(glass), '#dcecef', 'opacity="0.28" stroke="#8f979c" stroke-width="1"')
  // Register
  sc.box({ x0: 1.8, x1: 2.15, y0: 1.07, y1: 1.1, z0: cz0 + 0.2, z1: cz0 + 0.45 }, '#e9e6e0')
  sc.box({ x0: 1.83, x1: 2.12, y0: 1.1, y1: 1.33, z0: cz0 + 0.3, z1: cz0 + 0.32 }, '#2b2a28')
  // Pendants over the counter
  for (let i = 0; i < 5; i++)
    pendant(sc, -2.2 + i * 1.1, (cz0 + cz1) / 2, 1.9, H, c.pendant, c.pendantColor, c.metal, 1)
  // Bar stools along storefront ledge
  sc.box({ x0: -W / 2, x1: -W / 2 + 0.4, y0: 1.0, y1: 1.04, z0: 1, z1: 5.4 }, c.wood)
  for (let z = 1.6; z < 5.4; z += 1.1) stool(sc, -W / 2 + 0.75, z, 0.72, c.accent2, '#2b2a28')
  // Tables
  const spots: [number, number][] = [
    [-1.2, 3.7],
    [1.0, 3.7],
    [3.0, 3.2],
    [-0.2, 5.3],
    [2.2, 5.3],
  ]
  for (const [x, z] of spots) {
    chair(sc, x, z - 0.55, 1, c.accent2, darken(c.wood, 0.3), 'dining')
    table(
      sc,
      { x0: x - 0.35, x1: x + 0.35, y0: 0, y1: 0.74, z0: z - 0.35, z1: z + 0.35 },
      '#efece6',
      '#2b2a28',
      'pedestal',
    )
    sc.cylinder(x + 0.08, z + 0.05, 0.74, 0.83, 0.04, '#f3efe8', 0.045)
    sc.cylinder(x - 0.1, z - 0.08, 0.74, 0.76, 0.07, '#f3efe8')
    chair(sc, x, z + 0.55, -1, c.accent2, darken(c.wood, 0.3), 'dining')
  }
  plant(sc, W / 2 - 0.5, 2.6, 1.6, c.accent, 'monstera', acc)
  plant(sc, W / 2 - 0.45, 6.8, 1.8, '#d9cbb5', 'fiddle', acc)
}

function dental(sc: Scene, c: CommercialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  // Feature slat wall with logo mark
  tiles(sc, back, 1.6, 0.1, W - 1.6, H, { style: 'fluted', color: c.wood, rand: fixed, scale: 1.4 })
  const lx = W / 2
  const logo: Pt[] = []
  for (let q = 0; q < 40; q++) {
    const t = (q / 40) * Math.PI * 2
    logo.push([lx + Math.cos(t) * 0.32, 2.25 + Math.sin(t) * 0.32])
  }
  sc.poly(sc.shapeOn(back, logo, 0.02), c.accent)
  const leaf: Pt[] = []
  for (let q = 0; q <= 20; q++) {
    const t = (q / 20) * Math.PI
    leaf.push([lx - 0.16 + (q / 20) * 0.32, 2.25 + Math.sin(t) * 0.12])
  }
  for (let q = 20; q >= 0; q--) {
    const t = (q / 20) * Math.PI
    leaf.push([lx - 0.16 + (q / 20) * 0.32, 2.25 - Math.sin(t) * 0.08])
  }
  sc.poly(sc.shapeOn(back, leaf, 0.025), '#ffffff')
  glow(sc, [0, 2.25, 0.1], 1.4, '#fff2d6', 0.25)
  storefront(sc, room, fixed, '#f4f1ea', c.dusk)
  // Reception desk
  const z0 = 1.4
  const z1 = 2.1
  sc.shadow(
    [
      [-2.3, 0.001, z0],
      [2.3, 0.001, z0],
      [2.4, 0.001, z1 + 0.3],
      [-2.4, 0.001, z1 + 0.3],
    ],
    0.25,
    0.1,
  )
  sc.box({ x0: -2.0, x1: 2.0, y0: 0, y1: 0.76, z0, z1: z1 - 0.2 }, '#f4f2ee')
  sc.box({ x0: -2.2, x1: 2.2, y0: 0, y1: 1.08, z0: z1 - 0.22, z1 }, '#f7f5f1', {
    detail: (f, pl) => {
      if (f === 'front') {
        sc.rectOn(pl, 0, 0, pl.w, 0.12, c.wood)
        gradQuad(
          sc,
          pl,
          0,
          0.12,
          pl.w,
          0.3,
          [
            [0, '#fff2d6', 0.5],
            [1, '#fff2d6', 0],
          ],
          'b',
        )
        for (let a = 0.3; a < pl.w - 0.2; a += 0.5)
          sc.lineOn(pl, a, 0.14, a, pl.h - 0.02, '#e2ded6', 0.004)
      }
    },
  })
  sc.box({ x0: -2.25, x1: 2.25, y0: 1.08, y1: 1.12, z0: z1 - 0.3, z1: z1 + 0.04 }, c.wood, {
    detail: (f, pl) => {
      if (f === 'top') grain(sc, pl, acc, c.wood)
    },
  })
  for (const mx of [-0.9, 0.8]) {
    sc.box(
      { x0: mx - 0.3, x1: mx + 0.3, y0: 1.02, y1: 1.4, z0: z0 + 0.15, z1: z0 + 0.18 },
      '#2b2a28',
      {
        detail: (f, pl) => {
          if (f === 'front')
            sc.rectOn(
              pl,
              0.015,
              0.015,
              pl.w - 0.015,
              pl.h - 0.015,
              sc.svg.linear([
                [0, '#3d5a73'],
                [1, '#1c2a38'],
              ]),
            )
        },
      },
    )
    sc.box(
      { x0: mx - 0.02, x1: mx + 0.02, y0: 0.76, y1: 1.02, z0: z0 + 0.12, z1: z0 + 0.15 },
      '#8f979c',
    )
  }
  vase(sc, 1.7, 1.12, z1 - 0.12, '#f3efe8', acc, 0.2)
  // Waiting area
  rug(sc, -3.4, -0.6, 3.3, 6.2, lighten(c.accent, 0.55), c.accent)
  for (const z of [3.6, 4.6, 5.6]) chair(sc, -3.2, z, 1, c.accent, c.wood, 'lounge')
  table(sc, { x0: -2.1, x1: -1.3, y0: 0, y1: 0.42, z0: 4.2, z1: 5.0 }, c.wood, c.wood, 'slab', acc)
  books(sc, -2.0, -1.6, 0.42, 4.4, 4.7, 0.1, acc, ['#e9e2d6', c.accent, '#c9b79c'])
  plant(sc, -3.4, 2.5, 1.6, '#f3efe8', 'olive', acc)
  // Right wall: corridor door and art
  const right = room.right
  sc.rectOn(right, 3.4, 0, 4.6, 2.3, darken(c.wall, 0.35))
  sc.rectOn(right, 3.35, 2.3, 4.65, 2.36, c.wood)
  art(
    sc,
    right,
    1.0,
    1.2,
    2.6,
    2.2,
    c.wood,
    [lighten(c.accent, 0.6), c.accent, lighten(c.wood, 0.2), c.accent2],
    fixed,
  )
  art(
    sc,
    right,
    5.4,
    1.2,
    6.6,
    2.2,
    c.wood,
    [lighten(c.accent2, 0.6), c.accent2, c.accent, lighten(c.wood, 0.3)],
    fixed,
  )
  for (const z of [5.0, 6.2]) chair(sc, 3.3, z, 1, c.accent2, c.wood, 'lounge')
  // Linear ceiling lights
  for (const z of [1.8, 4.2, 6.6]) {
    sc.box(
      { x0: -2.5, x1: 2.5, y0: H - 0.06, y1: H - 0.02, z0: z - 0.05, z1: z + 0.05 },
      '#fffdf6',
      { grad: 0 },
    )
    glow(sc, [0, H - 0.1, z], 1.4, '#fff6e0', 0.25)
  }
  plant(sc, W / 2 - 0.5, 2.4, 1.3, c.accent, 'snake', acc)
}

function garment(
  sc: Scene,
  x0: number,
  x1: number,
  z: number,
  y1: number,
  len: number,
  color: string,
): void {
  sc.line([x0 + (x1 - x0) / 2, y1, z], [x0 + (x1 - x0) / 2, y1 + 0.06, z], '#6b6b6b', 0.006)
  sc.poly(
    [
      [x0 + 0.02, y1, z],
      [x1 - 0.02, y1, z],
      [x1 + 0.02, y1 - len, z],
      [x0 - 0.02, y1 - len, z],
    ],
    color,
    '',
    2,
  )
}

function retail(sc: Scene, c: CommercialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  // Arched niches with shelves
  const archColor = mix(darken(c.wall, 0.12), c.accent, 0.25)
  for (let i = 0; i < 3; i++) {
    const a = 1.3 + i * 2.7
    const pts: Pt[] = [[a, 0.1]]
    pts.push([a + 1.3, 0.1])
    for (let q = 0; q <= 20; q++) {
      const t = (q / 20) * Math.PI
      pts.push([a + 0.65 + Math.cos(t) * 0.65, 2.3 + Math.sin(t) * 0.65])
    }
    sc.poly(
      sc.shapeOn(
        back,
        pts.map((p, k) => (k === 0 || k === 1 ? p : p)),
      ),
      archColor,
    )
    gradQuad(
      sc,
      back,
      a,
      0.1,
      a + 1.3,
      2.3,
      [
        [0, '#fff2d6', 0],
        [1, '#fff2d6', 0.35],
      ],
      'b',
    )
    for (const y of [0.55, 1.05, 1.55, 2.05]) {
      const x0 = a - W / 2 + 0.05
      sc.box({ x0, x1: x0 + 1.2, y0: y, y1: y + 0.035, z0: 0, z1: 0.35 }, c.wood)
      let x = x0 + 0.08
      while (x < x0 + 1.05) {
        const kind = acc.int(0, 2)
        if (kind === 0) {
          for (let q = 0; q < 4; q++)
            sc.box(
              {
                x0: x,
                x1: x + 0.26,
                y0: y + 0.035 + q * 0.045,
                y1: y + 0.035 + (q + 1) * 0.045,
                z0: 0.05,
                z1: 0.3,
              },
              acc.pick([c.accent, c.accent2, '#efe7da', '#d8c3a5', '#7d8b7a']),
              { round: 2 },
            )
          x += 0.34
        } else if (kind === 1) {
          sc.cylinder(
            x + 0.07,
            0.17,
            y + 0.035,
            y + 0.26,
            0.06,
            acc.pick(['#efe7da', c.accent, '#2b2a28']),
            0.05,
          )
          x += 0.2
        } else {
          sc.box(
            { x0: x, x1: x + 0.22, y0: y + 0.035, y1: y + 0.3, z0: 0.08, z1: 0.22 },
            acc.pick(['#d8c3a5', c.accent2, '#efe7da']),
          )
          x += 0.3
        }
      }
    }
  }
  storefront(sc, room, fixed, '#2b2a28', c.dusk)
  // Clothing rails on the right wall
  const rx0 = W / 2 - 0.65
  sc.line([W / 2, 1.75, 1.0], [rx0 + 0.3, 1.75, 1.0], metalBase[c.metal], 0.02)
  sc.line([W / 2, 1.75, 5.5], [rx0 + 0.3, 1.75, 5.5], metalBase[c.metal], 0.02)
  const colors = [
    c.accent,
    c.accent2,
    '#efe7da',
    '#2b2a28',
    '#d8c3a5',
    lighten(c.accent, 0.3),
    '#7d8b7a',
  ]
  for (let z = 1.15; z < 5.4; z += 0.075) {
    const col = acc.pick(colors)
    garment(sc, rx0, W / 2 - 0.08, z, 1.72, acc.range(0.7, 1.1), col)
  }
  sc.line([rx0 + 0.3, 1.75, 1.0], [rx0 + 0.3, 1.75, 5.5], metalBase[c.metal], 0.022)
  // Center display table and plinths
  rug(sc, -1.8, 1.8, 3.4, 6.4, lighten(c.accent, 0.55), lighten(c.accent, 0.25))
  table(
    sc,
    { x0: -0.7, x1: 0.7, y0: 0, y1: 0.82, z0: 4.2, z1: 5.2 },
    c.wood,
    darken(c.wood, 0.2),
    'trestle',
    acc,
  )
  for (let i = 0; i < 3; i++) {
    const x = -0.5 + i * 0.38
    for (let q = 0; q < 4 - i; q++)
      sc.box(
        { x0: x, x1: x + 0.28, y0: 0.82 + q * 0.05, y1: 0.87 + q * 0.05, z0: 4.45, z1: 4.8 },
        acc.pick(colors),
        { round: 2 },
      )
  }
  vase(sc, 0.45, 0.82, 4.9, '#efe7da', acc, 0.25)
  for (const [x, z, hgt] of [
    [-2.6, 3.2, 0.5],
    [-2.0, 3.5, 0.8],
  ] as const) {
    sc.shadow(
      [
        [x - 0.3, 0.001, z - 0.3],
        [x + 0.3, 0.001, z - 0.3],
        [x + 0.35, 0.001, z + 0.4],
        [x - 0.35, 0.001, z + 0.4],
      ],
      0.2,
      0.05,
    )
    sc.box({ x0: x - 0.25, x1: x + 0.25, y0: 0, y1: hgt, z0: z - 0.25, z1: z + 0.25 }, '#f2ede4')
    sc.cylinder(x, z, hgt, hgt + 0.22, 0.08, c.accent, 0.05)
  }
  // Full length mirror on the back-right
  mirror(sc, room.right, 6.2, 0.15, 0.8, 2.0, c.metal, 'arch')
  // Second display
  table(
    sc,
    { x0: 1.6, x1: 2.3, y0: 0, y1: 0.95, z0: 2.6, z1: 3.3 },
    '#f2ede4',
    c.metal === 'brass' ? '#b8914a' : '#2b2a28',
    'pedestal',
  )
  for (let q = 0; q < 3; q++)
    sc.box(
      { x0: 1.75, x1: 2.1, y0: 0.95 + q * 0.05, y1: 1.0 + q * 0.05, z0: 2.8, z1: 3.1 },
      acc.pick(colors),
      { round: 2 },
    )
  // Pendant cluster
  for (const [x, z, y] of [
    [-0.4, 4.5, 2.0],
    [0.3, 4.9, 2.2],
    [0.0, 4.3, 2.4],
  ] as const)
    pendant(sc, x, z, y, H, c.pendant, c.pendantColor, c.metal, 1.1)
  plant(sc, -W / 2 + 0.6, 0.7, 1.7, '#efe7da', 'palm', acc)
}

function office(sc: Scene, c: CommercialSpec, room: Room, fixed: Rng, acc: Rng): void {
  const back = room.back
  // Floor-to-ceiling glazing on the back wall with a city view
  drawWindow(sc, back, 0.4, 0.15, W - 0.4, H - 0.2, {
    frame: '#2b2a28',
    cols: 6,
    rows: 1,
    transom: 0.15,
    rand: fixed,
    wall: c.wall,
    city: true,
    dusk: c.dusk,
    depth: 0.1,
  })
  const corners: V3[] = [
    [-W / 2 + 0.4, H - 0.2, 0],
    [W / 2 - 0.4, H - 0.2, 0],
    [W / 2 - 0.4, 0.15, 0],
    [-W / 2 + 0.4, 0.15, 0],
  ]
  if (!c.dusk) {
    sunPatch(sc, corners, [-0.15, -0.8, 1], 0.16)
    lightBeam(sc, corners, [-0.15, -0.8, 1], 0.05)
  }
  // Left wall: felt acoustic panels and a long credenza
  const left = room.left
  for (let i = 0; i < 5; i++)
    sc.rectOn(left, 1 + i * 1.2, 1.3, 1.9 + i * 1.2, 2.5, i % 2 ? c.accent : c.accent2, '', 2)
  sc.box({ x0: -W / 2, x1: -W / 2 + 0.45, y0: 0, y1: 0.75, z0: 0.8, z1: 7.0 }, c.wood, {
    detail: (f, pl) => {
      if (f === 'right')
        cabinetFront(sc, pl, {
          color: c.wood,
          style: 'slab',
          handle: 'edge',
          metal: c.metal,
          units: ['doors', 'doors', 'doors', 'doors', 'doors'],
          toe: 0.08,
        })
    },
  })
  books(sc, -W / 2 + 0.05, -W / 2 + 0.4, 0.75, 2.0, 2.3, 0.3, acc, ['#e9e2d6', c.accent, '#2b2a28'])
  plant(sc, -W / 2 + 0.22, 4.2, 0.7, '#efe7da', 'trailing', acc, undefined, 0.75)
  // Glass meeting room on the right
  const mx0 = W / 2 - 2.6
  sc.box({ x0: mx0 + 0.6, x1: W / 2 - 0.4, y0: 0, y1: 0.74, z0: 1.2, z1: 3.6 }, '#efece6', {
    faces: ['top', 'left', 'front'],
  })
  for (let z = 1.4; z < 3.6; z += 0.7) {
    chair(sc, mx0 + 0.35, z, 1, c.accent2, '#2b2a28', 'dining')
  }
  const glass = sc.projPoly([
    [mx0, 0, 0],
    [mx0, 0, 4.4],
    [mx0, H, 4.4],
    [mx0, H, 0],
  ])
  if (glass) sc.svg.path(pathD(glass), '#dcecef', 'opacity="0.3"')
  for (let z = 0; z <= 4.4; z += 1.1) sc.line([mx0, 0, z], [mx0, H, z], '#2b2a28', 0.025)
  sc.line([mx0, 1.05, 0], [mx0, 1.05, 4.4], '#ffffff', 0.06, 'opacity="0.5"')
  // Bench desks
  for (const row of [
    [2.4, 3.6],
    [4.8, 6.0],
  ] as const) {
    const [z0, z1] = row
    const dx0 = -2.6
    const dx1 = 1.6
    for (let x = dx0 + 0.6; x < dx1; x += 1.2)
      chair(sc, x, z0 - 0.45, 1, c.accent, '#2b2a28', 'dining')
    sc.shadow(
      [
        [dx0, 0.001, z0],
        [dx1, 0.001, z0],
        [dx1 + 0.1, 0.001, z1 + 0.2],
        [dx0 - 0.1, 0.001, z1 + 0.2],
      ],
      0.2,
      0.1,
    )
    for (const x of [dx0 + 0.05, (dx0 + dx1) / 2, dx1 - 0.1])
      sc.box({ x0: x, x1: x + 0.05, y0: 0, y1: 0.72, z0: z0 + 0.05, z1: z1 - 0.05 }, '#f2f1ee')
    sc.box({ x0: dx0, x1: dx1, y0: 0.72, y1: 0.75, z0, z1 }, lighten(c.wood, 0.1), {
      detail: (f, pl) => {
        if (f === 'top') grain(sc, pl, acc, c.wood)
      },
    })
    sc.box(
      {
        x0: dx0 + 0.1,
        x1: dx1 - 0.1,
        y0: 0.75,
        y1: 1.15,
        z0: (z0 + z1) / 2 - 0.015,
        z1: (z0 + z1) / 2 + 0.015,
      },
      c.accent2,
    )
    for (let x = dx0 + 0.6; x < dx1; x += 1.2) {
      for (const side of [-1, 1]) {
        const zz = (z0 + z1) / 2 + side * 0.18
        sc.box(
          { x0: x - 0.28, x1: x + 0.28, y0: 0.88, y1: 1.2, z0: zz - 0.012, z1: zz + 0.012 },
          '#2b2a28',
          {
            detail: (f, pl) => {
              if (f === 'front' || f === 'back')
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
          },
        )
        sc.box(
          { x0: x - 0.02, x1: x + 0.02, y0: 0.75, y1: 0.88, z0: zz - 0.03, z1: zz + 0.03 },
          '#8f979c',
        )
      }
    }
    for (let x = dx0 + 0.6; x < dx1; x += 1.2)
      chair(sc, x, z1 + 0.45, -1, c.accent, '#2b2a28', 'dining')
  }
  // Acoustic baffles and linear lights
  for (let z = 0.8; z < 4.8; z += 0.8)
    sc.box(
      { x0: -3.2, x1: 1.8, y0: H - 0.32, y1: H - 0.02, z0: z, z1: z + 0.05 },
      lighten(c.accent2, 0.2),
    )
  for (const z of [3.0, 5.4]) {
    sc.line([-2.6, H, z], [-2.6, 2.25, z], '#2b2a28', 0.004)
    sc.line([1.6, H, z], [1.6, 2.25, z], '#2b2a28', 0.004)
    sc.box({ x0: -2.6, x1: 1.6, y0: 2.2, y1: 2.25, z0: z - 0.04, z1: z + 0.04 }, '#2b2a28')
    glow(sc, [-0.5, 2.1, z], 1.6, '#fff6e0', 0.2)
  }
  plant(sc, 2.3, 5.2, 1.6, c.accent, 'fiddle', acc)
  plant(sc, -W / 2 + 0.5, 7.6, 1.7, '#efe7da', 'monstera', acc)
}

export function commercial(c: CommercialSpec, view: CommercialView, w: number, h: number): string {
  const svg = new Svg(w, h)
  const fixed = rng(c.seed)
  const acc = rng(`${c.seed}-acc`)
  const sc = new Scene(svg, camera(view, c), [-0.7, 0.6, 0.4])
  const room = drawRoom(
    sc,
    {
      w: W,
      d: D + 1,
      h: H,
      wall: c.wall,
      floor: c.floor,
      potLights: c.kind === 'office' ? 0 : 3,
      ceiling: c.kind === 'cafe' ? '#3a3a3a' : undefined,
    },
    fixed,
  )
  if (c.kind === 'cafe') {
    for (let x = -W / 2 + 0.5; x < W / 2; x += 1.0)
      sc.line([x, H - 0.01, 0], [x, H - 0.01, D], '#555', 0.03)
  }
  if (c.kind === 'cafe') cafe(sc, c, room, fixed, acc)
  else if (c.kind === 'dental') dental(sc, c, room, fixed, acc)
  else if (c.kind === 'retail') retail(sc, c, room, fixed, acc)
  else office(sc, c, room, fixed, acc)
  wash(svg, true, c.dusk ? '#ffcf8a' : '#fff1d6', 0.12)
  vignette(svg, c.dusk ? 0.32 : 0.2)
  return svg.toString()
}
