/** Geometric laser-cut patterns as lists of closed rings (2D, metres). */
import type { Pt } from './svg.ts'

export type PatternKind = 'star' | 'flower' | 'mandala'

function star(cx: number, cy: number, r1: number, r2: number, n: number, rot = 0): Pt[] {
  const pts: Pt[] = []
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? r1 : r2
    const t = rot + (i / (n * 2)) * Math.PI * 2
    pts.push([cx + Math.cos(t) * r, cy + Math.sin(t) * r])
  }
  return pts
}

function polygon(cx: number, cy: number, r: number, n: number, rot = 0): Pt[] {
  const pts: Pt[] = []
  for (let i = 0; i < n; i++) {
    const t = rot + (i / n) * Math.PI * 2
    pts.push([cx + Math.cos(t) * r, cy + Math.sin(t) * r])
  }
  return pts
}

/** Lens (leaf) between two points with bulge `k`. */
function lens(a: Pt, b: Pt, k: number, seg = 8): Pt[] {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  const nx = -dy * k
  const ny = dx * k
  const pts: Pt[] = []
  for (let i = 0; i <= seg; i++) {
    const t = i / seg
    const bulge = Math.sin(t * Math.PI)
    pts.push([a[0] + dx * t + nx * bulge, a[1] + dy * t + ny * bulge])
  }
  for (let i = seg - 1; i > 0; i--) {
    const t = i / seg
    const bulge = Math.sin(t * Math.PI)
    pts.push([a[0] + dx * t - nx * bulge, a[1] + dy * t - ny * bulge])
  }
  return pts
}

/**
 * Cut-out rings for a panel of size w × h (origin bottom-left). Rings may nest:
 * render with fill-rule evenodd so islands inside holes become solid again.
 */
export function pattern(
  kind: PatternKind,
  w: number,
  h: number,
  cell: number,
  margin: number,
): Pt[][] {
  const rings: Pt[][] = []
  const iw = w - margin * 2
  const ih = h - margin * 2
  if (kind === 'mandala') {
    const cx = w / 2
    const cy = h / 2
    const R = Math.min(iw, ih) / 2
    rings.push(star(cx, cy, R * 0.16, R * 0.09, 8, Math.PI / 8))
    rings.push(polygon(cx, cy, R * 0.05, 8))
    const bands = [0.28, 0.44, 0.6, 0.76, 0.92]
    bands.forEach((rr, bi) => {
      const n = 8 * (bi + 1)
      for (let i = 0; i < n; i++) {
        const t = (i / n) * Math.PI * 2 + (bi % 2 ? Math.PI / n : 0)
        const r0 = R * (rr - 0.1)
        const r1 = R * rr
        const a: Pt = [cx + Math.cos(t) * r0, cy + Math.sin(t) * r0]
        const b: Pt = [cx + Math.cos(t) * r1, cy + Math.sin(t) * r1]
        rings.push(lens(a, b, 0.28 - bi * 0.02))
      }
    })
    // corner fill with small stars
    const s = cell
    for (let y = margin + s / 2; y < h - margin; y += s) {
      for (let x = margin + s / 2; x < w - margin; x += s) {
        if (Math.hypot(x - cx, y - cy) < R * 1.02 + s * 0.4) continue
        rings.push(star(x, y, s * 0.36, s * 0.17, 4, Math.PI / 4))
      }
    }
    return rings
  }
  const cols = Math.max(1, Math.floor(iw / cell))
  const rows = Math.max(1, Math.floor(ih / cell))
  const s = Math.min(iw / cols, ih / rows)
  const ox = (w - s * cols) / 2
  const oy = (h - s * rows) / 2
  if (kind === 'star') {
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        const cx = ox + (i + 0.5) * s
        const cy = oy + (j + 0.5) * s
        rings.push(star(cx, cy, s * 0.4, s * 0.25, 8, Math.PI / 8))
        rings.push(polygon(cx, cy, s * 0.17, 8, Math.PI / 8))
        rings.push(star(cx, cy, s * 0.11, s * 0.05, 4))
      }
    }
    for (let j = 0; j <= rows; j++) {
      for (let i = 0; i <= cols; i++) {
        const x = ox + i * s
        const y = oy + j * s
        if (i === 0 || j === 0 || i === cols || j === rows) continue
        rings.push(polygon(x, y, s * 0.09, 4))
      }
    }
  } else {
    // hexagonal grid of six-petal flowers
    const dx = s
    const dy = s * 0.866
    for (let y = oy + dy / 2, row = 0; y < h - oy - dy * 0.3; y += dy, row++) {
      for (let x = ox + (row % 2 ? dx : dx / 2); x < w - ox - dx * 0.3; x += dx) {
        for (let p = 0; p < 6; p++) {
          const t = (p / 6) * Math.PI * 2 + Math.PI / 6
          const a: Pt = [x + Math.cos(t) * s * 0.07, y + Math.sin(t) * s * 0.07]
          const b: Pt = [x + Math.cos(t) * s * 0.45, y + Math.sin(t) * s * 0.45]
          rings.push(lens(a, b, 0.22))
        }
        rings.push(polygon(x, y, s * 0.035, 6))
      }
    }
  }
  return rings
}
