/**
 * The edge function as a fetch handler (Request -> Response), runtime-neutral so vitest and Deno
 * test it alike. Callers authenticate with a secret key (site-auth.ts); then
 * - POST .../send-contact-message              a visitor's message -> the contact core
 * - POST .../send-contact-message/deliver-due  one pass of the delivery schedule: its summary,
 *   or with `Prefer: respond-async` (pg_cron's call) 202 at once and the pass in the background
 * - POST .../send-contact-message/self-check   the contact path's self-check (200 with the report)
 */
import type { ContactCore } from '../_shared/contact/contact-core.ts'
import type { ContactSelfCheckReport } from '../_shared/contact/contact-self-check.ts'
import {
  captchaCheckHeader,
  deliverDuePath,
  selfCheckPath,
  visitorIpHeader,
} from '../_shared/contact/contact-wire.ts'
import { asIpAddress } from '../_shared/contact/rate-limit-key.ts'
import { describeError, type Logger } from '../_shared/log.ts'
import type { SiteAuth } from './site-auth.ts'

export interface EdgeAppDeps {
  auth: SiteAuth
  core: Pick<ContactCore, 'receive' | 'deliverDue'>
  log: Logger
  /**
   * EdgeRuntime.waitUntil: keeps the worker alive for work after the answer. Without it
   * `Prefer: respond-async` is not applied and the pass runs before the answer.
   */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined
  selfCheck: () => Promise<ContactSelfCheckReport>
}

/** Bodies above this are refused before parsing (the largest valid message is about 15 kB). */
export const maxBodyBytes = 64 * 1024

/** How many due notifications one deliver-due call sends at most. */
export const deliveriesPerCall = 20

/** RFC 7240: the caller would rather have 202 at once than wait for the result. */
const prefersRespondAsync = (request: Request) =>
  /(^|[\s,])respond-async\s*(,|;|$)/i.test(request.headers.get('prefer') ?? '')

export function createEdgeApp(deps: EdgeAppDeps): (request: Request) => Promise<Response> {
  const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
    })

  async function readMessage(request: Request): Promise<{ body: unknown } | Response> {
    const declared = Number(request.headers.get('content-length') ?? '0')
    if (declared > maxBodyBytes) return json(413, { error: 'Message too large' })
    try {
      const text = await request.text()
      if (new TextEncoder().encode(text).byteLength > maxBodyBytes) {
        return json(413, { error: 'Message too large' })
      }
      return { body: JSON.parse(text) }
    } catch {
      return json(400, { error: 'The request body must be JSON.' })
    }
  }

  return async (request) => {
    if (request.method !== 'POST') {
      return json(405, { error: 'Method not allowed' }, { allow: 'POST' })
    }
    let auth: Awaited<ReturnType<SiteAuth['verify']>>
    try {
      auth = await deps.auth.verify(request)
    } catch (error) {
      deps.log.error('edge.auth_error', { error: describeError(error) })
      return json(500, { error: 'Internal error' })
    }
    if (!auth.ok) {
      deps.log.warn('edge.unauthorized', { status: auth.status, reason: auth.error })
      return json(auth.status, { error: auth.error })
    }

    try {
      const path = new URL(request.url).pathname.replace(/\/+$/, '')
      if (path.endsWith(`/${deliverDuePath}`)) {
        await request.body?.cancel()
        const pass = deps.core.deliverDue(deliveriesPerCall)
        if (deps.waitUntil && prefersRespondAsync(request)) {
          // The pass keeps within the function's limit by its own budget; the caller (pg_net,
          // 5 s by default) holds no connection through it.
          deps.waitUntil(
            pass.then(
              (summary) => deps.log.info('delivery.pass', { ...summary, background: true }),
              (error) => deps.log.error('delivery.pass_failed', { error: describeError(error) }),
            ),
          )
          return json(202, { accepted: true }, { 'preference-applied': 'respond-async' })
        }
        return json(200, await pass)
      }
      if (path.endsWith(`/${selfCheckPath}`)) {
        await request.body?.cancel()
        return json(200, await deps.selfCheck())
      }
      const read = await readMessage(request)
      if (read instanceof Response) return read
      const visitorIp = asIpAddress(request.headers.get(visitorIpHeader))
      const headers: Record<string, string> = {}
      const answer = await deps.core.receive(read.body, {
        visitorIp,
        captchaChecked: (outcome) => {
          headers[captchaCheckHeader] = outcome
        },
      })
      if (answer.retryAfterS) headers['retry-after'] = String(answer.retryAfterS)
      return json(answer.status, answer.body, headers)
    } catch (error) {
      deps.log.error('edge.handler_error', { error: describeError(error) })
      return json(500, { error: 'Internal error' })
    }
  }
}
