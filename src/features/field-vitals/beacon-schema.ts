/**
 * The beacon as the server accepts it (src/server/field-vitals/beacon-endpoint.server.ts): every
 * field typed and bounded, unknown keys refused, so a beacon stores what the reporter sends and
 * nothing else.
 */
import * as v from 'valibot'
import { connectionTypes, deviceClasses, measuredRoutes } from './beacon-wire'

const milliseconds = v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000)))
const count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)))

export const beaconSchema = v.pipe(
  v.strictObject({
    route: v.picklist(measuredRoutes),
    nav: v.picklist(['load', 'client']),
    device: v.picklist(deviceClasses),
    conn: v.optional(v.picklist(connectionTypes)),
    view: v.boolean(),
    lcp: milliseconds,
    inp: milliseconds,
    cls: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
    fcp: milliseconds,
    ttfb: milliseconds,
    inpTarget: v.optional(
      v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w\s#.>:()[\]="'/-]*$/u, 'not a selector')),
    ),
    early: count,
    earlyDropped: count,
    tel: count,
    mailto: count,
  }),
  v.check(
    (beacon) => (beacon.earlyDropped ?? 0) <= (beacon.early ?? 0),
    'earlyDropped is more than early',
  ),
)

export type ValidBeacon = v.InferOutput<typeof beaconSchema>

/** The row `record_page_views()` takes (the migration's column names). */
export interface PageViewRow {
  route: string
  navigation: 'load' | 'client'
  device: string
  connection: string | null
  new_view: boolean
  lcp_ms: number | null
  inp_ms: number | null
  cls: number | null
  fcp_ms: number | null
  ttfb_ms: number | null
  inp_target: string | null
  early_taps: number
  early_taps_dropped: number
  tel_taps: number
  mailto_taps: number
}

export const pageViewRow = (beacon: ValidBeacon): PageViewRow => ({
  route: beacon.route,
  navigation: beacon.nav,
  device: beacon.device,
  connection: beacon.conn ?? null,
  new_view: beacon.view,
  lcp_ms: beacon.lcp ?? null,
  inp_ms: beacon.inp ?? null,
  cls: beacon.cls ?? null,
  fcp_ms: beacon.fcp ?? null,
  ttfb_ms: beacon.ttfb ?? null,
  inp_target: beacon.inpTarget ?? null,
  early_taps: beacon.early ?? 0,
  early_taps_dropped: beacon.earlyDropped ?? 0,
  tel_taps: beacon.tel ?? 0,
  mailto_taps: beacon.mailto ?? 0,
})
