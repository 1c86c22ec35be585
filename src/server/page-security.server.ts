import { createHash, randomBytes } from 'node:crypto'
import { thirdPartiesOf } from '../features/security/third-parties'
import { getEnvironment } from './env.server'
import { contentSecurityPolicy } from './security-headers.server'

/** A fresh script nonce for one answer: 18 random bytes, base64url. */
export const createScriptNonce = () => randomBytes(18).toString('base64url')

/**
 * The Content-Security-Policy of the page at `pathname`: its scripts allowed by the answer's
 * nonce, or (a page kept as finished bytes) by the hashes of its inline scripts.
 */
export function pageContentSecurityPolicy(scripts: string | readonly string[], pathname: string) {
  const supabase = getEnvironment().SUPABASE_URL
  return contentSecurityPolicy({
    scripts: typeof scripts === 'string' ? { nonce: scripts } : { hashes: scripts },
    imageOrigins: supabase ? [new URL(supabase).origin] : [],
    thirdParties: thirdPartiesOf(pathname),
  })
}

/**
 * The SHA-256 sources of the inline scripts the page was rendered with: those that carry its
 * `nonce`, so a script injected into the page (without it) gets no hash. Data blocks
 * (`type="application/ld+json"`) never run and need none.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (
      !attributes.includes(` nonce="${nonce}"`) ||
      /\bsrc=|\btype="(?!module")/.test(attributes)
    ) {
      continue
    }
    // The browser hashes the script's text after HTML's newline normalisation.
    const text = body.replace(/\r\n?/g, '\n')
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
  }
  return [...hashes]
}
