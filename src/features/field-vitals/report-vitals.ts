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
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals'
import { type EarlyTaps, earlyTapsGlobal } from '../boot/replay-early-taps'
import {
  type Beacon,
  beaconPath,
  type ConnectionType,
  connectionTypes,
  deviceClassOf,
  type MeasuredRoute,
} from './beacon-wire'
import { rememberPageLeft } from './page-left'

interface View {
  route: MeasuredRoute
  nav: Beacon['nav']
  sent: boolean
  tel: number
  mailto: number
}

type FirstLoadVitals = Pick<Beacon, 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb' | 'inpTarget'>

const firstLoad: FirstLoadVitals = {}
let current: View | undefined

const rounded = (value: number, digits = 0) => Number(value.toFixed(digits))

/** A short selector of the element an interaction landed on: tags, an id, a link's own path. */
export function selectorOf(element: Element | null): string | undefined {
  const parts: string[] = []
  for (let node = element; node && parts.length < 4; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) break
    let part = node.localName
    if (node.id && /^[\w-]{1,40}$/.test(node.id)) part += `#${node.id}`
    const href = node.getAttribute('href')
    if (node.localName === 'a' && href && /^\/[\w/-]{0,60}$/.test(href)) part += `[href="${href}"]`
    parts.unshift(part)
    if (node.id) break
  }
  return parts.length > 0 ? parts.join(' > ').slice(0, 200) : undefined
}

function connection(): ConnectionType | undefined {
  const type = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
    ?.effectiveType
  return connectionTypes.find((known) => known === type)
}

/** Counts as the endpoint takes them (at most 100): past that, a beacon would be refused whole. */
const count = (n: number | undefined) => Math.min(n ?? 0, 100)

function send(view: View) {
  if (view.sent && !view.tel && !view.mailto) return
  const early = (window as Window & { [earlyTapsGlobal]?: EarlyTaps })[earlyTapsGlobal]
  const conn = connection()
  const beacon: Beacon = {
    route: view.route,
    nav: view.nav,
    device: deviceClassOf(window.innerWidth),
    view: !view.sent,
    ...(conn ? { conn } : {}),
    ...(!view.sent && view.nav === 'load'
      ? {
          ...firstLoad,
          early: count(early?.taps),
          earlyDropped: Math.min(count(early?.dropped), count(early?.taps)),
        }
      : {}),
    ...(view.tel ? { tel: count(view.tel) } : {}),
    ...(view.mailto ? { mailto: count(view.mailto) } : {}),
  }
  view.sent = true
  view.tel = 0
  view.mailto = 0
  navigator.sendBeacon(beaconPath, JSON.stringify(beacon))
}

/** A page view begins (the first one is the document's own load); the one before ends. */
export function pageViewStarted(route: MeasuredRoute) {
  if (current) send(current)
  current = { route, nav: current ? 'client' : 'load', sent: false, tel: 0, mailto: 0 }
}

function start() {
  const keep =
    (name: keyof FirstLoadVitals, digits = 0) =>
    (metric: { value: number }) => {
      ;(firstLoad as Record<string, number>)[name] = rounded(metric.value, digits)
    }
  const options = { reportAllChanges: true }
  onLCP(keep('lcp'), options)
  onFCP(keep('fcp'), options)
  onTTFB(keep('ttfb'), options)
  onCLS(keep('cls', 4), options)
  onINP((metric) => {
    firstLoad.inp = rounded(metric.value)
    const node = metric.entries[0]?.target
    const target = selectorOf(node instanceof Element ? node : null)
    if (target) firstLoad.inpTarget = target
  }, options)

  // On the document, so it runs after web-vitals' own (capturing, on the window) final reports.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && current) send(current)
  })
  addEventListener('pagehide', () => {
    if (!current) return
    send(current)
    rememberPageLeft(current.route)
  })
  // A page back from the back-forward cache is a new view of the same page, without vitals.
  addEventListener('pageshow', (event) => {
    if (event.persisted && current) {
      current = { route: current.route, nav: 'load', sent: false, tel: 0, mailto: 0 }
      for (const name of Object.keys(firstLoad)) delete firstLoad[name as keyof FirstLoadVitals]
    }
  })
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]')
      const href = link?.getAttribute('href') ?? ''
      if (!current) return
      if (href.startsWith('tel:')) current.tel++
      else if (href.startsWith('mailto:')) current.mailto++
    },
    true,
  )
}

start()
