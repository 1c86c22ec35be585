// POST /api/vitals, answered before the app (src/server.ts): a page view's beacon, 204 once
// written (docs/decisions/026-beacon-answered-once-kept.md); or an error on one of the site's
// pages, kept the same way and logged (browser.error) with its route, message and place. Nothing
// else of a beacon is logged.
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { limitRequestBody } from 'srvx/body-limit'
import * as v from 'valibot'
import {
  beaconSchema,
  errorBeaconSchema,
  pageErrorRow,
  pageViewRow,
} from '#src/features/field-vitals/beacon-schema.ts'
import { beaconMaxBytes, beaconPath } from '#src/features/field-vitals/beacon-wire.ts'
import { rateLimitKeys, waitUnderKeys } from '#supabase/functions/_shared/contact/rate-limit-key.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/log.ts'
import { clientAddressOf, parseTrustProxy } from '../client-ip.server.ts'
import { getEnvironment } from '../env.server'
import type { Environment } from '../env-schema.server'
import type { PageViewRecorder } from './page-view-recorder.server'

const jsonText = v.pipe(v.string(), v.parseJson())

/** A page view's beacon, or an error's (told apart by its `error`), as the row to keep. */
function rowOf(body: unknown) {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = v.safeParse(errorBeaconSchema, body)
    return error.success ? { ...error, row: pageErrorRow(error.output) } : error
  }
  const view = v.safeParse(beaconSchema, body)
  return view.success ? { ...view, row: pageViewRow(view.output) } : view
}

/** Why a request is not what `navigator.sendBeacon` sends from this site's pages, or undefined. */
function notCounted(headers: Headers, siteHosts: string[]): string | undefined {
  const origin = headers.get('origin')
  // Another site's page cannot make a browser's fetch metadata say same-origin.
  if (
    headers.get('sec-fetch-site') !== 'same-origin' ||
    !['no-cors', 'cors'].includes(headers.get('sec-fetch-mode') ?? '') ||
    headers.get('sec-fetch-dest') !== 'empty' ||
    (origin !== null && !siteHosts.includes(URL.parse(origin)?.host ?? ''))
  )
    return 'Not counted: not a beacon from this site (Sec-Fetch-*, Origin).'
  const userAgent = headers.get('user-agent') ?? ''
  // Every browser's user agent begins so; isbot then tells crawlers and headless browsers apart.
  if (!userAgent.startsWith('Mozilla/5.0 (') || isbot(userAgent))
    return 'Not counted: not a browser (User-Agent).'
  if (headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1')
    return 'Not kept: this browser asks sites not to track it (Sec-GPC, DNT).'
}

// Per address and instance, 20 beacons then 2 a minute: a reader going through twenty pages
// passes, and one address weighs at most that much in the owner's report (docs/field-data.md).
const burst = 20
const refillPerMs = 2 / 60_000

const answer = (status: number, text?: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'cache-control': 'no-store', ...headers } })

const notKept = {
  'queue-full': ['Busy; beacon not kept.', '5'],
  'not-written': ['Beacon not kept: the store could not write it.', '60'],
  late: ['Beacon not confirmed kept: the store is slow.', '60'],
} as const

export function createBeaconEndpoint(
  recorder: PageViewRecorder,
  env: () => Pick<Environment, 'SITE_URL' | 'TRUST_PROXY'> = getEnvironment,
  log: Logger = consoleLogger,
) {
  const buckets = new LRUCache<string, { tokens: number; at: number }>({ max: 20_000 })

  /** Takes a token of the bucket if it has one: 0, or seconds until it has. */
  function takeFrom(key: string, now: number) {
    const last = buckets.get(key)
    const tokens = last ? Math.min(burst, last.tokens + (now - last.at) * refillPerMs) : burst
    buckets.set(key, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now })
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / refillPerMs / 1000)
  }

  /**
   * Counts a beacon of the client as the contact form counts it: 0, or seconds to wait. Without
   * an address, in the first unknown-address bucket with room (decision 037).
   */
  function take(request: Request & { ip?: string }, trustProxy: string) {
    const trust = parseTrustProxy(trustProxy)
    const forwardedFor = request.headers.get('x-forwarded-for')
    const keys = rateLimitKeys(clientAddressOf({ forwardedFor, socketAddress: request.ip, trust }))
    const now = Date.now()
    return waitUnderKeys(keys, (key) => takeFrom(key, now))
  }

  async function receive(request: Request, host: string): Promise<Response> {
    if (request.method !== 'POST') return answer(405, 'Method not allowed.', { allow: 'POST' })
    const { SITE_URL, TRUST_PROXY } = env()
    // Behind a proxy that rewrites Host, the Origin names the public site.
    const refusal = notCounted(request.headers, [host, URL.parse(SITE_URL)?.host ?? host])
    if (refusal) return answer(403, refusal)
    const waitS = await take(request, TRUST_PROXY)
    if (waitS > 0) return answer(429, 'Too many beacons.', { 'retry-after': String(waitS) })
    // Undefined past the limit, or when the client left (and hears no answer).
    const limited = limitRequestBody(request, beaconMaxBytes)
    const text = await limited.text().catch(() => undefined)
    if (text === undefined)
      return answer(413, `A beacon is at most ${beaconMaxBytes} bytes.`, { connection: 'close' })
    const json = v.safeParse(jsonText, text)
    const beacon = json.success ? rowOf(json.output) : json
    if (!beacon.success)
      return answer(400, `Not a valid beacon: ${v.getDotPath(beacon.issues[0]) ?? '(body)'}.`)
    // The owner hears of it now, whatever becomes of the row.
    if ('error_message' in beacon.row) {
      const { route, error_message: message, error_source: at } = beacon.row
      log.error('browser.error', { route, message, at })
    }
    const outcome = await recorder.keep(beacon.row)
    if (outcome === 'kept') return answer(204)
    const [reason, retryAfter] = notKept[outcome]
    return answer(503, reason, { 'retry-after': retryAfter })
  }

  return {
    handle(request: Request): Promise<Response> | undefined {
      const url = new URL(request.url)
      return url.pathname === beaconPath ? receive(request, url.host) : undefined
    },
  }
}
