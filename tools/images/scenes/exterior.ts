/** Exterior elevations: a GTA streetscape and a home with an addition under construction. */
import { darken, lighten } from '../lib/color.ts'
import { vignette } from '../lib/frame.ts'
import { person } from '../lib/parts.ts'
import { type Rng, rng } from '../lib/rng.ts'
import { Scene } from '../lib/space.ts'
import { fmt, pathD, Svg } from '../lib/svg.ts'

type Ctx = { svg: Svg; rand: Rng; dusk: boolean; u: number }

function sky(c: Ctx, horizon: number): void {
  const { svg } = c
  const fill = c.dusk
    ? svg.linear([
        [0, '#1d2f52'],
        [0.45, '#52618a'],
        [0.8, '#d99a7a'],
        [1, '#f4c58e'],
      ])
    : svg.linear([
        [0, '#7fb0d8'],
        [0.7, '#cfe2ee'],
        [1, '#f3ecdc'],
      ])
  svg.rect(0, 0, svg.w, horizon + 2, fill)
  if (c.dusk) {
    svg.circle(
      svg.w * 0.78,
      horizon - c.u * 1.2,
      c.u * 2.2,
      svg.radial([
        [0, '#ffe0a8', 0.9],
        [0.3, '#ffc98a', 0.5],
        [1, '#ffb070', 0],
      ]),
    )
  } else {
    for (let i = 0; i < 5; i++) {
      const x = c.rand.range(0, svg.w)
      const y = c.rand.range(horizon * 0.1, horizon * 0.5)
      const w = c.rand.range(4, 9) * c.u
      for (let k = 0; k < 4; k++)
        svg.ellipse(
          x + (k - 1.5) * w * 0.22,
          y - Math.sin((k / 3) * Math.PI) * c.u * 0.5,
          w * 0.3,
          c.u * 0.55,
          '#ffffff',
          'opacity="0.75"',
        )
    }
  }
}

/** Distant Toronto-style skyline with a needle tower. */
function skyline(c: Ctx, horizon: number, x0: number, x1: number): void {
  const { svg, u } = c
  const col = c.dusk ? '#3a4466' : '#9fb0c4'
  let x = x0
  while (x < x1) {
    const w = c.rand.range(0.8, 2.2) * u
    const h = c.rand.range(1.5, 6.5) * u
    svg.rect(x, horizon - h, w, h + 1, col)
    if (c.dusk)
      for (let yy = horizon - h + u * 0.4; yy < horizon - u * 0.3; yy += u * 0.5)
        for (let xx = x + u * 0.2; xx < x + w - u * 0.2; xx += u * 0.35)
          if (c.rand.chance(0.4)) svg.rect(xx, yy, u * 0.12, u * 0.18, '#ffd58a', 'opacity="0.8"')
    x += w + c.rand.range(0, 0.5) * u
  }
  const tx = x0 + (x1 - x0) * 0.62
  svg.path(
    pathD([
      [tx - u * 0.35, horizon],
      [tx - u * 0.12, horizon - u * 7],
      [tx + u * 0.12, horizon - u * 7],
      [tx + u * 0.35, horizon],
    ]),
    col,
  )
  svg.ellipse(tx, horizon - u * 7.2, u * 0.55, u * 0.32, col)
  svg.rect(tx - u * 0.06, horizon - u * 10.5, u * 0.12, u * 3.4, col)
  if (c.dusk) svg.circle(tx, horizon - u * 10.5, u * 0.12, '#ff6a5a')
}

function treeBlob(
  c: Ctx,
  x: number,
  ground: number,
  size: number,
  color: string,
  trunk = '#5b4632',
): void {
  const { svg, u } = c
  svg.rect(x - u * 0.12 * size, ground - u * 2.2 * size, u * 0.24 * size, u * 2.2 * size, trunk)
  const n = 7
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2
    const r = u * c.rand.range(0.9, 1.3) * size
    svg.circle(
      x + Math.cos(a) * u * 0.9 * size,
      ground - u * 3.2 * size + Math.sin(a) * u * 0.8 * size,
      r,
      i % 2 ? color : lighten(color, 0.08),
    )
  }
  svg.circle(x, ground - u * 3.4 * size, u * 1.3 * size, lighten(color, 0.12))
}

