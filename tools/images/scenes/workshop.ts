/** Carpentry workshop with an optional crew (team illustration). */
import { darken, lighten } from '../lib/color.ts'
import { vignette, wash } from '../lib/frame.ts'
import { cabinetFront, glow, grain, type Metal, metalBase, person, plant } from '../lib/parts.ts'
import { type Rng, rng } from '../lib/rng.ts'
import { drawRoom, drawWindow, lightBeam, sunPatch } from '../lib/room.ts'
import { type CameraSpec, type Plane, Scene, type V3 } from '../lib/space.ts'
import type { Pt } from '../lib/svg.ts'
import { Svg } from '../lib/svg.ts'

export type WorkshopSpec = {
  seed: string
  wall: string
  wood: string
  accent: string
  metal: Metal
  crew: boolean
}
export type WorkshopView = 'main' | 'hero' | 'team' | 'detail'

const W = 7
const D = 9.5
const H = 3.4

function camera(view: WorkshopView): CameraSpec {
  switch (view) {
    case 'team':
      return { pos: [0.5, 1.5, 8.0], focal: 0.5, horizon: 0.47 }
    case 'detail':
      return { pos: [-1.0, 1.4, 3.4], yaw: -10, focal: 0.55, horizon: 0.48 }
    case 'hero':
      return { pos: [0.3, 1.5, 7.0], focal: 0.4, horizon: 0.48 }
    default:
      return { pos: [0.3, 1.5, 7.4], focal: 0.5, horizon: 0.5 }
  }
}

/** Tool silhouettes on a pegboard plane. */
function tools(
  sc: Scene,
  pl: Plane,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  rand: Rng,
  metal: Metal,
): void {
  sc.rectOn(pl, a0, b0, a1, b1, '#c9a87e')
  for (let a = a0 + 0.05; a < a1; a += 0.05)
    for (let b = b0 + 0.05; b < b1; b += 0.05)
      sc.rectOn(pl, a - 0.004, b - 0.004, a + 0.004, b + 0.004, '#8a6a48', 'stroke="none"')
  const steel = metalBase[metal === 'black' ? 'chrome' : metal]
  const handle = ['#c0392b', '#e0a030', '#2f4a5a', '#3a3f44']
  let a = a0 + 0.12
  while (a < a1 - 0.2) {
    const kind = rand.int(0, 5)
    const top = b1 - 0.12
    const sh = (pts: Pt[], c: string, round = 0): void =>
      sc.poly(sc.shapeOn(pl, pts, 0.02), c, '', round)
    if (kind === 0) {
      // hand saw
      sh(
        [
          [a, top - 0.5],
          [a + 0.12, top - 0.5],
          [a + 0.1, top - 0.05],
          [a + 0.02, top - 0.05],
        ],
        steel,
      )
      sh(
        [
          [a - 0.01, top - 0.06],
          [a + 0.13, top - 0.06],
          [a + 0.12, top + 0.06],
          [a, top + 0.06],
        ],
        rand.pick(handle),
        3,
      )
      a += 0.22
    } else if (kind === 1) {
      // hammer
      sh(
        [
          [a + 0.04, top - 0.35],
          [a + 0.07, top - 0.35],
          [a + 0.07, top],
          [a + 0.04, top],
        ],
        '#b88a5a',
      )
      sh(
        [
          [a - 0.03, top],
          [a + 0.14, top],
          [a + 0.14, top + 0.05],
          [a - 0.03, top + 0.05],
        ],
        '#3a3f44',
        2,
      )
      a += 0.2
    } else if (kind === 2) {
      // square
      sh(
        [
          [a, top - 0.4],
          [a + 0.04, top - 0.4],
          [a + 0.04, top - 0.04],
          [a + 0.3, top - 0.04],
          [a + 0.3, top],
          [a, top],
        ],
        steel,
      )
      a += 0.36
    } else if (kind === 3) {
      // clamps
      for (let k = 0; k < 3; k++) {
        const x = a + k * 0.07
        sh(
          [
            [x, top - 0.42],
            [x + 0.015, top - 0.42],
            [x + 0.015, top],
            [x, top],
          ],
          steel,
        )
        sh(
          [
            [x - 0.02, top - 0.08],
            [x + 0.05, top - 0.08],
            [x + 0.05, top - 0.02],
            [x - 0.02, top - 0.02],
          ],
          rand.pick(handle),
          2,
        )
        sh(
          [
            [x - 0.02, top - 0.34],
            [x + 0.05, top - 0.34],
            [x + 0.05, top - 0.3],
            [x - 0.02, top - 0.3],
          ],
          '#3a3f44',
        )
      }
      a += 0.26
    } else if (kind === 4) {
      // chisels
      for (let k = 0; k < 4; k++) {
        const x = a + k * 0.05
        sh(
          [
            [x, top - 0.12 - k * 0.02],
            [x + 0.025, top - 0.12 - k * 0.02],
            [x + 0.025, top],
            [x, top],
          ],
          '#b88a5a',
          2,
        )
        sh(
          [
            [x + 0.005, top - 0.3],
            [x + 0.02, top - 0.3],
            [x + 0.02, top - 0.12 - k * 0.02],
            [x + 0.005, top - 0.12 - k * 0.02],
          ],
          steel,
        )
      }
      a += 0.26
    } else {
      // drill
      sh(
        [
          [a, top - 0.05],
          [a + 0.22, top - 0.05],
          [a + 0.22, top + 0.06],
          [a, top + 0.06],
        ],
        rand.pick(handle),
        4,
      )
      sh(
        [
          [a + 0.04, top - 0.28],
          [a + 0.1, top - 0.28],
          [a + 0.1, top - 0.05],
          [a + 0.04, top - 0.05],
        ],
        '#3a3f44',
        3,
      )
      sh(
        [
          [a + 0.22, top - 0.01],
          [a + 0.3, top - 0.01],
          [a + 0.3, top + 0.02],
          [a + 0.22, top + 0.02],
        ],
        steel,
      )
      a += 0.36
    }
  }
  // lower row: tape, level, pencils
  sc.rectOn(pl, a0 + 0.2, b0 + 0.15, a0 + 0.9, b0 + 0.2, '#e0b030')
  sc.rectOn(pl, a0 + 0.45, b0 + 0.165, a0 + 0.6, b0 + 0.185, '#9ad0c0')
  sc.rectOn(pl, a1 - 0.6, b0 + 0.1, a1 - 0.2, b0 + 0.3, '#e8e1d5')
}

