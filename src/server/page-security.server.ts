import { createHash, randomBytes } from 'node:crypto'
import { type ThirdParty, thirdPartiesOf } from '../features/security/third-parties'
import { acceptsGzip } from './compress-response.server'
import { getEnvironment } from './env.server'

/** A fresh script nonce for one answer: 18 random bytes, base64url. */
export const createScriptNonce = () => randomBytes(18).toString('base64url')

const thirdPartyOrigins = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  /** The service-area and contact maps load Google's embed, only when a visitor asks for it. */
  mapFrame: ['https://www.google.com', 'https://maps.google.com'],
} as const satisfies Record<ThirdParty, readonly string[]>

/**
 * The policy of the page at `pathname`, allowing the third parties it embeds and no others. Its
 * scripts are allowed by the nonce of the one answer it was rendered for or, in finished bytes, by
 * their hashes with 'self' for our module files: 'strict-dynamic' would refuse Start's
 * parser-inserted `<script type="module" src>`, which no hash names (docs/decisions/028).
 */
export function pageContentSecurityPolicy(scripts: string | readonly string[], pathname: string) {
  const supabase = getEnvironment().SUPABASE_URL
  const embeds = thirdPartiesOf(pathname)
  const hcaptcha = embeds.includes('hcaptcha') ? thirdPartyOrigins.hcaptcha : []
  const frames = [...hcaptcha, ...(embeds.includes('mapFrame') ? thirdPartyOrigins.mapFrame : [])]
  const scriptSources =
    typeof scripts === 'string'
      ? [`'nonce-${scripts}'`, "'strict-dynamic'", "'self'"]
      : ["'self'", ...scripts]
  return Object.entries({
    'default-src': ["'self'"],
    'script-src': [...scriptSources, ...hcaptcha],
    'style-src': ["'self'", "'unsafe-inline'", ...hcaptcha],
    'img-src': ["'self'", 'data:', 'blob:', ...(supabase ? [new URL(supabase).origin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...hcaptcha],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/**
 * The SHA-256 sources of the inline scripts the page was rendered with: those carrying its `nonce`,
 * so a script injected into the page gets none. Data blocks (JSON-LD) never run and need none.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const rendered = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes = '']) =>
      attributes.includes(` nonce="${nonce}"`) && !/\bsrc=|\btype="(?!module")/.test(attributes),
  )
  // The browser hashes the text after HTML's newline normalisation.
  const hash = (text = '') =>
    createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')
  return [...new Set(rendered.map(([, , body]) => `'sha256-${hash(body)}'`))]
}

/**
 * A page kept as finished bytes (prerendered, or a kept copy of a render): the same in every answer,
 * so its policy lists its inline scripts' hashes instead of a nonce, and it is compressed once.
 */
export type FinishedPage = { headers: Record<string, string>; plain: Bytes; gzip: Bytes }
type Bytes = Buffer<ArrayBuffer>

/** A rendered page's headers, but those of its one answer, under its hash-based policy. */
export function finishedHeaders(
  html: string,
  nonce: string,
  pathname: string,
  headers: HeadersInit,
) {
  const kept = Object.fromEntries(new Headers(headers))
  for (const name of ['content-length', 'content-encoding', 'date']) delete kept[name]
  const policy = pageContentSecurityPolicy(inlineScriptHashes(html, nonce), pathname)
  return { ...kept, 'content-security-policy': policy }
}

/** Gzip to a client that takes it; plain otherwise, for compressResponse to encode or not. */
export function answerFinished(request: Request, page: FinishedPage, extra = {}): Response {
  const gzip = acceptsGzip(request)
  const body = gzip ? page.gzip : page.plain
  const encoding = gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : undefined
  const headers = { ...page.headers, ...extra, ...encoding, 'content-length': `${body.length}` }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}
