/**
 * The edge function as a fetch handler (Request -> Response), runtime-neutral so vitest and Deno
 * test it alike: CORS preflight, the caller's JWT, then the contact handler.
 */
import type { ContactHandler } from './handler.ts'
import type { JwtVerifier } from './jwt.ts'
import { JwtVerificationError } from './jwt.ts'
import { describeError, type Logger } from './log.ts'

export interface EdgeAppDeps {
  jwt: JwtVerifier
  handler: ContactHandler
  log: Logger
  /** Access-Control-Allow-Origin (default '*': the caller authenticates with a JWT, not cookies). */
  allowOrigin?: string
}

/** Bodies above this are refused before parsing (the largest valid message is about 15 kB). */
export const maxBodyBytes = 64 * 1024

/**
 * The visitor's address, as forwarded by the site's server (the direct caller is the server,
 * not the visitor). Used only as hCaptcha's optional `remoteip` and stored with the message.
 */
export const visitorIpHeader = 'x-visitor-ip'

const ipLike = /^[0-9a-fA-F:.]{2,45}$/

export function createEdgeApp(deps: EdgeAppDeps): (request: Request) => Promise<Response> {
  const cors = {
    'access-control-allow-origin': deps.allowOrigin ?? '*',
    'access-control-allow-headers': `authorization, x-client-info, apikey, content-type, ${visitorIpHeader}`,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-max-age': '86400',
  }
  const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { ...cors, 'content-type': 'application/json; charset=utf-8', ...extra },
    })

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    if (request.method !== 'POST') {
      return json(405, { error: 'Method not allowed' }, { allow: 'POST, OPTIONS' })
    }

    try {
      await deps.jwt.verify(request.headers.get('authorization'))
    } catch (error) {
      if (error instanceof JwtVerificationError) {
        deps.log.warn('edge.unauthorized', { status: error.status, reason: error.message })
        return json(error.status, { error: error.message })
      }
      deps.log.error('edge.jwt_error', { error: describeError(error) })
      return json(500, { error: 'Internal error' })
    }

    const declared = Number(request.headers.get('content-length') ?? '0')
    if (declared > maxBodyBytes) return json(413, { error: 'Message too large' })
    let body: unknown
    try {
      const text = await request.text()
      if (new TextEncoder().encode(text).byteLength > maxBodyBytes) {
        return json(413, { error: 'Message too large' })
      }
      body = JSON.parse(text)
    } catch {
      return json(400, { error: 'The request body must be JSON.' })
    }

    const forwarded =
      request.headers.get(visitorIpHeader)?.trim() ||
      request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    const remoteIp = forwarded && ipLike.test(forwarded) ? forwarded : undefined

    try {
      const answer = await deps.handler.handle(body, { remoteIp })
      return json(answer.status, answer.body)
    } catch (error) {
      deps.log.error('edge.handler_error', { error: describeError(error) })
      return json(500, { error: 'Internal error' })
    }
  }
}