type HouseStyle = {
  body: string
  trim: string
  roof: string
  door: string
  kind: 'gable' | 'hip' | 'flat' | 'twin'
  brick?: boolean
}

function windowAt(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  trim: string,
  lit: boolean,
): void {
  const { svg } = c
  svg.rect(x - 2, y - 2, w + 4, h + 4, trim)
  svg.rect(
    x,
    y,
    w,
    h,
    lit
      ? svg.linear([
          [0, '#ffd793'],
          [1, '#f0a85c'],
        ])
      : svg.linear([
          [0, '#bcd3e2'],
          [1, '#8fb0c6'],
        ]),
  )
  svg.rect(x + w / 2 - 1, y, 2, h, trim)
  svg.rect(x, y + h / 2 - 1, w, 2, trim)
  if (!lit)
    svg.path(
      pathD([
        [x + w * 0.1, y + h],
        [x + w * 0.35, y + h],
        [x + w * 0.7, y],
        [x + w * 0.45, y],
      ]),
      '#ffffff',
      'opacity="0.18"',
    )
}

function house(c: Ctx, x: number, ground: number, w: number, h: number, s: HouseStyle): void {
  const { svg, u } = c
  const lit = c.dusk
  // shadow
  svg.ellipse(
    x + w / 2,
    ground,
    w * 0.6,
    u * 0.4,
    '#1c1712',
    `opacity="0.25" filter="${svg.blur(4)}"`,
  )
  svg.rect(
    x,
    ground - h,
    w,
    h,
    svg.linear([
      [0, lighten(s.body, 0.05)],
      [1, darken(s.body, 0.08)],
    ]),
  )
  if (s.brick) {
    for (let yy = ground - h + u * 0.25; yy < ground; yy += u * 0.25)
      svg.rect(x, yy, w, 0.8, darken(s.body, 0.15), 'opacity="0.5"')
  } else {
    for (let yy = ground - h + u * 0.3; yy < ground; yy += u * 0.3)
      svg.rect(x, yy, w, 0.7, darken(s.body, 0.12), 'opacity="0.45"')
  }
  const eave = u * 0.5
  if (s.kind === 'gable' || s.kind === 'twin') {
    const peaks = s.kind === 'twin' ? 2 : 1
    const pw = w / peaks
    for (let i = 0; i < peaks; i++) {
      const px = x + i * pw
      const rh = Math.min(pw * 0.42, u * 4.4)
      svg.path(
        pathD([
          [px - eave, ground - h],
          [px + pw / 2, ground - h - rh - u * 0.2],
          [px + pw + eave, ground - h],
        ]),
        s.roof,
      )
      svg.path(
        pathD([
          [px + u * 0.4, ground - h],
          [px + pw / 2, ground - h - rh + u * 0.5],
          [px + pw - u * 0.4, ground - h],
        ]),
        s.body,
      )
      svg.path(
        pathD([
          [px + u * 0.4, ground - h],
          [px + pw / 2, ground - h - rh + u * 0.5],
          [px + pw - u * 0.4, ground - h],
        ]),
        darken(s.body, 0.1),
        'opacity="0.4"',
      )
      windowAt(
        c,
        px + pw / 2 - u * 0.5,
        ground - h - rh * 0.55,
        u,
        u * 1.1,
        s.trim,
        lit && c.rand.chance(0.6),
      )
    }
  } else if (s.kind === 'hip') {
    svg.path(
      pathD([
        [x - eave, ground - h],
        [x + w * 0.25, ground - h - w * 0.22],
        [x + w * 0.75, ground - h - w * 0.22],
        [x + w + eave, ground - h],
      ]),
      s.roof,
    )
  } else {
    svg.rect(x - eave * 0.4, ground - h - u * 0.4, w + eave * 0.8, u * 0.45, s.roof)
  }
  svg.rect(x - eave, ground - h - u * 0.08, w + eave * 2, u * 0.16, darken(s.roof, 0.2))
  // windows
  const floors = Math.max(1, Math.round(h / (u * 3.2)))
  const fh = h / floors
  const cols = Math.max(2, Math.round(w / (u * 3.4)))
  for (let f = 0; f < floors; f++) {
    for (let i = 0; i < cols; i++) {
      const wx = x + ((i + 0.5) * w) / cols - u * 0.6
      const wy = ground - (f + 1) * fh + fh * 0.25
      if (f === 0 && i === Math.floor(cols / 2)) {
        svg.rect(wx - 2, ground - fh * 0.72 - 2, u * 1.2 + 4, fh * 0.72 + 2, s.trim)
        svg.rect(wx, ground - fh * 0.72, u * 1.2, fh * 0.72, s.door)
        svg.circle(wx + u, ground - fh * 0.35, u * 0.06, '#c9a35a')
        if (lit)
          svg.circle(
            wx - u * 0.3,
            ground - fh * 0.8,
            u * 0.9,
            svg.radial([
              [0, '#ffd58a', 0.6],
              [1, '#ffd58a', 0],
            ]),
          )
        continue
      }
      windowAt(c, wx, wy, u * 1.2, fh * 0.5, s.trim, lit && c.rand.chance(0.7))
    }
  }
  // steps
  svg.rect(x + w / 2 - u * 1.1, ground - u * 0.25, u * 2.2, u * 0.25, '#bdb6ab')
}

