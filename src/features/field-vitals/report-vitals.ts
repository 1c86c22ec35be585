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
 * (page-left.ts).
 *
 * Every byte here counts against the 3 kB budget (bench/vitals-bytes.ts): web-vitals' standard
 * build (the attribution build adds about 1.5 kB), and the slow interaction's element read from
 * INP's own entries.
 */
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals'
import { type EarlyTaps, earlyTapsGlobal } from '#src/lib/boot/replay-early-taps.ts'
import {
  type Beacon,
  beaconPath,
  type ConnectionType,
  deviceClassOf,
  type MeasuredRoute,
} from './beacon-wire'
import { pageLeftKey } from './privacy-signals'

interface View {
  route: MeasuredRoute
  nav: Beacon['nav']
  sent?: boolean
  tel: number
  mailto: number
}

type FirstLoadVitals = Pick<Beacon, 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb' | 'inpTarget'>

let firstLoad: FirstLoadVitals = {}
let current: View | undefined

/** A short selector of the element an interaction landed on: tags, an id, a link's own path. */
function selectorOf(element: Element | null): string | undefined {
  const parts: string[] = []
  for (let node = element; node && parts.length < 4; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) break
    const id = /^[\w-]{1,40}$/.test(node.id) && node.id
    const href = node.localName === 'a' && node.getAttribute('href')
    parts.unshift(
      node.localName +
        (id ? `#${id}` : '') +
        (href && /^\/[\w/-]{0,60}$/.test(href) ? `[href="${href}"]` : ''),
    )
    if (node.id) break
  }
  return parts.join(' > ').slice(0, 200) || undefined
}

/** Counts as the endpoint takes them (at most 100): past that, a beacon would be refused whole. */
const count = (n = 0) => Math.min(n, 100)

/**
 * The view's beacon, once, or a follow-up with the taps made since. The route of the page being
 * left stays in the tab for the next document's lead source (the last one sent wins).
 */
function send(view: View) {
  if (view.sent && !view.tel && !view.mailto) return
  const early = (window as Window & { [earlyTapsGlobal]?: EarlyTaps })[earlyTapsGlobal]
  const conn = (navigator as Navigator & { connection?: { effectiveType?: ConnectionType } })
    .connection?.effectiveType
  const firstView = !view.sent && view.nav === 'load'
  // JSON leaves out what is undefined: a client view has no vitals, a count of 0 is not sent.
  const beacon: Beacon = {
    route: view.route,
    nav: view.nav,
    device: deviceClassOf(innerWidth),
    view: !view.sent,
    conn: conn && /^(slow-2g|[234]g)$/.test(conn) ? conn : undefined,
    ...(firstView && {
      ...firstLoad,
      early: count(early?.taps),
      earlyDropped: count(Math.min(early?.dropped ?? 0, early?.taps ?? 0)),
    }),
    tel: count(view.tel) || undefined,
    mailto: count(view.mailto) || undefined,
  }
  view.sent = true
  view.tel = view.mailto = 0
  navigator.sendBeacon(beaconPath, JSON.stringify(beacon))
  try {
    sessionStorage.setItem(pageLeftKey, view.route)
  } catch {
    // Storage refused (private mode, quota): the lead source falls back on the referrer.
  }
}

/** A page view begins (the first one is the document's own load); the one before ends. */
export function pageViewStarted(route: MeasuredRoute) {
  if (current) send(current)
  else start()
  current = { route, nav: current ? 'client' : 'load', tel: 0, mailto: 0 }
}

/** Web Vitals as they stand, each kept as the endpoint takes it (ms whole, CLS to 4 places). */
function watchVitals() {
  const keep =
    (name: keyof FirstLoadVitals, digits = 0) =>
    ({ value, entries }: Metric) => {
      ;(firstLoad as Record<string, unknown>)[name] = +value.toFixed(digits)
      // INP's entries are the slowest interaction's events; their target is its element.
      const target = (entries[0] as PerformanceEventTiming | undefined)?.target
      if (name === 'inp')
        firstLoad.inpTarget = selectorOf(target instanceof Element ? target : null)
    }
  const options = { reportAllChanges: true }
  onLCP(keep('lcp'), options)
  onFCP(keep('fcp'), options)
  onTTFB(keep('ttfb'), options)
  onCLS(keep('cls', 4), options)
  onINP(keep('inp'), options)
}

/** Measures and reports from the first view on. */
function start() {
  watchVitals()
  // A view ends when the page is hidden (a tab switch, the phone app, leaving), or with the
  // document. On the document, so it runs after web-vitals' own final reports (capturing, on the
  // window).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && current) send(current)
  })
  addEventListener('pagehide', () => current && send(current))
  // A page back from the back-forward cache is a new view of the same page, without vitals.
  addEventListener('pageshow', (event) => {
    if (event.persisted && current) {
      current = { route: current.route, nav: 'load', tel: 0, mailto: 0 }
      firstLoad = {}
    }
  })
  document.addEventListener(
    'click',
    (event) => {
      const href = (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href')
      if (current && href?.startsWith('tel:')) current.tel++
      if (current && href?.startsWith('mailto:')) current.mailto++
    },
    true,
  )
}
