/**
 * What every response this server writes says to browsers and to the CDN in front, whoever wrote
 * it (a page, a server function, a static file, a probe, or an error raised before any of them,
 * such as a malformed URL's 400). The Nitro plugin applies it to each response on its way out
 * (src/server/nitro/server-lifecycle.server.ts).
 *
 * - The security headers, when the response lacks them, and a locked-down policy on HTML that
 *   came without one (an error page not rendered by the app); HSTS only on an answer to a request
 *   that came over https, never over plain http.
 * - Redirects to the request's own host are relative, never built from a Host header.
 * - Cache-Control a CDN can trust: errors and missing files `no-store` (a 404 under /assets would
 *   otherwise keep the route rules' year-long `immutable`); missing pages a minute; redirects as
 *   static pages; the build's photo variants a week, as pictures; server-function answers never;
 *   pages with gallery data no longer than the list they show stays fresh, and `no-store` when
 *   they show the error state or a stale list.
 */
import { pageCacheControl, pictureCacheControl } from '../lib/seo/cache-control'
import { forwardedProtoFrom, type TrustProxy } from './contact/client-ip.server'
import { staticSecurityHeaders, strictTransportSecurity } from './security-headers.server'

export interface ResponsePolicyContext {
  /** Until when the gallery list a page would show now counts as fresh (gallery-cache.server.ts). */
  galleryFreshUntil: () => number | undefined
  now?: () => number
  /** Who may say the request came over https (TRUST_PROXY); default nobody. */
  trustProxy?: TrustProxy
}

/** The request as srvx hands it over on Node: the peer's address, and its socket. */
interface NodeServedRequest extends Request {
  ip?: string
  runtime?: { node?: { req?: { socket?: { encrypted?: boolean } } } }
}

/**
 * Whether the client reached us over https: the connection itself (TLS, or a platform that says
 * so in the request's URL, as Netlify does), or a trusted proxy's X-Forwarded-Proto
 * (client-ip.server.ts).
 */
export function cameOverHttps(request: Request, trust: TrustProxy = { kind: 'none' }): boolean {
  const served = request as NodeServedRequest
  if (served.runtime?.node?.req?.socket?.encrypted) return true
  // srvx on Node writes https into the URL only for a TLS socket (it is told to trust no proxy).
  if (new URL(request.url).protocol === 'https:') return true
  return (
    forwardedProtoFrom({
      forwardedProto: request.headers.get('x-forwarded-proto'),
      forwardedFor: request.headers.get('x-forwarded-for'),
      socketAddress: served.ip,
      trust,
    }) === 'https'
  )
}

/** HTML the app did not render (an error page): nothing may run, load or frame it. */
const lockedDownPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Files whose absence may be brief (a deploy under way): a 404 for them is never kept. */
const fileAreas = ['/assets/', '/images/', '/storage/']

const photoVariantsArea = '/storage/v1/object/public/gallery-variants/'

const isHtml = (headers: Headers) => /^text\/html\b/.test(headers.get('content-type') ?? '')

/** The Cache-Control this response should carry; undefined keeps what it has. */
export function cacheControlFor(
  pathname: string,
  response: Response,
  context: ResponsePolicyContext,
): string | undefined {
  const { status } = response
  const current = response.headers.get('cache-control')
  const html = isHtml(response.headers)
  if (pathname.startsWith('/_serverFn/')) return pageCacheControl.never
  if (status === 404 || status === 410) {
    const file = fileAreas.some((area) => pathname.startsWith(area))
    return html && !file ? pageCacheControl.notFound : pageCacheControl.never
  }
  if (status >= 400) return pageCacheControl.never
  // The build's photo variants are static files, which carry none (a route rule would also
  // override the stand-ins the variant route answers with).
  if (status === 200 && current === null && pathname.startsWith(photoVariantsArea)) {
    return pictureCacheControl
  }
  if (status >= 300 && status < 400 && status !== 304 && response.headers.has('location')) {
    return current ?? pageCacheControl.redirect
  }
  if (status === 200 && current === pageCacheControl.galleryData) {
    const now = (context.now ?? Date.now)()
    const freshUntil = context.galleryFreshUntil()
    const seconds = freshUntil === undefined ? 0 : Math.floor((freshUntil - now) / 1000)
    if (seconds < 1) return pageCacheControl.never
    return current.replace(
      /s-maxage=(\d+)/,
      (_, max: string) => `s-maxage=${Math.min(Number(max), seconds)}`,
    )
  }
  return undefined
}

/**
 * A redirect to the request's own host, made relative. Start builds some (`//x/` → `/x/`) from the
 * Host header, which any client sets: absolute, a CDN would keep a redirect to another site for an
 * hour. Undefined keeps the Location as it is.
 */
function sameHostLocation(request: Request, location: string | null): string | undefined {
  if (!location || !/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return undefined
  const target = new URL(location)
  if (target.host !== new URL(request.url).host) return undefined
  return `/${target.pathname.replace(/^\/+/, '')}${target.search}${target.hash}`
}

/**
 * Applies the security headers and the Cache-Control to a response about to be sent. Headers that
 * cannot be changed (a Response made immutable by its maker) are left as they are.
 */
export function applyResponsePolicy(
  request: Request,
  response: Response,
  context: ResponsePolicyContext,
): void {
  const headers = response.headers
  try {
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    for (const [name, value] of Object.entries(strictTransportSecurity)) {
      if (cameOverHttps(request, context.trustProxy)) headers.set(name, value)
      else headers.delete(name)
    }
    if (isHtml(headers) && !headers.has('content-security-policy')) {
      headers.set('content-security-policy', lockedDownPolicy)
    }
    const location = sameHostLocation(request, headers.get('location'))
    if (location !== undefined) headers.set('location', location)
    const cacheControl = cacheControlFor(new URL(request.url).pathname, response, context)
    if (cacheControl !== undefined) headers.set('cache-control', cacheControl)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
  }
}
