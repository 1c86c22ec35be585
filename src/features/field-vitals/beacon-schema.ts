/**
 * The beacon as the server accepts it (src/server/field-vitals/beacon-endpoint.server.ts): every
 * field typed and bounded to what one page view can produce, unknown keys refused, so a beacon
 * stores what the reporter sends and nothing else. The one place the bounds are said: the
 * reporter (report-vitals.ts) is held to the tap caps by its types, and the table's own checks
 * (migration 20261125000100) are a looser net below these.
 *
 * Counts past their cap are refused (400): the reporter stops counting at the cap, so a larger
 * count never comes from it. Vitals past their cap are clamped to it: a real page can be that slow
 * (a phone on 2G), its view is real and should count, and the cap is poor by every threshold
 * (LCP's poor is 4 s, CLS's 0.25), so the rating is the same; a clamp only stops one value from
 * reaching the report's worst-interaction figure or a percentile's neighbour. A value that no
 * measurement gives (negative, not finite, not a number) is refused.
 */
import * as v from 'valibot'
import {
  connectionTypes,
  deviceClasses,
  errorMessageKeptChars,
  errorMessageSentChars,
  measuredRoutes,
  withoutUrlQueries,
} from './beacon-wire'

/**
 * LCP, INP, FCP and TTFB: a minute. A paint or an interaction later than that is a page that
 * failed its visitor, whatever the exact figure (15 × LCP's poor threshold).
 */
export const vitalCapMs = 60_000
/**
 * CLS: each layout shift scores at most 1 and CLS is the worst 5-second window of them; 10 is 40
 * times the poor threshold, beyond anything a page that can still be read gives.
 */
export const clsCap = 10
/**
 * tel: and mailto: taps on one view, each: a visitor may try a call again once or twice; past a
 * handful it is no longer a count of leads (the report counts one call per beacon in any case).
 */
export const maxLeadTaps = 5
/**
 * Clicks before the app had started (counted by the head script, lib/boot/replay-early-taps.ts):
 * the app starts within seconds, and a visitor tapping at a dead page does not do it more than
 * a few times a second.
 */
export const maxEarlyTaps = 30

const clampedAt = (cap: number) =>
  v.optional(
    v.pipe(
      v.number(),
      v.finite(),
      v.minValue(0),
      v.transform((value) => Math.min(value, cap)),
    ),
  )
const countUpTo = (cap: number) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(cap)))
const milliseconds = clampedAt(vitalCapMs)

export const beaconSchema = v.pipe(
  v.strictObject({
    route: v.picklist(measuredRoutes),
    nav: v.picklist(['load', 'client']),
    device: v.picklist(deviceClasses),
    conn: v.optional(v.picklist(connectionTypes)),
    view: v.boolean(),
    lcp: milliseconds,
    inp: milliseconds,
    cls: clampedAt(clsCap),
    fcp: milliseconds,
    ttfb: milliseconds,
    inpTarget: v.optional(
      v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w\s#.>:()[\]="'/-]*$/u, 'not a selector')),
    ),
    early: countUpTo(maxEarlyTaps),
    earlyDropped: countUpTo(maxEarlyTaps),
    tel: countUpTo(maxLeadTaps),
    mailto: countUpTo(maxLeadTaps),
  }),
  v.check(
    (beacon) => (beacon.earlyDropped ?? 0) <= (beacon.early ?? 0),
    'earlyDropped is more than early',
  ),
  // What the reporter measures per document goes with the document's first view only: a client
  // navigation, or a follow-up with the taps made after a view's beacon went, has none of it.
  v.check(
    (beacon) =>
      (beacon.nav === 'load' && beacon.view) ||
      [
        beacon.lcp,
        beacon.inp,
        beacon.cls,
        beacon.fcp,
        beacon.ttfb,
        beacon.inpTarget,
        beacon.early,
      ].every((value) => value === undefined),
    'only a first load carries vitals',
  ),
  // The reporter sends a follow-up only for a tap.
  v.check(
    (beacon) => beacon.view || (beacon.tel ?? 0) + (beacon.mailto ?? 0) > 0,
    'a follow-up without a tap',
  ),
)
export type ValidBeacon = v.InferOutput<typeof beaconSchema>

/** The row `record_page_views()` takes (the migration's column names). */
export const pageViewRow = (beacon: ValidBeacon) => ({
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
export type PageViewRow = ReturnType<typeof pageViewRow>

/**
 * An error's message as kept and logged: on one line, without URLs' queries (a forged beacon is
 * held to what the browser's reporter sends), with anything shaped like an e-mail address or a
 * phone number (seven digits or more, however spaced) replaced, and cut to 200 characters.
 */
export const keptErrorMessage = (message: string) => {
  const kept = withoutUrlQueries(message)
    .replace(/[^\s@]+@[^\s@]+/g, '[e-mail]')
    .replace(/\+?\d(?:[\s().-]*\d){6,}/g, '[number]')
    .replace(/\s+/g, ' ')
    .trim()
  return kept.length > errorMessageKeptChars ? `${kept.slice(0, errorMessageKeptChars - 1)}…` : kept
}

/** An error beacon (beacon-wire.ts `ErrorBeacon`): told from a page view's by its `error`. */
export const errorBeaconSchema = v.strictObject({
  route: v.picklist(measuredRoutes),
  error: v.pipe(
    v.string(),
    v.maxLength(errorMessageSentChars),
    v.transform(keptErrorMessage),
    v.minLength(1, 'an empty message'),
  ),
  // Where in the site's own scripts: a path, a line and a column.
  at: v.optional(v.pipe(v.string(), v.regex(/^\/[\w./-]{0,100}:\d{1,7}:\d{1,7}$/u, 'not a place'))),
})
export type ValidErrorBeacon = v.InferOutput<typeof errorBeaconSchema>

/** The row `record_page_views()` takes for an error (migration 20261204000200). */
export const pageErrorRow = (beacon: ValidErrorBeacon) => ({
  route: beacon.route,
  error_message: beacon.error,
  error_source: beacon.at ?? null,
})
export type PageErrorRow = ReturnType<typeof pageErrorRow>
