// What every response says to browsers and the CDN in front, whoever wrote it (errors raised before
// the app included): the Nitro plugin applies it on the way out (nitro/server-lifecycle.server.ts).

import { staticSecurityHeaders } from '#src/lib/http/security-headers.ts'
import { pageCacheControl, pictureCacheControl } from '../lib/seo/cache-control'
import { forwardedProtoFrom, type TrustProxy } from './client-ip.server.ts'

type ResponsePolicyContext = {
  galleryFreshUntil: () => number | undefined
  trustProxy?: TrustProxy
}

/** https in the URL (srvx on Node writes it for a TLS socket only), or a trusted proxy says so. */
const cameOverHttps = (request: Request & { ip?: string }, trust: TrustProxy = () => false) =>
  new URL(request.url).protocol === 'https:' ||
  forwardedProtoFrom({
    forwardedProto: request.headers.get('x-forwarded-proto'),
    forwardedFor: request.headers.get('x-forwarded-for'),
    socketAddress: request.ip,
    trust,
  }) === 'https'

/** HTML the app did not render (an error page): nothing may run, load or frame it. */
const lockedDownPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Files whose absence may be brief (a deploy under way): a 404 for them is never kept. */
const fileAreas = /^\/(assets|images|storage)\//
const photoVariantsArea = '/storage/v1/object/public/gallery-variants/'
const isHtml = (headers: Headers) => /^text\/html\b/.test(headers.get('content-type') ?? '')

/** A policy naming a script nonce: the page was rendered for this one answer (decision 028). */
const carriesNonce = (headers: Headers) =>
  /'nonce-/.test(headers.get('content-security-policy') ?? '')

/**
 * The Cache-Control this response should carry; undefined keeps what it has. A render's nonce is
 * its visitor's alone: whatever the page's lifetime, a shared cache never keeps that answer.
 */
export function cacheControlFor(
  pathname: string,
  response: Response,
  context: ResponsePolicyContext,
) {
  const cacheControl = sharedCacheControlFor(pathname, response, context)
  if (!carriesNonce(response.headers)) return cacheControl
  return (cacheControl ?? response.headers.get('cache-control')) === pageCacheControl.never
    ? pageCacheControl.never
    : pageCacheControl.rendered
}

function sharedCacheControlFor(
  pathname: string,
  response: Response,
  context: ResponsePolicyContext,
) {
  const { status, headers } = response
  const current = headers.get('cache-control')
  if (pathname.startsWith('/_serverFn/')) return pageCacheControl.never
  if (status === 404 || status === 410) {
    return isHtml(headers) && !fileAreas.test(pathname)
      ? pageCacheControl.notFound
      : pageCacheControl.never
  }
  if (status >= 400) return pageCacheControl.never
  // Static files carry none, and a route rule would override the variant route's stand-ins.
  if (status === 200 && current === null && pathname.startsWith(photoVariantsArea)) {
    return pictureCacheControl
  }
  // A page with gallery data, or a redirect chosen by it, is kept no longer than its list stays fresh.
  if (current === pageCacheControl.galleryData && (status === 200 || headers.has('location'))) {
    return keptWhileGalleryFresh(current, context)
  }
  if (status >= 300 && status < 400 && headers.has('location')) {
    return current ?? pageCacheControl.redirect
  }
  return undefined
}

function keptWhileGalleryFresh(current: string, context: ResponsePolicyContext) {
  const freshUntil = context.galleryFreshUntil()
  const seconds = freshUntil === undefined ? 0 : Math.floor((freshUntil - Date.now()) / 1000)
  if (seconds < 1) return pageCacheControl.never
  return current.replace(/s-maxage=(\d+)/, (_, max) => `s-maxage=${Math.min(Number(max), seconds)}`)
}

// Workaround: Start 1.169.5 answers `//x/` with a 308 to the Host header's site, which a CDN keeps (none filed; reproduction: test/canaries/start-requests.canary.test.ts); remove once its redirect check fails.
function sameHostLocation(request: Request, location: string | null) {
  const target = URL.parse(location ?? '')
  if (!target?.host || target.host !== new URL(request.url).host) return undefined
  return `/${target.pathname.replace(/^\/+/, '')}${target.search}${target.hash}`
}

/** Security headers and Cache-Control; a Response whose headers are immutable is left as it is. */
export function applyResponsePolicy(
  request: Request,
  response: Response,
  context: ResponsePolicyContext,
) {
  const headers = response.headers
  try {
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    // Never over plain http (RFC 6797 8.1), whoever set it.
    if (!cameOverHttps(request, context.trustProxy)) headers.delete('strict-transport-security')
    else headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
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
