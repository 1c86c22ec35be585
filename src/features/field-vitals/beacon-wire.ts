/**
 * What the browser's reporter and the server's beacon endpoint agree on. Client-safe and small:
 * every page's loader imports it (components/FieldVitals.tsx), so no schema library here (the
 * server validates with beacon-schema.ts); the reporter takes only types from it.
 */

/** Where beacons go (src/server.ts answers it before the app). */
export const beaconPath = '/api/vitals'

/** A beacon is a few hundred bytes; anything past this is refused unread. */
export const beaconMaxBytes = 2048

/**
 * The pages a beacon may name, by route pattern (the router's route id): never a URL, so no query
 * value or location slug is recorded. `404` is a page no route matched.
 * measured-routes.typecheck.ts checks each is a route.
 */
export const measuredRoutes = [
  '/',
  '/$serviceAlias',
  '/about-us',
  '/contact-us',
  '/faq',
  '/gallery',
  '/privacy-policy',
  '/service-areas',
  '/sitemap',
  '/areas-of-service/$locationService',
  '/services/$serviceId',
  '/services/',
  '404',
] as const
export type MeasuredRoute = (typeof measuredRoutes)[number]

/**
 * The one page not measured: the owner's report (its visits are not a visitor's). Every other
 * page is; measured-routes.typecheck.ts fails when a route is neither, so the reporter needs only
 * this, not the list.
 */
export const unmeasuredRoute = '/owner-report/$key'

/** By viewport width, the site's own breakpoints: phone up to 767 px, tablet to 1023. */
export const deviceClasses = ['phone', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof deviceClasses)[number]

export const connectionTypes = ['slow-2g', '2g', '3g', '4g'] as const
export type ConnectionType = (typeof connectionTypes)[number]

/**
 * An error on one of the site's pages that its code did not catch (report-errors.ts): the route
 * pattern, the message as the browser words it (`Uncaught TypeError: …`, `Unhandled rejection: …`),
 * without any URL's query or fragment, and where in our scripts it was thrown (`/assets/x.js:1:2345`)
 * when the browser says. Never the page's URL; the server takes out what looks like an e-mail
 * address or a phone number (beacon-schema.ts), in case a message quotes what a visitor typed.
 */
export interface ErrorBeacon {
  route: MeasuredRoute
  error: string
  at?: string
}

/** The browser keeps this much of a message; the server keeps at most `errorMessageKeptChars`. */
export const errorMessageSentChars = 300
export const errorMessageKeptChars = 200

/**
 * Every URL's or path's query and fragment taken out of a text, its origin and path left
 * (`https://host/path`, `/path`).
 */
export const withoutUrlQueries = (text: string) =>
  text.replace(/(\/[^\s?#'"`]*)[?#][^\s'"`]*/g, '$1')

/** One page view's report, or (view: false) taps made after its first report was sent. */
export interface Beacon {
  route: MeasuredRoute
  /** `load`: the document's first page; `client`: a client-side navigation. */
  nav: 'load' | 'client'
  device: DeviceClass
  conn?: ConnectionType
  view: boolean
  /** Milliseconds, except CLS (unitless). A first load only. */
  lcp?: number
  inp?: number
  cls?: number
  fcp?: number
  ttfb?: number
  /** The element of the slowest interaction, as a short CSS selector. */
  inpTarget?: string
  /** Clicks and submits before the app had started, and how many of them were lost. */
  early?: number
  earlyDropped?: number
  tel?: number
  mailto?: number
}
