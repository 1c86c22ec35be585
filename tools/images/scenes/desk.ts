/** Top-down designer's desk: floor plan, material samples, tools. */
import { darken, lighten } from '../lib/color.ts'
import { vignette } from '../lib/frame.ts'
import { type Rng, rng } from '../lib/rng.ts'
import { fmt, type Pt, pathD, Svg } from '../lib/svg.ts'

export type DeskSpec = {
  seed: string
  desk: string
  accent: string
  accent2: string
  swatches: string[]
}

function shadowRect(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  rot: number,
  blur: number,
  op = 0.28,
): void {
  svg.add(
    `<rect x="${fmt(x + blur * 0.6)}" y="${fmt(y + blur)}" width="${fmt(w)}" height="${fmt(h)}" fill="#1c1712" opacity="${op}" filter="${svg.blur(blur)}" transform="rotate(${fmt(rot)} ${fmt(x + w / 2)} ${fmt(y + h / 2)})"/>`,
  )
}

function rotRect(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  rot: number,
  fill: string,
  extra = '',
): void {
  svg.add(
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}" transform="rotate(${fmt(rot)} ${fmt(x + w / 2)} ${fmt(y + h / 2)})"${extra ? ` ${extra}` : ''}/>`,
  )
}

function floorPlan(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  rot: number,
  accent: string,
  rand: Rng,
): void {
  shadowRect(svg, x, y, w, h, rot, 10)
  svg.open(`transform="rotate(${fmt(rot)} ${fmt(x + w / 2)} ${fmt(y + h / 2)})"`)
  svg.rect(x, y, w, h, '#fbfaf6')
  // grid
  for (let gx = x + 20; gx < x + w; gx += 20) svg.rect(gx, y, 0.6, h, '#dfe7ee')
  for (let gy = y + 20; gy < y + h; gy += 20) svg.rect(x, gy, w, 0.6, '#dfe7ee')
  const m = w * 0.08
  const ix = x + m
  const iy = y + m
  const iw = w - m * 2
  const ih = h - m * 2.2
  const ink = '#2b3440'
  const t = Math.max(3, w * 0.012)
  const wall = (x0: number, y0: number, x1: number, y1: number, wt = t): void => {
    svg.add(
      `<path d="M${fmt(x0)} ${fmt(y0)}L${fmt(x1)} ${fmt(y1)}" stroke="${ink}" stroke-width="${fmt(wt)}" stroke-linecap="square"/>`,
    )
  }
  // rooms: exterior
  wall(ix, iy, ix + iw, iy)
  wall(ix + iw, iy, ix + iw, iy + ih)
  wall(ix, iy + ih, ix + iw * 0.42, iy + ih)
  wall(ix + iw * 0.55, iy + ih, ix + iw, iy + ih)
  wall(ix, iy, ix, iy + ih)
  // interior walls
  wall(ix + iw * 0.58, iy, ix + iw * 0.58, iy + ih * 0.32, t * 0.6)
  wall(ix + iw * 0.58, iy + ih * 0.45, ix + iw * 0.58, iy + ih * 0.55, t * 0.6)
  wall(ix + iw * 0.58, iy + ih * 0.55, ix + iw, iy + ih * 0.55, t * 0.6)
  wall(ix, iy + ih * 0.62, ix + iw * 0.25, iy + ih * 0.62, t * 0.6)
  // door swings
  const arc = (cx: number, cy: number, r: number, a0: number, a1: number): void => {
    const p0: Pt = [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r]
    const p1: Pt = [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r]
    svg.add(
      `<path d="M${fmt(cx)} ${fmt(cy)}L${fmt(p0[0])} ${fmt(p0[1])}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(p1[0])} ${fmt(p1[1])}" stroke="${ink}" stroke-width="1.2" fill="none"/>`,
    )
  }
  arc(ix + iw * 0.58, iy + ih * 0.32, ih * 0.13, Math.PI / 2, Math.PI)
  arc(ix + iw * 0.42, iy + ih, iw * 0.13, -Math.PI / 2, 0)
  // kitchen: counters + island
  svg.rect(
    ix + t,
    iy + t,
    iw * 0.5,
    ih * 0.08,
    lighten(accent, 0.75),
    `stroke="${ink}" stroke-width="1"`,
  )
  svg.rect(
    ix + t,
    iy + t,
    ih * 0.08,
    ih * 0.5,
    lighten(accent, 0.75),
    `stroke="${ink}" stroke-width="1"`,
  )
  svg.rect(
    ix + iw * 0.18,
    iy + ih * 0.24,
    iw * 0.24,
    ih * 0.1,
    lighten(accent, 0.6),
    `stroke="${ink}" stroke-width="1"`,
  )
  for (let i = 0; i < 3; i++)
    svg.circle(
      ix + iw * (0.22 + i * 0.08),
      iy + ih * 0.38,
      ih * 0.018,
      'none',
      `stroke="${ink}" stroke-width="1"`,
    )
  // dining table
  svg.rect(
    ix + iw * 0.3,
    iy + ih * 0.72,
    iw * 0.2,
    ih * 0.14,
    '#fbfaf6',
    `stroke="${ink}" stroke-width="1.2"`,
  )
  for (let i = 0; i < 3; i++) {
    svg.rect(
      ix + iw * (0.31 + i * 0.065),
      iy + ih * 0.675,
      iw * 0.04,
      ih * 0.035,
      'none',
      `stroke="${ink}" stroke-width="1"`,
    )
    svg.rect(
      ix + iw * (0.31 + i * 0.065),
      iy + ih * 0.87,
      iw * 0.04,
      ih * 0.035,
      'none',
      `stroke="${ink}" stroke-width="1"`,
    )
  }
  // bath: tub, vanity
  svg.rect(
    ix + iw * 0.62,
    iy + ih * 0.05,
    iw * 0.34,
    ih * 0.12,
    'none',
    `stroke="${ink}" stroke-width="1.2" rx="8"`,
  )
  svg.rect(
    ix + iw * 0.86,
    iy + ih * 0.3,
    iw * 0.1,
    ih * 0.18,
    'none',
    `stroke="${ink}" stroke-width="1"`,
  )
  // bedroom: bed
  svg.rect(
    ix + iw * 0.7,
    iy + ih * 0.64,
    iw * 0.24,
    ih * 0.3,
    lighten(accent, 0.8),
    `stroke="${ink}" stroke-width="1.2"`,
  )
  svg.rect(
    ix + iw * 0.72,
    iy + ih * 0.66,
    iw * 0.09,
    ih * 0.06,
    '#fbfaf6',
    `stroke="${ink}" stroke-width="1"`,
  )
  svg.rect(
    ix + iw * 0.83,
    iy + ih * 0.66,
    iw * 0.09,
    ih * 0.06,
    '#fbfaf6',
    `stroke="${ink}" stroke-width="1"`,
  )
  // sofa
  svg.rect(
    ix + iw * 0.04,
    iy + ih * 0.7,
    iw * 0.06,
    ih * 0.24,
    lighten(accent, 0.7),
    `stroke="${ink}" stroke-width="1"`,
  )
  // dimension line
  const dy = iy - m * 0.5
  svg.add(
    `<path d="M${fmt(ix)} ${fmt(dy)}H${fmt(ix + iw)}M${fmt(ix)} ${fmt(dy - 5)}V${fmt(dy + 5)}M${fmt(ix + iw)} ${fmt(dy - 5)}V${fmt(dy + 5)}" stroke="#c0392b" stroke-width="1"/>`,
  )
  // title block lines
  svg.rect(
    x + w - w * 0.32,
    y + h - m * 0.9,
    w * 0.28,
    m * 0.6,
    'none',
    `stroke="${ink}" stroke-width="1"`,
  )
  for (let i = 0; i < 3; i++)
    svg.rect(
      x + w - w * 0.3,
      y + h - m * 0.8 + i * m * 0.16,
      w * rand.range(0.1, 0.22),
      1.5,
      ink,
      'opacity="0.6"',
    )
  svg.close()
}

