/**
 * POST /api/vitals: a page view's beacon (src/features/field-vitals/report-vitals.ts). Answered
 * before the app (src/server.ts), at once, and written later in a batch. In order: only POST from
 * this site; a visitor who asked not to be tracked (Sec-GPC or DNT) or a bot (isbot) gets 204 and
 * nothing is kept; then the address's rate limit (429 with Retry-After); a body past 2 KB is
 * refused unread (413); a body that is not a valid beacon gets 400; a full queue 503. Nothing of
 * a refused beacon is stored, and nothing of any beacon is logged.
 */
import { isbot } from 'isbot'
import * as v from 'valibot'
import { beaconSchema, pageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { beaconMaxBytes, beaconPath } from '#src/features/field-vitals/beacon-wire.ts'
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import { rateLimitKey } from '#supabase/functions/_shared/contact/rate-limit-key.ts'
import { clientIpFrom, parseTrustProxy } from '../contact/client-ip.server'
import { getEnvironment } from '../env.server'
import type { BeaconRateLimit } from './beacon-rate-limit.server'
import type { PageViewRecorder } from './page-view-recorder.server'

export interface BeaconEndpoint {
  /** The answer to a beacon, or undefined for any other request. */
  handle(request: Request): Promise<Response> | undefined
}

const noContentHeaders = { 'cache-control': 'no-store' }

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
  log = consoleLogger,
}: {
  recorder: () => PageViewRecorder | Promise<PageViewRecorder>
  rateLimit: BeaconRateLimit
  trustProxy?: () => string
  log?: Pick<typeof consoleLogger, 'warn'>
}): BeaconEndpoint {
  const isBot = createBotCheck()
  async function receive(request: Request): Promise<Response> {
    if (request.method !== 'POST') return answer(405, 'Method not allowed.', { allow: 'POST' })
    if (request.headers.get('sec-fetch-site') === 'cross-site') {
      return answer(403, 'Beacons come from this site only.')
    }
    if (visitorOptedOut(request.headers) || isBot(request.headers.get('user-agent') ?? '')) {
      await request.body?.cancel().catch(() => {})
      return answer(204)
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
    if (!(await recorder()).add(pageViewRow(parsed.output))) {
      return answer(503, 'Busy; beacon not kept.', { 'retry-after': '5' })
    }
    return answer(204)
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
