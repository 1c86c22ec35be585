/** Parametric kitchen: back run, tall pantry wall, island with stools, pendants. */
import { darken, lighten, mix } from '../lib/color.ts'
import { vignette, wash } from '../lib/frame.ts'
import {
  bowl,
  type CabSpec,
  cabinetFront,
  type DoorStyle,
  faucet,
  grain,
  type Handle,
  type Metal,
  marble,
  metalFill,
  type PendantKind,
  pendant,
  plant,
  rug,
  stool,
  type TileStyle,
  tiles,
  type Unit,
  vase,
} from '../lib/parts.ts'
import { rng } from '../lib/rng.ts'
import { drawRoom, drawWindow, type FloorSpec, gradQuad, lightBeam, sunPatch } from '../lib/room.ts'
import { type CameraSpec, type Plane, Scene, type V3 } from '../lib/space.ts'
import { Svg } from '../lib/svg.ts'

export type Counter = {
  color: string
  vein?: string
  kind: 'marble' | 'quartz' | 'butcher' | 'concrete'
}

export type KitchenSpec = {
  seed: string
  wall: string
  floor: FloorSpec
  lower: string
  upper: string
  island: string
  counter: Counter
  islandCounter?: Counter
  splash: { style: TileStyle; color: string; grout?: string; vein?: string }
  door: DoorStyle
  handle: Handle
  metal: Metal
  uppers: 'cabinets' | 'shelves' | 'glass' | 'tall'
  hood: 'chimney' | 'plaster' | 'wood' | 'canopy'
  hoodColor?: string
  pendant: PendantKind
  pendantColor: string
  pendants?: number
  stool: string
  stoolLegs: string
  stoolBack?: boolean
  window: 'back' | 'left'
  tall: 'right' | 'none'
  waterfall?: boolean
  beams?: string
  dusk?: boolean
  rug?: [string, string]
  greens?: string[]
  /** Main camera position: centred (default) or angled from the left / right. */
  angle?: 'center' | 'left' | 'right'
  plant?: 'snake' | 'olive' | 'fiddle' | 'monstera' | 'none'
  stools?: number
  islandLength?: number
}

export type View =
  | 'main'
  | 'detail-1'
  | 'detail-2'
  | 'detail-3'
  | 'hero'
  | 'welcome'
  | 'cabinet'
  | 'og'

const W = 6.6
const D = 8.2
const H = 2.9

function cameraFor(
  view: View,
  k: KitchenSpec,
  sinkX: number,
  hoodX: number,
  aspect: number,
): CameraSpec {
  switch (view) {
    case 'hero':
      return { pos: [0.5, 1.45, 5.5], focal: 0.4, horizon: 0.47 }
    case 'og':
      return { pos: [-0.2, 1.45, 5.4], yaw: 8, focal: 0.42, horizon: 0.46, centerX: 0.74 }
    case 'welcome':
      return { pos: [-1.9, 1.45, 6.6], yaw: -16, focal: 0.56, horizon: 0.52 }
    case 'detail-1':
      return { pos: [-2.3, 1.4, 6.0], yaw: -20, focal: 0.62, horizon: 0.5 }
    case 'detail-2': {
      const x = k.window === 'back' ? sinkX : hoodX
      return { pos: [x + 0.5, 1.42, 2.55], yaw: 8, focal: 0.62, horizon: 0.5 }
    }
    case 'detail-3':
      return { pos: [1.9, 1.25, 5.6], yaw: 18, focal: 0.72, horizon: 0.46 }
    case 'cabinet':
      return { pos: [1.2, 1.35, 3.4], yaw: -28, focal: 0.6, horizon: 0.5 }
    default:
      if (k.angle === 'left') return { pos: [-1.5, 1.45, 6.1], yaw: -15, focal: 0.5, horizon: 0.48 }
      if (k.angle === 'right') return { pos: [2.0, 1.45, 6.1], yaw: 15, focal: 0.5, horizon: 0.48 }
      return { pos: [0.6, 1.42, 6.0], focal: aspect > 1.5 ? 0.46 : 0.5, horizon: 0.48 }
  }
}