function workbench(
  sc: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  wood: string,
  rand: Rng,
  metal: Metal,
): void {
  sc.shadow(
    [
      [x0 - 0.1, 0.001, z0],
      [x1 + 0.1, 0.001, z0],
      [x1 + 0.12, 0.001, z1 + 0.2],
      [x0 - 0.12, 0.001, z1 + 0.2],
    ],
    0.28,
    0.08,
  )
  for (const x of [x0 + 0.05, x1 - 0.13])
    for (const z of [z0 + 0.05, z1 - 0.13])
      sc.box({ x0: x, x1: x + 0.08, y0: 0, y1: 0.86, z0: z, z1: z + 0.08 }, darken(wood, 0.1))
  sc.box(
    { x0: x0 + 0.05, x1: x1 - 0.05, y0: 0.2, y1: 0.24, z0: z0 + 0.05, z1: z1 - 0.05 },
    darken(wood, 0.1),
  )
  sc.box({ x0, x1, y0: 0.86, y1: 0.94, z0, z1 }, wood, {
    detail: (f, pl) => {
      if (f === 'top' || f === 'front') grain(sc, pl, rand, wood)
    },
  })
  // vise
  sc.box(
    { x0: x0 + 0.2, x1: x0 + 0.55, y0: 0.76, y1: 0.94, z0: z1, z1: z1 + 0.05 },
    darken(wood, 0.05),
  )
  sc.line([x0 + 0.375, 0.84, z1 + 0.05], [x0 + 0.375, 0.84, z1 + 0.25], metalBase[metal], 0.02)
  // board, plane and plans on top
  sc.box(
    { x0: x0 + 0.7, x1: x1 - 0.6, y0: 0.94, y1: 0.97, z0: z0 + 0.15, z1: z0 + 0.4 },
    lighten(wood, 0.25),
  )
  sc.poly(
    [
      [x1 - 0.55, 0.942, z0 + 0.1],
      [x1 - 0.1, 0.942, z0 + 0.1],
      [x1 - 0.1, 0.942, z1 - 0.1],
      [x1 - 0.55, 0.942, z1 - 0.1],
    ],
    '#e8eef4',
  )
  sc.line([x1 - 0.5, 0.943, z0 + 0.2], [x1 - 0.15, 0.943, z0 + 0.2], '#4a6a96', 0.006)
  sc.line([x1 - 0.5, 0.943, z0 + 0.2], [x1 - 0.5, 0.943, z1 - 0.2], '#4a6a96', 0.006)
  sc.box(
    { x0: x0 + 0.9, x1: x0 + 1.15, y0: 0.97, y1: 1.04, z0: z0 + 0.45, z1: z0 + 0.53 },
    '#c0392b',
  )
}

