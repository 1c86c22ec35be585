/**
 * The field reporter, loaded once the app has started (components/FieldVitals.tsx), never before
 * the first paint. One beacon per page view, sent with `navigator.sendBeacon` when the view ends:
 * a client-side navigation to another page, or the page being hidden (a tab switch, the phone
 * app a `tel:` link opens, leaving). A first load's beacon carries its Web Vitals as they stood
 * then (web-vitals with every change reported, so a view that ends by navigating still has its
 * LCP, CLS and INP so far): vitals belong to the page they were measured on. A client navigation
 * is a view of its own, with its taps but no vitals (the library measures documents). Taps made
 * on a view after its beacon went (the visitor came back) go in a small follow-up beacon.
 * Nothing identifies the visitor: no id, no cookie, the route pattern not the URL. The one thing
 * kept in the tab is the route pattern of the page left, for a message's lead source
 * (lib/visitor/page-left.ts).
 *
 * Every byte here counts against the 3 kB budget (bench/vitals-bytes.ts): web-vitals 4's standard
 * build (5 does not fit, docs/decisions/017-web-vitals-4.md; the attribution build adds about
 * 1.5 kB), each metric from its own module (minified with ours, about 20 B less than the
 * package's own bundle), TTFB read from navigation timing by hand, the slow interaction's element
 * read from INP's own entries, each view kept as the beacon it sends, and nothing imported from
 * the entry chunk (an import of it costs more than the names written out, which tsc holds to the
 * shared ones).
 */
import type { Metric } from 'web-vitals'
import { onCLS } from 'web-vitals/onCLS.js'
import { onFCP } from 'web-vitals/onFCP.js'
import { onINP } from 'web-vitals/onINP.js'
import { onLCP } from 'web-vitals/onLCP.js'
import type { EarlyTaps, earlyTapsGlobal } from '#src/lib/boot/replay-early-taps.ts'
import type { pageLeftKey } from '#src/lib/visitor/page-left.ts'
import type { maxEarlyTaps, maxLeadTaps } from './beacon-schema'
import type { Beacon, beaconPath, ConnectionType, MeasuredRoute } from './beacon-wire'

type ViewBeacon = Omit<Beacon, 'device' | 'conn'>

/** The current view's beacon; once sent, the follow-up's (view: false) for the taps made since. */
let view: ViewBeacon
/** The beacon of the document's first view, or of the page back from the back-forward cache. */
let load: ViewBeacon

/** A short selector of the element an interaction landed on: tags, an id, a link's own path. */
function selectorOf(node: Element | null) {
  let selector = ''
  // Up to four elements inside the body, stopping at one with an id.
  for (let depth = 0; node?.parentElement?.parentElement && depth++ < 4; ) {
    const href = node.getAttribute('href') as string
    selector =
      node.localName +
      (/^[\w-]{1,40}$/.test(node.id) ? `#${node.id}` : '') +
      (/^\/[\w/-]{0,60}$/.test(href) ? `[href="${href}"]` : '') +
      (selector && ` > ${selector}`)
    node = node.id ? null : node.parentElement
  }
  return selector.slice(0, 200) || undefined
}

/** The document's Web Vitals as they stand, as the endpoint takes them (ms whole, CLS 4 places). */
function keep({ name, value, entries }: Metric) {
  ;(load as Record<string, unknown>)[name.toLowerCase()] = +value.toFixed(name === 'CLS' ? 4 : 0)
  if (name === 'INP')
    load.inpTarget = selectorOf(
      (entries[0] as PerformanceEventTiming | undefined)?.target as Element,
    )
}

/**
 * The view's beacon, or the follow-up with the taps made since it went. The route of the page left
 * stays in the tab for the next document's lead source (the last one sent wins).
 */
function send() {
  if (!(view.view || view.tel || view.mailto)) return
  navigator.sendBeacon(
    '/api/vitals' satisfies typeof beaconPath,
    JSON.stringify({
      ...view,
      // The site's breakpoints (beacon-wire.ts).
      device: innerWidth < 768 ? 'phone' : innerWidth < 1024 ? 'tablet' : 'desktop',
      // An IDL enum: always one of the four the endpoint takes.
      conn: (navigator as { connection?: { effectiveType: ConnectionType } }).connection
        ?.effectiveType,
    } satisfies Beacon),
  )
  try {
    sessionStorage.setItem('maple-hearth:page-left' satisfies typeof pageLeftKey, view.route)
  } catch {
    // Storage refused (private mode, quota): the lead source falls back on the referrer.
  }
  view = { route: view.route, nav: view.nav, view: false }
}

/**
 * A page view begins (the first one is the document's own load, when measuring starts); the one
 * before ends.
 */
export function pageViewStarted(route: MeasuredRoute) {
  if (view) {
    send()
    view = { route, nav: 'client', view: true }
  } else {
    // Clicks before the app had started, counted by the head script (done by now), and how many
    // were lost: at most as many as the endpoint takes (beacon-schema.ts).
    const early = (window as { [K in typeof earlyTapsGlobal]?: EarlyTaps }).__earlyTaps
    const taps = Math.min(early?.taps ?? 0, 30 satisfies typeof maxEarlyTaps)
    view = load = {
      route,
      nav: 'load',
      view: true,
      early: taps,
      earlyDropped: Math.min(early?.dropped ?? 0, taps),
    }
    // TTFB as web-vitals defines it: the response's first byte, counted from the page's activation
    // if it was prerendered (never below 0), from a navigation entry with a sane value. The
    // response has begun by now: this runs after the first paint.
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined
    const firstByte = navigation?.responseStart as number
    const activated = navigation?.activationStart || 0
    if (firstByte > 0 && firstByte < performance.now())
      load.ttfb = Math.round(Math.max(firstByte - activated, 0))
    // A page opened in a background tab paints only once shown, and its paint times then include
    // the wait. web-vitals 5 reads Chromium's record of visibility (`visibility-state` entries) and
    // leaves FCP, LCP and CLS out then; 4 only sees what happens once it is loaded, after the first
    // paint, so they are left out here for a page hidden at any time since its activation.
    for (const on of performance
      .getEntriesByType('visibility-state')
      .some((entry) => entry.name === 'hidden' && entry.startTime >= activated)
      ? [onINP]
      : [onLCP, onFCP, onCLS, onINP])
      on(keep, { reportAllChanges: true })
    // A view ends when the page is hidden (a tab switch, the phone app, leaving: web-vitals' own
    // final reports come on this alone). On the window, as the event bubbles up from the document,
    // so it runs after those (on the document, some added only once FCP or an interaction came).
    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') send()
    })
    // A page back from the back-forward cache is a new view of the same page.
    addEventListener('pageshow', (event) => {
      if (event.persisted) view = load = { route: view.route, nav: 'load', view: true }
    })
    document.addEventListener(
      'click',
      (event) => {
        const kind = /^(tel|mailto):/.exec(
          (event.target as Element).closest?.('[href]')?.getAttribute('href') as string,
        )?.[1] as 'tel' | 'mailto' | undefined
        if (kind) view[kind] = Math.min((view[kind] ?? 0) + 1, 5 satisfies typeof maxLeadTaps)
      },
      true,
    )
  }
}