function counterDetail(sc: Scene, c: Counter, seed: string): (face: string, pl: Plane) => void {
  const r = rng(seed)
  return (face, pl) => {
    if (
      c.kind === 'marble' &&
      (face === 'top' || face === 'front' || face === 'left' || face === 'right')
    )
      marble(sc, pl, r, c.vein ?? '#8f8a84', face === 'top' ? 1.4 : 0.8)
    if (c.kind === 'butcher' && face === 'top') grain(sc, pl, r, c.color, true)
    if (c.kind === 'quartz' && face === 'top') marble(sc, pl, r, c.vein ?? '#b8b2aa', 0.25)
  }
}

/** Hood as a tapered canopy plus a chimney flue up to the ceiling. */
function hood(sc: Scene, x: number, k: KitchenSpec): void {
  const c =
    k.hoodColor ??
    (k.hood === 'chimney' ? '#c3c8cb' : k.hood === 'wood' ? '#9a6a3f' : lighten(k.wall, 0.15))
  const y0 = 1.6
  const y1 = k.hood === 'canopy' ? 1.85 : 2.25
  const bw = 0.5
  const tw = k.hood === 'canopy' ? 0.5 : 0.3
  const bd = 0.52
  const td = k.hood === 'canopy' ? 0.52 : 0.32
  const front: V3[] = [
    [x - bw, y0, bd],
    [x + bw, y0, bd],
    [x + tw, y1, td],
    [x - tw, y1, td],
  ]
  const left: V3[] = [
    [x - bw, y0, 0],
    [x - bw, y0, bd],
    [x - tw, y1, td],
    [x - tw, y1, 0],
  ]
  const right: V3[] = [
    [x + bw, y0, bd],
    [x + bw, y0, 0],
    [x + tw, y1, 0],
    [x + tw, y1, td],
  ]
  sc.shadow(
    [
      [x - bw - 0.05, y0 - 0.2, 0.001],
      [x + bw + 0.1, y0 - 0.2, 0.001],
      [x + bw + 0.1, H, 0.001],
      [x - bw - 0.05, H, 0.001],
    ],
    0.16,
    0.12,
  )
  const fill = (n: V3): string => sc.faceFill(c, n, 0.05)
  if (sc.visible([-1, 0.3, 0], [x - bw, y0, 0.2])) sc.poly(left, fill([-1, 0.3, 0]))
  if (sc.visible([1, 0.3, 0], [x + bw, y0, 0.2])) sc.poly(right, fill([1, 0.3, 0]))
  sc.poly(front, fill([0, 0.45, 1]))
  // underside
  if (sc.pos[1] < y0)
    sc.poly(
      [
        [x - bw, y0, 0],
        [x + bw, y0, 0],
        [x + bw, y0, bd],
        [x - bw, y0, bd],
      ],
      darken(c, 0.45),
    )
  // band / trim
  const band =
    k.hood === 'wood' || k.hood === 'plaster' ? metalFill(sc.svg, k.metal) : darken(c, 0.1)
  sc.box(
    { x0: x - bw - 0.01, x1: x + bw + 0.01, y0, y1: y0 + 0.07, z0: 0, z1: bd + 0.01 },
    k.hood === 'chimney' ? darken(c, 0.08) : c,
    {
      detail: (face, pl) => {
        if (face === 'front') sc.rectOn(pl, 0, pl.h * 0.35, pl.w, pl.h * 0.65, band)
      },
    },
  )
  sc.box({ x0: x - tw, x1: x + tw, y0: y1, y1: H, z0: 0, z1: td }, c, { grad: 0.02 })
  if (k.hood === 'wood') {
    const r = rng(`${k.seed}-hood`)
    const pl: Plane = {
      o: [x - tw, y1, td],
      u: [1, 0, 0],
      v: [0, 1, 0],
      n: [0, 0, 1],
      w: tw * 2,
      h: H - y1,
    }
    grain(sc, pl, r, c, true)
  }
}