function lampPost(c: Ctx, x: number, ground: number): void {
  const { svg, u } = c
  svg.rect(x - u * 0.07, ground - u * 4.2, u * 0.14, u * 4.2, '#2b2a28')
  svg.rect(x - u * 0.25, ground - u * 4.6, u * 0.5, u * 0.45, '#2b2a28')
  svg.rect(x - u * 0.18, ground - u * 4.5, u * 0.36, u * 0.3, c.dusk ? '#ffe0a0' : '#e9e4d8')
  if (c.dusk)
    svg.circle(
      x,
      ground - u * 4.35,
      u * 2.2,
      svg.radial([
        [0, '#ffd58a', 0.45],
        [1, '#ffd58a', 0],
      ]),
    )
}

export type StreetSpec = { seed: string; dusk: boolean }

export function street(spec: StreetSpec, w: number, h: number): string {
  const svg = new Svg(w, h)
  const u = w / 64
  const c: Ctx = { svg, rand: rng(spec.seed), dusk: spec.dusk, u }
  const horizon = h * 0.56
  sky(c, horizon)
  skyline(c, horizon, w * 0.05, w * 0.95)
  // far tree line
  const far = c.dusk ? '#2f3d4a' : '#7f9a86'
  for (let x = -u; x < w + u; x += u * 1.2)
    svg.circle(x, horizon - u * 0.2, c.rand.range(0.8, 1.6) * u, far)
  svg.rect(0, horizon - u * 0.2, w, h, c.dusk ? '#3d4a3c' : '#8fae7c')
  const ground = h * 0.8
  // houses
  const styles: HouseStyle[] = [
    {
      body: '#b5643f',
      trim: '#f4efe6',
      roof: '#3b3a3a',
      door: '#143358',
      kind: 'gable',
      brick: true,
    },
    { body: '#e9e2d4', trim: '#2b2a28', roof: '#2b2a28', door: '#a3591a', kind: 'twin' },
    { body: '#7d8f86', trim: '#f4efe6', roof: '#3b3a3a', door: '#f1d7a0', kind: 'hip' },
    {
      body: '#d8cbb5',
      trim: '#3b3a3a',
      roof: '#4a4440',
      door: '#2f4a3a',
      kind: 'gable',
      brick: true,
    },
    { body: '#f1ede6', trim: '#2b2a28', roof: '#2b2a28', door: '#143358', kind: 'flat' },
    {
      body: '#9a5a3e',
      trim: '#f4efe6',
      roof: '#3b3a3a',
      door: '#2b2a28',
      kind: 'gable',
      brick: true,
    },
  ]
  let x = -u * 2
  let i = 0
  while (x < w) {
    const s = styles[i % styles.length] as HouseStyle
    const hw = c.rand.range(9, 12) * u
    const hh = c.rand.range(6, 7.5) * u
    house(c, x, ground, hw, hh, s)
    x += hw + c.rand.range(2.5, 4) * u
    if (x < w)
      treeBlob(c, x - u * 1.6, ground, c.rand.range(0.8, 1.1), c.dusk ? '#34503e' : '#5f8a5a')
    i++
  }
  // lawn, sidewalk, road
  svg.rect(0, ground, w, u * 1.2, c.dusk ? '#4d6a48' : '#7faa68')
  svg.rect(0, ground + u * 1.2, w, u * 1.4, c.dusk ? '#8d8a86' : '#d9d4cb')
  for (let xx = 0; xx < w; xx += u * 3) svg.rect(xx, ground + u * 1.2, 1, u * 1.4, '#b8b1a6')
  svg.rect(0, ground + u * 2.6, w, u * 0.35, '#c9c3b8')
  svg.rect(0, ground + u * 2.95, w, h, c.dusk ? '#3b3d42' : '#5b5e63')
  for (let xx = u; xx < w; xx += u * 6)
    svg.rect(xx, ground + u * 5.4, u * 3, u * 0.25, '#e9e2c8', 'opacity="0.8"')
  for (let xx = u * 8; xx < w; xx += u * 22) lampPost(c, xx, ground + u * 2.6)
  // foreground trees (partial)
  treeBlob(c, w * 0.02, h * 1.02, 1.9, c.dusk ? '#2c4535' : '#4f7a4a')
  treeBlob(c, w * 0.98, h * 1.04, 2.1, c.dusk ? '#2c4535' : '#4f7a4a')
  vignette(svg, c.dusk ? 0.3 : 0.15)
  return svg.toString()
}