export function desk(d: DeskSpec, w: number, h: number): string {
  const svg = new Svg(w, h)
  const rand = rng(d.seed)
  const u = w / 100
  // wood desk surface
  svg.rect(
    0,
    0,
    w,
    h,
    svg.linear(
      [
        [0, lighten(d.desk, 0.06)],
        [1, darken(d.desk, 0.08)],
      ],
      0,
      0,
      1,
      1,
    ),
  )
  for (let y = 0; y < h; y += u * 0.9) {
    const c = rand.chance(0.5) ? darken(d.desk, 0.12) : lighten(d.desk, 0.06)
    const pts: Pt[] = []
    for (let x = 0; x <= w; x += w / 10) pts.push([x, y + Math.sin(x / (u * 9) + y) * u * 0.3])
    svg.add(
      `<path d="${pathD(pts, false)}" stroke="${c}" stroke-width="${fmt(rand.range(0.5, 1.6))}" fill="none" opacity="0.5"/>`,
    )
  }
  for (let x = w * 0.33; x < w; x += w * 0.33)
    svg.rect(x, 0, 1.2, h, darken(d.desk, 0.25), 'opacity="0.5"')
  // blueprint sheet behind the plan
  shadowRect(svg, w * 0.06, h * 0.1, w * 0.36, h * 0.55, -8, 8)
  rotRect(svg, w * 0.06, h * 0.1, w * 0.36, h * 0.55, -8, '#2f5a8a')
  svg.open(`transform="rotate(-8 ${fmt(w * 0.24)} ${fmt(h * 0.375)})"`)
  for (let gx = w * 0.08; gx < w * 0.41; gx += u * 2)
    svg.rect(gx, h * 0.12, 0.6, h * 0.51, '#8fb3d9', 'opacity="0.5"')
  svg.rect(w * 0.1, h * 0.2, w * 0.25, h * 0.3, 'none', 'stroke="#e6eef7" stroke-width="2"')
  svg.rect(w * 0.16, h * 0.28, w * 0.1, h * 0.12, 'none', 'stroke="#e6eef7" stroke-width="1.5"')
  svg.close()
  // main floor plan
  floorPlan(svg, w * 0.27, h * 0.14, w * 0.44, h * 0.66, 3, d.accent, rand)
  // material swatches fan (right)
  const sx = w * 0.76
  const sy = h * 0.12
  const sw = u * 8
  const shh = u * 11
  d.swatches.forEach((c, i) => {
    const x = sx + (i % 2) * u * 9.5
    const y = sy + Math.floor(i / 2) * u * 12.5
    const r = rand.range(-8, 8)
    shadowRect(svg, x, y, sw, shh, r, 5)
    svg.open(`transform="rotate(${fmt(r)} ${fmt(x + sw / 2)} ${fmt(y + shh / 2)})"`)
    svg.rect(x, y, sw, shh, c, 'rx="4"')
    if (i % 3 === 0)
      for (let k = 1; k < 8; k++)
        svg.rect(x, y + (shh * k) / 8, sw, 1, darken(c, 0.2), 'opacity="0.5"')
    else if (i % 3 === 1) {
      for (let k = 0; k < 5; k++) {
        const px = x + rand.range(0, sw)
        svg.add(
          `<path d="M${fmt(px)} ${fmt(y)}Q${fmt(px + rand.range(-20, 20))} ${fmt(y + shh / 2)} ${fmt(px + rand.range(-10, 10))} ${fmt(y + shh)}" stroke="${darken(c, 0.3)}" stroke-width="1" fill="none" opacity="0.5"/>`,
        )
      }
    } else
      svg.rect(
        x + sw * 0.1,
        y + shh * 0.78,
        sw * 0.8,
        shh * 0.12,
        '#ffffff',
        'opacity="0.7" rx="2"',
      )
    svg.close()
  })
  // paint chip fan
  const fx = w * 0.1
  const fy = h * 0.82
  const chips = [
    d.accent,
    lighten(d.accent, 0.3),
    d.accent2,
    lighten(d.accent2, 0.3),
    '#e9e2d6',
    '#c9b79c',
  ]
  chips.forEach((c, i) => {
    const r = -30 + i * 9
    svg.add(
      `<rect x="${fmt(fx)}" y="${fmt(fy - u * 16)}" width="${fmt(u * 4)}" height="${fmt(u * 16)}" rx="4" fill="${c}" stroke="#ffffff" stroke-width="2" transform="rotate(${r} ${fmt(fx + u * 2)} ${fmt(fy)})"/>`,
    )
  })
  svg.circle(fx + u * 2, fy - u * 0.5, u * 0.6, '#b8914a')
  // ruler and pencil
  shadowRect(svg, w * 0.5, h * 0.86, w * 0.3, u * 2.6, -4, 4)
  rotRect(svg, w * 0.5, h * 0.86, w * 0.3, u * 2.6, -4, '#e8d9a8')
  svg.open(`transform="rotate(-4 ${fmt(w * 0.65)} ${fmt(h * 0.86 + u * 1.3)})"`)
  for (let k = 0; k < 60; k++)
    svg.rect(
      w * 0.5 + (k * (w * 0.3)) / 60,
      h * 0.86,
      1,
      k % 5 === 0 ? u * 1.1 : u * 0.6,
      '#5a4a30',
    )
  svg.close()
  svg.add(
    `<g transform="rotate(28 ${fmt(w * 0.72)} ${fmt(h * 0.78)})"><rect x="${fmt(w * 0.62)}" y="${fmt(h * 0.78)}" width="${fmt(w * 0.18)}" height="${fmt(u * 1.1)}" fill="#e0a030"/><path d="M${fmt(w * 0.8)} ${fmt(h * 0.78)}l${fmt(u * 2)} ${fmt(u * 0.55)}l${fmt(-u * 2)} ${fmt(u * 0.55)}Z" fill="#e9d2a6"/><rect x="${fmt(w * 0.6)}" y="${fmt(h * 0.78)}" width="${fmt(u * 1.6)}" height="${fmt(u * 1.1)}" fill="#b8914a"/></g>`,
  )
  // coffee cup
  const cx = w * 0.9
  const cy = h * 0.78
  svg.circle(cx + u, cy + u * 1.5, u * 4.4, '#1c1712', `opacity="0.25" filter="${svg.blur(6)}"`)
  svg.circle(cx, cy, u * 4.2, '#f5f1ea')
  svg.circle(cx, cy, u * 3.2, '#6b4429')
  svg.circle(cx - u * 0.8, cy - u * 0.8, u * 1.2, '#a0704a', 'opacity="0.6"')
  svg.rect(cx + u * 3.9, cy - u * 0.8, u * 2.4, u * 1.6, '#f5f1ea', 'rx="6"')
  // plant from above
  const px = w * 0.05
  const py = h * 0.08
  svg.circle(px, py, u * 7.5, '#1c1712', `opacity="0.2" filter="${svg.blur(8)}"`)
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2 + rand.range(-0.2, 0.2)
    const len = u * rand.range(5, 8)
    const tip: Pt = [px + Math.cos(a) * len, py + Math.sin(a) * len]
    const mx = (px + tip[0]) / 2
    const my = (py + tip[1]) / 2
    const nx = -Math.sin(a) * len * 0.25
    const ny = Math.cos(a) * len * 0.25
    svg.path(
      `M${fmt(px)} ${fmt(py)}Q${fmt(mx + nx)} ${fmt(my + ny)} ${fmt(tip[0])} ${fmt(tip[1])}Q${fmt(mx - nx)} ${fmt(my - ny)} ${fmt(px)} ${fmt(py)}Z`,
      rand.pick(['#4f7a4a', '#3f6a3f', '#6b9460']),
    )
  }
  // tape measure
  const tx = w * 0.47
  const ty = h * 0.08
  svg.circle(tx + 4, ty + 6, u * 3, '#1c1712', `opacity="0.25" filter="${svg.blur(4)}"`)
  svg.circle(tx, ty, u * 3, '#e0b030')
  svg.circle(tx, ty, u * 1.6, '#2b2a28')
  svg.rect(tx + u * 2.6, ty - u * 0.4, u * 6, u * 0.8, '#f2d35a')
  vignette(svg, 0.25)
  return svg.toString()
}
