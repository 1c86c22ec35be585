import { thirdPartiesOf } from '../features/site/page-third-parties'
import { getEnvironment } from './env.server'
import { contentSecurityPolicy } from './security-headers'

/** A fresh script nonce: 18 random bytes, base64 (never contains a placeholder's text). */
export const createScriptNonce = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64')

/** The Content-Security-Policy of the page at `pathname`, whose scripts carry `nonce`. */
export function pageContentSecurityPolicy(nonce: string, pathname: string) {
  const supabase = getEnvironment().SUPABASE_URL
  return contentSecurityPolicy({
    nonce,
    imageOrigins: supabase ? [new URL(supabase).origin] : [],
    thirdParties: thirdPartiesOf(pathname),
  })
}
