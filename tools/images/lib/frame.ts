/** Canvas-level finishing touches shared by all scenes. */
import type { Svg } from './svg.ts'

export function vignette(svg: Svg, strength = 0.22, color = '#1c1712'): void {
  const fill = svg.radial(
    [
      [0, color, 0],
      [0.62, color, 0],
      [1, color, strength],
    ],
    0.5,
    0.5,
    0.75,
  )
  svg.rect(0, 0, svg.w, svg.h, fill)
}

/** Warm light wash from one side, adds depth to flat fills. */
export function wash(svg: Svg, fromLeft: boolean, color = '#fff1d6', opacity = 0.12): void {
  const fill = svg.linear(
    [
      [0, color, fromLeft ? opacity : 0],
      [1, color, fromLeft ? 0 : opacity],
    ],
    0,
    0,
    1,
    0,
  )
  svg.rect(0, 0, svg.w, svg.h, fill)
}