export function workshop(s: WorkshopSpec, view: WorkshopView, w: number, h: number): string {
  const svg = new Svg(w, h)
  const fixed = rng(s.seed)
  const acc = rng(`${s.seed}-acc`)
  const sc = new Scene(svg, camera(view), [-0.6, 0.7, 0.4])
  const room = drawRoom(
    sc,
    {
      w: W,
      d: D,
      h: H,
      wall: s.wall,
      floor: { kind: 'concrete', color: '#b9b2a6' },
      baseboard: null,
      ceiling: '#e9e4da',
    },
    fixed,
  )
  // exposed trusses
  for (let z = 1.2; z < D; z += 2.0)
    sc.box({ x0: -W / 2, x1: W / 2, y0: H - 0.14, y1: H - 0.02, z0: z, z1: z + 0.09 }, s.wood)
  // high windows on back wall
  for (const a of [0.6, 2.9, 5.2])
    drawWindow(sc, room.back, a, 2.0, a + 1.2, 3.0, {
      frame: '#2b2a28',
      cols: 2,
      rows: 1,
      rand: fixed,
      wall: s.wall,
    })
  const corners: V3[] = [
    [-W / 2 + 0.6, 3.0, 0],
    [W / 2 - 0.6, 3.0, 0],
    [W / 2 - 0.6, 2.0, 0],
    [-W / 2 + 0.6, 2.0, 0],
  ]
  sunPatch(sc, corners, [0.25, -0.7, 1], 0.16)
  lightBeam(sc, corners, [0.25, -0.7, 1], 0.06)
  // pegboard wall with tools
  tools(sc, room.back, 0.4, 0.95, 4.0, 1.9, fixed, s.metal)
  // cabinet run on the back right
  sc.box({ x0: 0.7, x1: W / 2 - 0.2, y0: 0, y1: 0.9, z0: 0, z1: 0.6 }, s.accent, {
    detail: (f, pl) => {
      if (f === 'front')
        cabinetFront(sc, pl, {
          color: s.accent,
          style: 'shaker',
          handle: 'bar',
          metal: s.metal,
          units: ['drawers', 'doors', 'drawers'],
          toe: 0.08,
        })
    },
  })
  sc.box({ x0: 0.68, x1: W / 2 - 0.18, y0: 0.9, y1: 0.95, z0: 0, z1: 0.63 }, s.wood)
  sc.box({ x0: 1.0, x1: 1.5, y0: 0.95, y1: 1.25, z0: 0.1, z1: 0.5 }, '#e0a030')
  sc.cylinder(2.3, 0.3, 0.95, 1.15, 0.1, '#3a3f44')
  // lumber rack on the left wall
  for (const y of [0.4, 0.9, 1.4, 1.9, 2.4]) {
    for (const z of [0.8, 2.2, 3.6, 5.0])
      sc.box({ x0: -W / 2, x1: -W / 2 + 0.5, y0: y - 0.04, y1: y, z0: z, z1: z + 0.06 }, '#3a3f44')
    for (let k = 0; k < 4; k++) {
      const x0 = -W / 2 + 0.04 + k * 0.11
      sc.box(
        { x0, x1: x0 + 0.1, y0: y, y1: y + 0.05 + (k % 2) * 0.02, z0: 0.5, z1: 5.6 - k * 0.3 },
        acc.pick([lighten(s.wood, 0.3), lighten(s.wood, 0.2), s.wood, '#d9b27c']),
        { grad: 0 },
      )
    }
  }
  // cabinet carcass in progress on sawhorses
  const horse = (x: number, z: number): void => {
    sc.line([x - 0.3, 0.7, z], [x + 0.3, 0.7, z], s.wood, 0.05)
    for (const dx of [-0.25, 0.25]) {
      sc.line([x + dx, 0.7, z], [x + dx * 1.3, 0, z - 0.2], s.wood, 0.035)
      sc.line([x + dx, 0.7, z], [x + dx * 1.3, 0, z + 0.2], s.wood, 0.035)
    }
  }
  // sheet goods leaning on the right wall
  for (let k = 0; k < 4; k++) {
    const z0 = 1.0 + k * 0.05
    sc.poly(
      [
        [W / 2 - 0.05 - k * 0.05, 0, z0],
        [W / 2 - 0.05 - k * 0.05, 0, z0 + 2.4],
        [W / 2 - 0.02 - k * 0.03, 1.22, z0 + 2.4],
        [W / 2 - 0.02 - k * 0.03, 1.22, z0],
      ],
      k % 2 ? '#d9b27c' : '#e2c08e',
    )
  }
  sc.cylinder(W / 2 - 0.5, 4.2, 0, 0.55, 0.2, '#c0392b')
  horse(1.9, 2.3)
  horse(1.9, 3.1)
  sc.box({ x0: 1.5, x1: 2.3, y0: 0.72, y1: 1.3, z0: 2.2, z1: 3.2 }, lighten(s.wood, 0.28), {
    detail: (f, pl) => {
      if (f === 'front' || f === 'left') grain(sc, pl, acc, lighten(s.wood, 0.28), true)
      if (f === 'top')
        sc.rectOn(pl, 0.04, 0.04, pl.w - 0.04, pl.h - 0.04, darken(lighten(s.wood, 0.28), 0.2))
    },
  })
  // table saw
  sc.box({ x0: -2.4, x1: -1.5, y0: 0, y1: 0.86, z0: 2.0, z1: 3.0 }, '#3a3f44')
  sc.box({ x0: -2.6, x1: -1.3, y0: 0.86, y1: 0.9, z0: 1.9, z1: 3.1 }, '#b9c0c4')
  sc.poly(
    [
      [-1.95, 0.9, 2.3],
      [-1.95, 1.0, 2.45],
      [-1.95, 1.0, 2.6],
      [-1.95, 0.9, 2.75],
    ],
    '#d9dde0',
  )
  // shop lights
  for (const z of [2.2, 4.6]) {
    sc.box({ x0: -1.6, x1: 1.6, y0: 2.7, y1: 2.75, z0: z - 0.06, z1: z + 0.06 }, '#f5f3ee')
    sc.line([-1.4, 2.75, z], [-1.4, H - 0.15, z], '#2b2a28', 0.004)
    sc.line([1.4, 2.75, z], [1.4, H - 0.15, z], '#2b2a28', 0.004)
    glow(sc, [0, 2.6, z], 1.8, '#fff6e0', 0.3)
  }
  if (s.crew) {
    person(sc, [-2.0, 0, 3.4], {
      shirt: '#143358',
      pants: '#3a3f44',
      skin: '#c98f6a',
      hair: '#2b2a28',
      apron: '#a3591a',
      pose: 'work',
    })
    person(sc, [2.6, 0, 3.7], {
      shirt: '#e9e2d6',
      pants: '#2f3b46',
      skin: '#8a5a3c',
      hair: '#1c1712',
      hat: '#143358',
      pose: 'carry',
      flip: true,
    })
  }
  // workbench in the front
  workbench(sc, -1.2, 1.0, 3.9, 4.7, s.wood, acc, s.metal)
  if (s.crew) {
    person(sc, [0.5, 0, 5.3], {
      shirt: '#7d9184',
      pants: '#3a3f44',
      skin: '#e0b08a',
      hair: '#8a5a30',
      apron: '#c9a46a',
      pose: 'point',
      flip: true,
    })
    person(sc, [-0.6, 0, 5.4], {
      shirt: '#a3591a',
      pants: '#2b2a28',
      skin: '#b57d5a',
      hair: '#3a2a20',
      pose: 'stand',
    })
  }
  plant(sc, W / 2 - 0.5, 5.6, 1.2, '#d9cbb5', 'snake', acc)
  wash(svg, true, '#fff1d6', 0.12)
  vignette(svg, 0.22)
  return svg.toString()
}