export function kitchen(k: KitchenSpec, view: View, w: number, h: number): string {
  const svg = new Svg(w, h)
  const rand = rng(`${k.seed}-${view}`)
  const fixed = rng(k.seed)
  const tallW = k.tall === 'right' ? 0.66 : 0
  const runX0 = -W / 2
  const runX1 = W / 2 - tallW
  const runW = runX1 - runX0
  const slots = Math.max(6, Math.round(runW / 0.6))
  const slotW = runW / slots
  const slotX = (i: number): number => runX0 + slotW * (i + 0.5)
  const windowSlot = k.window === 'back' ? Math.floor(slots * 0.3) : -1
  const hoodSlot = k.window === 'back' ? slots - 2 : Math.floor(slots / 2)
  const sinkSlot = k.window === 'back' ? windowSlot : Math.max(1, hoodSlot - 3)
  const sinkX = slotX(sinkSlot) + (k.window === 'back' ? slotW / 2 : 0)
  const hoodX = slotX(hoodSlot)
  const light: V3 = k.window === 'left' ? [-0.8, 0.6, 0.3] : [0.2, 0.7, 0.6]
  const sc = new Scene(svg, cameraFor(view, k, sinkX, hoodX, w / h), light)

  const room = drawRoom(
    sc,
    {
      w: W,
      d: D,
      h: H,
      wall: k.wall,
      floor: k.floor,
      potLights: k.beams ? 0 : 3,
      ceiling: k.dusk ? mix(k.wall, '#cdbfa8', 0.4) : undefined,
    },
    fixed,
  )
  if (k.beams) {
    for (let z = 0.9; z < 5; z += 1.4)
      sc.box({ x0: -W / 2, x1: W / 2, y0: H - 0.16, y1: H, z0: z, z1: z + 0.14 }, k.beams)
  }

  // Backsplash
  const back = room.back
  const splashTop = k.uppers === 'cabinets' || k.uppers === 'glass' ? 1.45 : 2.3
  const tileR = rng(`${k.seed}-tiles`)
  tiles(sc, back, 0, 0.92, runW, splashTop, { ...k.splash, rand: tileR })
  if (k.uppers === 'tall')
    tiles(sc, back, hoodX + W / 2 - 0.55, splashTop, hoodX + W / 2 + 0.55, H, {
      ...k.splash,
      rand: tileR,
    })
  // Windows
  const sun: V3 = k.window === 'left' ? [1, -0.62, 0.25] : [0.22, -0.62, 1]
  let winCorners: V3[] = []
  const win = {
    frame: k.dusk ? '#2b2a28' : rand.pick(['#2b2a28', '#f4f1ea', '#3b3a36']),
    rand: fixed,
    wall: k.wall,
    dusk: k.dusk,
    greens: k.greens,
  }
  if (k.window === 'back') {
    const a0 = slotX(windowSlot) - slotW * 0.9 + W / 2 + slotW / 2
    const a1 = a0 + slotW * 1.8
    drawWindow(sc, back, a0, 1.08, a1, 2.35, { ...win, cols: 2, rows: 1 })
    winCorners = [
      [a0 - W / 2, 2.35, 0],
      [a1 - W / 2, 2.35, 0],
      [a1 - W / 2, 1.08, 0],
      [a0 - W / 2, 1.08, 0],
    ]
  } else {
    const l = room.left
    drawWindow(sc, l, 1.3, 0.95, 3.6, 2.45, { ...win, cols: 3, rows: 1, transom: 0.22 })
    winCorners = [
      [-W / 2, 2.45, 1.3],
      [-W / 2, 2.45, 3.6],
      [-W / 2, 0.95, 3.6],
      [-W / 2, 0.95, 1.3],
    ]
  }
  if (!k.dusk) {
    sunPatch(sc, winCorners, sun, 0.28)
    lightBeam(sc, winCorners, sun, 0.07)
  }
  if (k.rug) rug(sc, -1.3, 1.3, 4.05, 5.6, k.rug[0], k.rug[1])

  // Back run
  const units: Unit[] = []
  for (let i = 0; i < slots; i++) {
    if (i === sinkSlot) units.push('sink')
    else if (i === hoodSlot) units.push('oven')
    else if (i === sinkSlot + 1 && k.window !== 'back') units.push('dw')
    else if (k.window === 'back' && i === sinkSlot + 1) units.push('sink')
    else if (k.window === 'back' && i === sinkSlot + 2) units.push('dw')
    else if (Math.abs(i - hoodSlot) === 1) units.push('drawers')
    else units.push(i % 3 === 0 ? 'drawer-door' : 'doors')
  }
  const cab = (color: string, u: Unit[], toe = 0.1): CabSpec => ({
    color,
    style: k.door,
    handle: k.handle,
    metal: k.metal,
    units: u,
    toe,
  })
  sc.box({ x0: runX0, x1: runX1, y0: 0, y1: 0.88, z0: 0, z1: 0.6 }, k.lower, {
    detail: (face, pl) => {
      if (face === 'front') cabinetFront(sc, pl, cab(k.lower, units))
    },
  })
  sc.box({ x0: runX0, x1: runX1 + 0.001, y0: 0.88, y1: 0.92, z0: 0, z1: 0.64 }, k.counter.color, {
    detail: counterDetail(sc, k.counter, `${k.seed}-c1`),
    grad: 0.02,
  })
  // Cooktop
  const cx = hoodX
  sc.poly(
    [
      [cx - 0.36, 0.922, 0.08],
      [cx + 0.36, 0.922, 0.08],
      [cx + 0.36, 0.922, 0.56],
      [cx - 0.36, 0.922, 0.56],
    ],
    '#222326',
  )
  for (const [dx, dz] of [
    [-0.18, 0.2],
    [0.18, 0.2],
    [-0.18, 0.44],
    [0.18, 0.44],
  ] as const) {
    const ring = sc.ring(cx + dx, 0.924, dz, 0.08, 16)
    sc.polyline([...ring, ring[0] as V3], '#4a4c50', 0.008)
  }
  // Sink
  sc.poly(
    [
      [sinkX - 0.36, 0.922, 0.12],
      [sinkX + 0.36, 0.922, 0.12],
      [sinkX + 0.36, 0.922, 0.5],
      [sinkX - 0.36, 0.922, 0.5],
    ],
    sc.svg.linear([
      [0, '#9aa2a6'],
      [1, '#d2d7d9'],
    ]),
  )
  faucet(sc, sinkX, 0.92, 0.06, k.metal)
  // Counter accessories
  const acc = rng(`${k.seed}-acc`)
  const boardX = runX0 + 0.5
  sc.box({ x0: boardX, x1: boardX + 0.42, y0: 0.92, y1: 1.36, z0: 0.02, z1: 0.05 }, '#b98a5a', {
    detail: (face, pl) => {
      if (face === 'front') grain(sc, pl, acc, '#b98a5a', true)
    },
  })
  sc.box(
    { x0: boardX + 0.25, x1: boardX + 0.55, y0: 0.92, y1: 1.22, z0: 0.06, z1: 0.09 },
    '#8a5f3a',
  )
  for (let i = 0; i < 3; i++) {
    const jx = runX1 - 0.5 - i * 0.13
    sc.cylinder(
      jx,
      0.2,
      0.92,
      0.92 + 0.16 + i * 0.04,
      0.05,
      i === 1 ? '#e9e2d6' : '#d6d9d4',
      0.05,
      '#b8914a',
    )
  }
  // Uppers / shelves / hood
  const winA0 = k.window === 'back' ? slotX(windowSlot) - slotW * 0.9 + slotW / 2 - 0.08 : 99
  const winA1 = k.window === 'back' ? winA0 + slotW * 1.8 + 0.16 : 99
  const hoodA0 = hoodX - 0.58
  const hoodA1 = hoodX + 0.58
  const segs: [number, number][] = []
  let start = runX0
  const blocks = [
    [winA0, winA1],
    [hoodA0, hoodA1],
  ].sort((a, b) => (a[0] as number) - (b[0] as number)) as [number, number][]
  for (const [b0, b1] of blocks) {
    if (b0 > runX1) continue
    if (b0 - start > 0.35) segs.push([start, b0])
    start = Math.max(start, b1)
  }
  if (runX1 - start > 0.35) segs.push([start, runX1])
  if (k.uppers === 'shelves') {
    for (const [s0, s1] of segs) {
      for (const y of [1.55, 1.98]) {
        sc.box(
          { x0: s0 + 0.1, x1: s1 - 0.1, y0: y, y1: y + 0.045, z0: 0, z1: 0.26 },
          k.counter.kind === 'butcher' ? k.counter.color : '#b8895a',
          {
            detail: (face, pl) => {
              if (face === 'front') grain(sc, pl, acc, '#b8895a')
            },
          },
        )
        let x = s0 + 0.2
        while (x < s1 - 0.3) {
          const kind = acc.int(0, 3)
          if (kind === 0) {
            for (let q = 0; q < 4; q++)
              sc.box(
                {
                  x0: x,
                  x1: x + 0.24,
                  y0: y + 0.045 + q * 0.018,
                  y1: y + 0.045 + (q + 1) * 0.018,
                  z0: 0.03,
                  z1: 0.22,
                },
                '#f3efe8',
                { grad: 0 },
              )
            x += 0.34
          } else if (kind === 1) {
            sc.cylinder(
              x + 0.06,
              0.13,
              y + 0.045,
              y + 0.3,
              0.06,
              acc.pick(['#d9cbb5', '#9fae9a', '#e9e2d6', '#b3785a']),
              0.05,
            )
            x += 0.2
          } else if (kind === 2) {
            plant(sc, x + 0.08, 0.13, 0.45, '#e8e1d5', 'trailing', acc, undefined, y + 0.045)
            x += 0.3
          } else {
            sc.box(
              { x0: x, x1: x + 0.03, y0: y + 0.045, y1: y + 0.3, z0: 0.03, z1: 0.2 },
              '#f1ece4',
              { grad: 0 },
            )
            sc.box(
              { x0: x + 0.04, x1: x + 0.07, y0: y + 0.045, y1: y + 0.28, z0: 0.03, z1: 0.2 },
              '#e2d7c6',
              { grad: 0 },
            )
            x += 0.16
          }
        }
      }
    }
  } else if (k.uppers === 'cabinets' || k.uppers === 'glass') {
    for (const [s0, s1] of segs) {
      const n = Math.max(1, Math.round((s1 - s0) / 0.46))
      const u: Unit[] = Array.from({ length: n }, (_, i) =>
        k.uppers === 'glass' && (i === 0 || i === n - 1) ? 'glass' : 'door',
      )
      sc.shadow(
        [
          [s0 + 0.04, 1.4, 0.001],
          [s1 + 0.1, 1.4, 0.001],
          [s1 + 0.1, 2.4, 0.001],
          [s0 + 0.04, 2.4, 0.001],
        ],
        0.2,
        0.06,
      )
      gradQuad(
        sc,
        back,
        s0 + W / 2,
        1.1,
        s1 + W / 2,
        1.45,
        [
          [0, '#ffe9bf', 0],
          [1, '#ffe9bf', 0.55],
        ],
        'b',
      )
      sc.box({ x0: s0, x1: s1, y0: 1.45, y1: 2.4, z0: 0, z1: 0.36 }, k.upper, {
        detail: (face, pl) => {
          if (face === 'front')
            cabinetFront(sc, pl, { ...cab(k.upper, u, 0), interior: lighten(k.upper, 0.1) })
        },
      })
      sc.box({ x0: s0 - 0.015, x1: s1 + 0.015, y0: 2.4, y1: 2.46, z0: 0, z1: 0.375 }, k.upper)
    }
  } else {
    for (const [s0, s1] of segs) {
      sc.box({ x0: s0, x1: s1, y0: 1.5, y1: H, z0: 0, z1: 0.36 }, k.upper, {
        detail: (face, pl) => {
          if (face === 'front')
            cabinetFront(
              sc,
              pl,
              cab(
                k.upper,
                Array.from({ length: Math.max(1, Math.round((s1 - s0) / 0.46)) }, () => 'door'),
                0,
              ),
            )
        },
      })
    }
  }
  hood(sc, hoodX, k)

  // Tall run on the right wall
  if (k.tall === 'right') {
    const tx0 = W / 2 - tallW
    sc.box({ x0: tx0, x1: W / 2, y0: 0, y1: H - 0.02, z0: 0, z1: 2.6 }, k.upper, {
      detail: (face, pl) => {
        if (face === 'left')
          cabinetFront(sc, pl, cab(k.upper, ['pantry', 'fridge', 'fridge', 'pantry'], 0.1))
        if (face === 'front') sc.rectOn(pl, 0, 0, pl.w, 0.1, darken(k.upper, 0.5))
      },
    })
  }

  // Island
  const iz0 = 2.45
  const iz1 = 3.5
  const iL = k.islandLength ?? 2.7
  const ix = 0
  const ic = k.islandCounter ?? k.counter
  sc.shadow(
    [
      [ix - iL / 2 - 0.1, 0.001, iz0 - 0.05],
      [ix + iL / 2 + 0.1, 0.001, iz0 - 0.05],
      [ix + iL / 2 + 0.15, 0.001, iz1 + 0.25],
      [ix - iL / 2 - 0.15, 0.001, iz1 + 0.25],
    ],
    0.3,
    0.12,
  )
  sc.box(
    { x0: ix - iL / 2 + 0.05, x1: ix + iL / 2 - 0.05, y0: 0, y1: 0.88, z0: iz0, z1: iz1 - 0.32 },
    k.island,
    {
      detail: (face, pl) => {
        if (face === 'front') {
          if (k.door === 'fluted')
            cabinetFront(sc, pl, {
              ...cab(k.island, ['door', 'door', 'door', 'door'], 0.1),
              handle: 'none',
            })
          else
            cabinetFront(sc, pl, {
              ...cab(k.island, ['door', 'door', 'door', 'door'], 0.1),
              handle: 'none',
              style: k.door === 'slab' ? 'slab' : 'shaker',
            })
        }
        if (face === 'left' || face === 'right')
          cabinetFront(sc, pl, { ...cab(k.island, ['door'], 0.1), handle: 'none' })
      },
    },
  )
  sc.box(
    { x0: ix - iL / 2, x1: ix + iL / 2, y0: 0.88, y1: 0.93, z0: iz0 - 0.03, z1: iz1 },
    ic.color,
    {
      detail: counterDetail(sc, ic, `${k.seed}-c2`),
      grad: 0.02,
    },
  )
  if (k.waterfall) {
    sc.box(
      { x0: ix - iL / 2, x1: ix - iL / 2 + 0.05, y0: 0, y1: 0.88, z0: iz0 - 0.03, z1: iz1 },
      ic.color,
      {
        detail: counterDetail(sc, ic, `${k.seed}-c3`),
      },
    )
    sc.box(
      { x0: ix + iL / 2 - 0.05, x1: ix + iL / 2, y0: 0, y1: 0.88, z0: iz0 - 0.03, z1: iz1 },
      ic.color,
      {
        detail: counterDetail(sc, ic, `${k.seed}-c4`),
      },
    )
  }
  bowl(sc, ix + 0.55, 0.93, iz0 + 0.45, '#efe9df', rand.pick(['#e7b83c', '#d9762f', '#9fbf4f']))
  vase(sc, ix - 0.7, 0.93, iz0 + 0.35, rand.pick(['#e9e2d6', '#c9b08a', '#6f7f74']), acc)
  // Stools
  const ns = k.stools ?? 3
  for (let i = 0; i < ns; i++) {
    const sx = ix - iL / 2 + 0.5 + ((iL - 1) * i) / (ns - 1)
    stool(sc, sx, iz1 + 0.28, 0.66, k.stool, k.stoolLegs, k.stoolBack)
  }
  // Pendants
  const np = k.pendants ?? 3
  for (let i = 0; i < np; i++) {
    const px = ix - iL / 2 + iL * ((i + 0.5) / np)
    pendant(
      sc,
      px,
      (iz0 + iz1) / 2,
      1.78,
      H,
      k.pendant,
      k.pendantColor,
      k.metal,
      np === 2 ? 1.2 : 1,
    )
  }
  // Plants
  if (view !== 'detail-1' && view !== 'welcome')
    plant(
      sc,
      -W / 2 + 0.45,
      4.6,
      1.5,
      rand.pick(['#d9cbb5', '#efe9df', '#6f7f74']),
      rand.pick(['fiddle', 'monstera', 'olive']),
      acc,
    )
  const pk = k.plant ?? 'snake'
  if ((view === 'hero' || view === 'main') && pk !== 'none')
    plant(sc, W / 2 - 0.45, 3.3, pk === 'snake' ? 1.1 : 1.3, '#c7b59a', pk, acc)

  wash(svg, k.window === 'left', k.dusk ? '#ffcf8a' : '#fff1d6', k.dusk ? 0.1 : 0.12)
  vignette(svg, k.dusk ? 0.35 : 0.2)
  return svg.toString()
}
