/**
 * POST /api/vitals: a page view's beacon (src/features/field-vitals/report-vitals.ts), answered
 * before the app (src/server.ts). 204 means kept: the answer waits for the beacon's batch to be
 * written (docs/decisions/026-beacon-answered-once-kept.md). In order: only POST; only what a
 * browser's `navigator.sendBeacon` sends from this site's pages (fetch metadata saying
 * same-origin, an Origin of this site if any, a browser's user agent that isbot does not know)
 * and only from a visitor who did not ask not to be tracked (Sec-GPC, DNT), else 403 and nothing
 * kept; then the address's rate limit (429 with Retry-After); a body past 2 KB is refused unread
 * (413); a body that is not a valid beacon gets 400; a full queue, a failed write or a write not
 * done in time 503 with Retry-After. Nothing of a refused beacon is stored, and nothing of any
 * beacon is logged.
 */
import { isbot } from 'isbot'
import * as v from 'valibot'
import {
  beaconSchema,
  type PageViewRow,
  pageViewRow,
} from '#src/features/field-vitals/beacon-schema.ts'
import { beaconMaxBytes, beaconPath } from '#src/features/field-vitals/beacon-wire.ts'
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import { rateLimitKey } from '#supabase/functions/_shared/contact/rate-limit-key.ts'
import { clientIpFrom, parseTrustProxy } from '../contact/client-ip.server'
import { getEnvironment } from '../env.server'
import type { BeaconRateLimit } from './beacon-rate-limit.server'
import type { PageViewRecorder } from './page-view-recorder.server'

/**
 * Why a request is not counted, or undefined for what a browser's `navigator.sendBeacon` sends
 * from one of this site's pages: `Sec-Fetch-Site: same-origin`, `Sec-Fetch-Mode: no-cors` (or
 * `cors`, for a typed body), `Sec-Fetch-Dest: empty`, and an Origin (when sent) of this site.
 * Browsers send fetch metadata since Chromium 76, Firefox 90 and Safari 16.4; a script or a form
 * elsewhere cannot make a browser say same-origin, and a client that is not a browser must forge
 * every header.
 */
function notFromThisSite(request: Request, siteHosts: readonly string[]): string | undefined {
  const headers = request.headers
  const site = headers.get('sec-fetch-site')
  const mode = headers.get('sec-fetch-mode')
  if (site === null || mode === null || headers.get('sec-fetch-dest') === null) {
    return 'Not counted: no fetch metadata (Sec-Fetch-*), so not a browser.'
  }
  if (site !== 'same-origin') return 'Not counted: beacons come from this site only.'
  if ((mode !== 'no-cors' && mode !== 'cors') || headers.get('sec-fetch-dest') !== 'empty') {
    return 'Not counted: not a beacon (Sec-Fetch-Mode, Sec-Fetch-Dest).'
  }
  const origin = headers.get('origin')
  const originHost = origin === null ? undefined : hostOf(origin)
  if (origin !== null && (originHost === undefined || !siteHosts.includes(originHost))) {
    return 'Not counted: beacons come from this site only (Origin).'
  }
  return undefined
}

const hostOf = (url: string) => URL.parse(url)?.host