export type BuildSpec = {
  seed: string
  dusk?: boolean
  body: string
  trim: string
  roof: string
  accent: string
  framing: boolean
}

/** House with a new addition under construction (framing, scaffold, crew). */
export function build(spec: BuildSpec, w: number, h: number): string {
  const svg = new Svg(w, h)
  const u = w / 48
  const c: Ctx = { svg, rand: rng(spec.seed), dusk: !!spec.dusk, u }
  const horizon = h * 0.6
  sky(c, horizon)
  const far = c.dusk ? '#2f3d4a' : '#8aa48e'
  for (let x = -u; x < w + u; x += u * 1.4) svg.circle(x, horizon, c.rand.range(1, 2.2) * u, far)
  svg.rect(0, horizon, w, h, c.dusk ? '#4d6a48' : '#8db277')
  const ground = h * 0.84
  treeBlob(c, w * 0.08, ground - u * 0.4, 1.5, '#5f8a5a')
  treeBlob(c, w * 0.93, ground - u * 0.2, 1.3, '#4f7a4a')
  // existing house
  const hx = w * 0.14
  const hw = w * 0.38
  const hh = u * 6.6
  house(c, hx, ground, hw, hh, {
    body: spec.body,
    trim: spec.trim,
    roof: spec.roof,
    door: spec.accent,
    kind: 'gable',
  })
  // addition
  const ax = hx + hw + u * 0.1
  const aw = w * 0.3
  const ah = u * 6.2
  const stud = spec.framing ? '#d9b27c' : spec.body
  if (spec.framing) {
    svg.rect(ax, ground - u * 0.5, aw, u * 0.5, '#9e9a94')
    for (let xx = ax; xx <= ax + aw; xx += u * 0.65)
      svg.rect(xx, ground - ah, u * 0.16, ah - u * 0.5, stud)
    for (const yy of [ground - u * 0.6, ground - ah / 2, ground - ah])
      svg.rect(ax, yy, aw + u * 0.16, u * 0.22, darken(stud, 0.08))
    // window and door openings with headers
    svg.rect(ax + aw * 0.2, ground - ah * 0.78, aw * 0.25, u * 0.35, darken(stud, 0.15))
    svg.rect(ax + aw * 0.6, ground - ah * 0.78, aw * 0.25, u * 0.35, darken(stud, 0.15))
    // OSB sheathing on part of the wall
    svg.rect(ax, ground - ah / 2, aw * 0.35, ah / 2 - u * 0.5, '#c9a46a')
    for (let i = 0; i < 40; i++)
      svg.rect(
        ax + c.rand.range(0, aw * 0.34),
        ground - c.rand.range(u * 0.6, ah / 2),
        u * 0.25,
        u * 0.06,
        '#a9844e',
        'opacity="0.6"',
      )
    svg.rect(
      ax + aw * 0.35,
      ground - ah / 2,
      aw * 0.12,
      ah / 2 - u * 0.5,
      '#e9eef0',
      'opacity="0.85"',
    )
    // roof trusses
    const peakX = ax + aw / 2
    const peakY = ground - ah - aw * 0.35
    for (let xx = ax; xx <= ax + aw; xx += u * 1.3) {
      svg.add(
        `<path d="M${fmt(ax - u * 0.4)} ${fmt(ground - ah)}L${fmt(peakX)} ${fmt(peakY)}L${fmt(ax + aw + u * 0.4)} ${fmt(ground - ah)}" stroke="${darken(stud, 0.12)}" stroke-width="${fmt(u * 0.18)}" fill="none" opacity="${xx === ax ? 1 : 0.35}"/>`,
      )
    }
    svg.add(
      `<path d="M${fmt(ax - u * 0.4)} ${fmt(ground - ah)}L${fmt(peakX)} ${fmt(peakY)}L${fmt(ax + aw + u * 0.4)} ${fmt(ground - ah)}Z" stroke="${stud}" stroke-width="${fmt(u * 0.2)}" fill="none"/>`,
    )
    svg.add(
      `<path d="M${fmt(peakX)} ${fmt(peakY)}V${fmt(ground - ah)}" stroke="${stud}" stroke-width="${fmt(u * 0.18)}"/>`,
    )
    // scaffold
    const sx0 = ax + aw * 0.55
    const sx1 = ax + aw + u * 1.6
    const tube = '#6f7a82'
    for (const xx of [sx0, (sx0 + sx1) / 2, sx1])
      svg.rect(xx, ground - ah * 0.95, u * 0.14, ah * 0.95, tube)
    for (const yy of [ground - ah * 0.32, ground - ah * 0.64, ground - ah * 0.95]) {
      svg.rect(sx0, yy, sx1 - sx0 + u * 0.14, u * 0.14, tube)
      svg.rect(sx0 - u * 0.2, yy - u * 0.3, sx1 - sx0 + u * 0.5, u * 0.3, '#c98b4a')
    }
    svg.add(
      `<path d="M${fmt(sx0)} ${fmt(ground)}L${fmt((sx0 + sx1) / 2)} ${fmt(ground - ah * 0.32)}M${fmt((sx0 + sx1) / 2)} ${fmt(ground)}L${fmt(sx1)} ${fmt(ground - ah * 0.32)}" stroke="${tube}" stroke-width="${fmt(u * 0.1)}"/>`,
    )
    // ladder
    const lx = ax - u * 2.2
    svg.add(
      `<path d="M${fmt(lx)} ${fmt(ground)}L${fmt(lx + u * 1.6)} ${fmt(ground - ah * 0.9)}M${fmt(lx + u * 0.8)} ${fmt(ground)}L${fmt(lx + u * 2.4)} ${fmt(ground - ah * 0.9)}" stroke="#c9a35a" stroke-width="${fmt(u * 0.15)}"/>`,
    )
    for (let t = 0.08; t < 0.95; t += 0.09) {
      const y = ground - ah * 0.9 * t
      const x0 = lx + u * 1.6 * t
      svg.rect(x0, y, u * 0.8, u * 0.1, '#c9a35a')
    }
    // lumber pile
    const px = w * 0.76
    for (let i = 0; i < 6; i++)
      svg.rect(
        px + (i % 2) * u * 0.2,
        ground - u * 0.32 * (i + 1),
        u * 6,
        u * 0.3,
        i % 2 ? '#e0bc86' : '#d4ad74',
      )
    for (let i = 0; i < 6; i++)
      svg.rect(
        px + u * 6 + (i % 2) * u * 0.2,
        ground - u * 0.32 * (i + 1),
        u * 0.1,
        u * 0.3,
        '#a9844e',
      )
  } else {
    const siding = darken(spec.roof, 0.05)
    svg.rect(ax, ground - ah, aw, ah, siding)
    for (let xx = ax + u * 0.4; xx < ax + aw; xx += u * 0.4)
      svg.rect(xx, ground - ah, 1, ah, lighten(siding, 0.12), 'opacity="0.6"')
    svg.rect(ax - u * 0.3, ground - ah - u * 0.45, aw + u * 0.6, u * 0.5, darken(siding, 0.3))
    const gx = ax + aw * 0.1
    const gw = aw * 0.8
    const gy = ground - ah * 0.88
    const gh = ah * 0.88
    svg.rect(gx - u * 0.15, gy - u * 0.15, gw + u * 0.3, gh + u * 0.15, '#1f1f1f')
    svg.rect(
      gx,
      gy,
      gw,
      gh,
      c.dusk
        ? svg.linear([
            [0, '#ffe2a8'],
            [1, '#f2a860'],
          ])
        : svg.linear([
            [0, '#c6dae6'],
            [1, '#93b3c8'],
          ]),
    )
    if (c.dusk) {
      // interior silhouettes: pendant lights, island, stools
      for (let i = 0; i < 3; i++) {
        const px = gx + gw * (0.3 + i * 0.2)
        svg.rect(px - 0.5, gy, 1, gh * 0.3, '#6a4a2a')
        svg.circle(px, gy + gh * 0.33, u * 0.35, '#fff6dc')
      }
      svg.rect(gx + gw * 0.2, gy + gh * 0.62, gw * 0.6, gh * 0.38, '#b77d46')
      svg.rect(gx + gw * 0.18, gy + gh * 0.6, gw * 0.64, u * 0.2, '#f4efe6')
      svg.circle(
        gx + gw * 0.5,
        gy + gh * 0.5,
        gw * 0.6,
        svg.radial([
          [0, '#fff0c8', 0.35],
          [1, '#fff0c8', 0],
        ]),
      )
    }
    for (let i = 1; i < 4; i++) svg.rect(gx + (gw * i) / 4 - u * 0.06, gy, u * 0.12, gh, '#1f1f1f')
    svg.rect(ax - u * 0.3, ground - u * 0.3, aw + u * 0.6, u * 0.3, '#bdb6ab')
  }
  // driveway and path
  svg.path(
    pathD([
      [w * 0.62, ground],
      [w * 0.9, ground],
      [w * 1.05, h],
      [w * 0.55, h],
    ]),
    '#c9c3b8',
  )
  svg.rect(0, ground, w, u * 0.5, '#7a9e66')
  // crew
  // A camera whose ground plane at z = 0 projects onto the ground line with ~1.25u per metre.
  const f = w * 0.75
  const depth = f / (u * 1.25)
  const sc = new Scene(svg, {
    pos: [0, 1.6, depth],
    focal: 0.75,
    horizon: (ground - (f * 1.6) / depth) / h,
  })
  const zFeet = 0
  const worldX = (px: number): number => ((px - sc.cx) * depth) / f
  if (spec.framing) {
    person(sc, [worldX(w * 0.66), 0, zFeet], {
      shirt: '#143358',
      pants: '#3a3f44',
      skin: '#c98f6a',
      hair: '#2b2a28',
      hat: '#f2c230',
      pose: 'carry',
    })
    person(sc, [worldX(w * 0.45), 0, zFeet], {
      shirt: '#a3591a',
      pants: '#2f3b46',
      skin: '#8a5a3c',
      hair: '#1c1712',
      hat: '#f4f1ea',
      pose: 'point',
      flip: true,
    })
  }
  vignette(svg, 0.18)
  return svg.toString()
}
