// Pages' script policy: a fresh nonce where a page is rendered for one answer, its inline scripts'
// hashes where it is kept as finished bytes (docs/decisions/028).
import { createHash, randomBytes } from 'node:crypto'
import { type ThirdParty, thirdPartiesOf } from '../features/security/third-parties'
import { accepts } from './compress-response.server'
import { getEnvironment } from './env.server'

export const createScriptNonce = () => randomBytes(18).toString('base64url')

const thirdPartyOrigins = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  /** The service-area and contact maps load Google's embed, only when a visitor asks for it. */
  mapFrame: ['https://www.google.com', 'https://maps.google.com'],
} as const satisfies Record<ThirdParty, readonly string[]>

// The third parties the page embeds and no others. Hashes go with 'self': 'strict-dynamic' would
// refuse Start's parser-inserted `<script type="module" src>`, which no hash names.
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
    // The contact form's no-script fallback hands the message to the visitor's email app.
    'form-action': ["'self'", 'mailto:'],
    'frame-ancestors': ["'none'"],
  })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** SHA-256 sources of the inline scripts carrying the render's `nonce` (an injected one has none). */
function inlineScriptHashes(html: string, nonce: string): string[] {
  const rendered = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes = '']) =>
      // Data blocks (JSON-LD) never run and need none.
      attributes.includes(` nonce="${nonce}"`) && !/\bsrc=|\btype="(?!module")/.test(attributes),
  )
  // The browser hashes the text after HTML's newline normalisation.
  const hash = (text = '') =>
    createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')
  return [...new Set(rendered.map(([, , body]) => `'sha256-${hash(body)}'`))]
}

/** A page kept as finished bytes (prerendered, or a kept copy of a render), compressed once. */
export type FinishedPage = { headers: Record<string, string>; plain: Bytes; gzip: Bytes }
type Bytes = Buffer<ArrayBuffer>

/** A page rendered with `nonce`, as finished bytes: its headers but its one answer's, under a policy by hash. */
export function finishedPage(
  page: Omit<FinishedPage, 'headers'>,
  nonce: string,
  pathname: string,
  headers: HeadersInit,
): FinishedPage {
  const kept = Object.fromEntries(new Headers(headers))
  for (const name of ['content-length', 'content-encoding', 'date']) delete kept[name]
  const hashes = inlineScriptHashes(page.plain.toString(), nonce)
  kept['content-security-policy'] = pageContentSecurityPolicy(hashes, pathname)
  return { ...page, headers: kept }
}

/** Gzip to a client that takes it; plain otherwise, for compressResponse to encode or not. */
export function answerFinished(request: Request, page: FinishedPage, extra = {}): Response {
  const gzip = accepts(request, 'gzip')
  const body = gzip ? page.gzip : page.plain
  const encoding = gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : undefined
  const headers = { ...page.headers, ...extra, ...encoding, 'content-length': `${body.length}` }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}
