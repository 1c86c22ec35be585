import { acceptsGzip } from './compress-response.server'
import { inlineScriptHashes, pageContentSecurityPolicy } from './page-security.server'

/**
 * A page kept as finished bytes (prerendered, or a kept copy of a render): the same in every
 * answer, so its policy allows its inline scripts by hash rather than by a per-answer nonce, and
 * it is compressed once and sent as it is.
 */
export type FinishedPage = {
  headers: Record<string, string>
  plain: Buffer<ArrayBuffer>
  gzip: Buffer<ArrayBuffer>
}

/** The rendered page's headers (those of no one answer dropped) under its hash-based policy. */
export function finishedHeaders(
  html: string,
  nonce: string,
  pathname: string,
  headers: Headers | Record<string, string>,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of new Headers(headers)) {
    if (!['content-security-policy', 'content-length', 'content-encoding', 'date'].includes(name)) {
      kept[name] = value
    }
  }
  kept['content-security-policy'] = pageContentSecurityPolicy(
    inlineScriptHashes(html, nonce),
    pathname,
  )
  return kept
}

/** Gzip to a client that takes it; plain otherwise, for compressResponse to encode or not. */
export function answerFinished(
  request: Request,
  page: FinishedPage,
  extraHeaders: Record<string, string> = {},
): Response {
  const gzip = acceptsGzip(request)
  const body = gzip ? page.gzip : page.plain
  const headers: Record<string, string> = {
    ...page.headers,
    ...extraHeaders,
    'content-length': String(body.length),
  }
  if (gzip) {
    headers['content-encoding'] = 'gzip'
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}
