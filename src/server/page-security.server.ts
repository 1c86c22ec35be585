import { thirdPartiesOf } from '../features/security/third-parties'
import { getEnvironment } from './env.server'
import { contentSecurityPolicy } from './security-headers.server'

/** Characters in a script nonce. */
export const scriptNonceLength = 24

/**
 * A fresh script nonce: 18 random bytes, base64url. No HTML, JSON or JavaScript escaping changes
 * those characters, so a rendered page holds the nonce verbatim wherever it appears, and a copy of
 * the page can be given a new one by replacing the text (nonce-template.server.ts).
 */
export const createScriptNonce = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url')

/** The Content-Security-Policy of the page at `pathname`, whose scripts carry `nonce`. */
export function pageContentSecurityPolicy(nonce: string, pathname: string) {
  const supabase = getEnvironment().SUPABASE_URL
  return contentSecurityPolicy({
    nonce,
    imageOrigins: supabase ? [new URL(supabase).origin] : [],
    thirdParties: thirdPartiesOf(pathname),
  })
}

/** The policy of the page at `pathname` as a function of the nonce, for pages answered often. */
export function pageContentSecurityPolicyTemplate(pathname: string): (nonce: string) => string {
  const marker = '\0nonce\0'
  const [before = '', after = ''] = pageContentSecurityPolicy(marker, pathname).split(marker)
  return (nonce) => before + nonce + after
}