/** Every browser's user agent begins so (isbot then tells crawlers and headless browsers apart). */
const browserUserAgent = /^Mozilla\/5\.0 \(/

export interface BeaconEndpoint {
  /** The answer to a beacon, or undefined for any other request. */
  handle(request: Request): Promise<Response> | undefined
}

const noContentHeaders = { 'cache-control': 'no-store' }

/** How long a beacon waits for its batch's write before it is told it was not kept. */
const keptWithinMs = 10_000

const answer = (status: number, text = '', headers: Record<string, string> = {}) =>
  status === 204
    ? new Response(null, { status, headers: noContentHeaders })
    : new Response(text, {
        status,
        headers: {
          'cache-control': 'no-store',
          'content-type': 'text/plain; charset=utf-8',
          ...headers,
        },
      })

/** The visitor asked sites not to track them: Global Privacy Control, or Do Not Track. */
export const visitorOptedOut = (headers: Headers) =>
  headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1'

/** The body as text, or undefined when it holds more than `limit` bytes (reading stops there). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const length = Number(request.headers.get('content-length') ?? Number.NaN)
  if (length > limit) return undefined
  // A declared length within the limit is the body's length (HTTP framing holds the client to
  // it): read at once, without a stream (srvx then reads Node's request directly, a beacon's
  // cheapest path). Without one (chunked), count as it comes.
  if (length >= 0) return request.text()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** TRUST_PROXY as read, parsed once rather than per beacon. */
let trustParsed: { setting: string; trust: ReturnType<typeof parseTrustProxy> } | undefined
const trustOf = (setting: string) => {
  if (trustParsed?.setting !== setting) trustParsed = { setting, trust: parseTrustProxy(setting) }
  return trustParsed.trust
}

/** The client's address as the contact form's rate limit reads it (TRUST_PROXY). */
export function beaconClientAddress(request: Request, trustProxy: string): string {
  const peer = request as Request & { ip?: string; context?: { clientAddress?: string } }
  const ip = clientIpFrom({
    forwardedFor: request.headers.get('x-forwarded-for'),
    socketAddress: peer.context?.clientAddress ?? peer.ip,
    trust: trustOf(trustProxy),
  })
  // An IPv6 client is its /64, as for the contact form.
  return rateLimitKey(ip)
}

/**
 * isbot's one long pattern, tested once per user agent: browsers send few distinct ones, and a
 * beacon must cost next to nothing. At most `size` remembered (all forgotten when full).
 */
function createBotCheck(size = 1_000) {
  const known = new Map<string, boolean>()
  return (userAgent: string) => {
    let bot = known.get(userAgent)
    if (bot === undefined) {
      bot = isbot(userAgent)
      if (known.size >= size) known.clear()
      known.set(userAgent, bot)
    }
    return bot
  }
}

export function createBeaconEndpoint({
  recorder,
  rateLimit,
  trustProxy = () => getEnvironment().TRUST_PROXY,
  siteUrl = () => getEnvironment().SITE_URL,
  waitForKeptMs = keptWithinMs,
  log = consoleLogger,
}: {
  recorder: () => PageViewRecorder | Promise<PageViewRecorder>
  rateLimit: BeaconRateLimit
  trustProxy?: () => string
  /** The public origin: beside the request's own host, the one an Origin may name. */
  siteUrl?: () => string
  waitForKeptMs?: number
  log?: Pick<typeof consoleLogger, 'warn'>
}): BeaconEndpoint {
  const isBot = createBotCheck()

  /** Why the request is not counted (403, nothing kept), or undefined. */
  function notCounted(request: Request): string | undefined {
    const siteHosts = [new URL(request.url).host, hostOf(siteUrl())].filter(
      (host) => host !== undefined,
    )
    const userAgent = request.headers.get('user-agent') ?? ''
    return (
      notFromThisSite(request, siteHosts) ??
      (!browserUserAgent.test(userAgent) || isBot(userAgent)
        ? 'Not counted: not a browser (User-Agent).'
        : visitorOptedOut(request.headers)
          ? 'Not kept: this browser asks sites not to track it (Sec-GPC, DNT).'
          : undefined)
    )
  }

  async function kept(row: PageViewRow): Promise<Response> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const outcome = await Promise.race([
      (await recorder()).keep(row),
      new Promise<'late'>((settle) => {
        timer = setTimeout(() => settle('late'), waitForKeptMs)
      }),
    ]).finally(() => clearTimeout(timer))
    switch (outcome) {
      case 'kept':
        return answer(204)
      case 'queue-full':
        return answer(503, 'Busy; beacon not kept.', { 'retry-after': '5' })
      case 'not-written':
        return answer(503, 'Beacon not kept: the store could not write it.', {
          'retry-after': '60',
        })
      case 'late':
        return answer(503, 'Beacon not confirmed kept: the store is slow.', { 'retry-after': '60' })
    }
  }

  async function receive(request: Request): Promise<Response> {
    if (request.method !== 'POST') return answer(405, 'Method not allowed.', { allow: 'POST' })
    const refusal = notCounted(request)
    if (refusal !== undefined) {
      await request.body?.cancel().catch(() => {})
      return answer(403, refusal)
    }
    const waitS = rateLimit.take(beaconClientAddress(request, trustProxy()))
    if (waitS > 0) {
      await request.body?.cancel().catch(() => {})
      return answer(429, 'Too many beacons.', { 'retry-after': String(waitS) })
    }
    const text = await readLimited(request, beaconMaxBytes)
    if (text === undefined) {
      return answer(413, `A beacon is at most ${beaconMaxBytes} bytes.`, { connection: 'close' })
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return answer(400, 'A beacon is a JSON object.')
    }
    const parsed = v.safeParse(beaconSchema, body)
    if (!parsed.success) {
      const where = v.getDotPath(parsed.issues[0]) ?? '(body)'
      return answer(400, `Not a valid beacon: ${where}.`)
    }
    return kept(pageViewRow(parsed.output))
  }

  return {
    handle(request) {
      const { pathname } = new URL(request.url)
      if (pathname !== beaconPath) return undefined
      return receive(request).catch((error: unknown) => {
        log.warn('vitals.beacon_failed', { error: error instanceof Error ? error.name : 'unknown' })
        return answer(503, 'Beacon not kept.')
      })
    },
  }
}
