/**
 * Who may call the function: the site's server (and the delivery schedule), with a secret key.
 *
 * - `sb_secret_…` in the `apikey` header (what supabase-js sends): checked by @supabase/server
 *   against SUPABASE_SECRET_KEYS, the named keys the platform injects into every function.
 * - The legacy `service_role` key (an HS256 JWT): equal to SUPABASE_SERVICE_ROLE_KEY, which the
 *   platform still injects while legacy keys exist. Legacy keys are being retired: prefer the first.
 * - Any other JWT is checked against the project's JWKS (the spec's 'JWKS is empty', 'No matching
 *   signing key found in JWKS', 'Invalid JWT signature') and must carry role service_role.
 *
 * A publishable key or an anon/user token is refused with 401: visitors reach the function only
 * through the site, so the visitor's address the site forwards can be trusted.
 */
import { verifyCredentials } from '@supabase/server/core'
import { sha256Hex } from '../_shared/contact/hash.ts'
import { JwtVerificationError, type JwtVerifier, jwtErrors } from './jwt.ts'

export type SiteAuthResult =
  | { ok: true; via: 'secret-key' | 'legacy-service-role-key' | 'service-role-jwt' }
  | { ok: false; status: 401 | 500 | 503; error: string }

export type SiteAuth = ReturnType<typeof createSiteAuth>

export const siteAuthErrors = {
  missing: jwtErrors.missing,
  invalidKey: 'Invalid API key',
  notSecret: 'This function accepts only a secret key (sb_secret_… or the service_role key).',
} as const

const bearerOf = (request: Request) =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1]

const looksLikeJwt = (text: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(text)

async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256Hex(a), sha256Hex(b)])
  let difference = 0
  for (let i = 0; i < x.length; i++) difference |= x.charCodeAt(i) ^ y.charCodeAt(i)
  return difference === 0
}

export function createSiteAuth(options: {
  /** Named secret keys (SUPABASE_SECRET_KEYS, or SUPABASE_SECRET_KEY as `default`). */
  secretKeys: Record<string, string>
  /** SUPABASE_SERVICE_ROLE_KEY: the legacy service_role JWT. */
  legacyServiceRoleKey?: string | undefined
  /** Verifies other JWTs against the project's JWKS. */
  jwt?: JwtVerifier | undefined
}) {
  const refuse = (error: string, status: 401 | 500 | 503 = 401): SiteAuthResult => ({
    ok: false,
    status,
    error,
  })

  async function verifyApiKey(apikey: string): Promise<SiteAuthResult> {
    if (!apikey.startsWith('sb_secret_')) return refuse(siteAuthErrors.notSecret)
    if (Object.keys(options.secretKeys).length === 0) {
      return refuse('The function has no secret keys to check against.', 500)
    }
    const { error } = await verifyCredentials(
      { token: null, apikey },
      {
        auth: 'secret:*',
        env: { url: 'http://localhost', secretKeys: options.secretKeys, publishableKeys: {} },
      },
    )
    return error ? refuse(siteAuthErrors.invalidKey) : { ok: true, via: 'secret-key' }
  }

  async function verifyJwt(token: string): Promise<SiteAuthResult> {
    const legacy = options.legacyServiceRoleKey
    if (legacy && (await sameSecret(token, legacy))) {
      return { ok: true, via: 'legacy-service-role-key' }
    }
    if (!options.jwt) return refuse(siteAuthErrors.notSecret)
    try {
      const claims = await options.jwt.verify(`Bearer ${token}`)
      return claims.role === 'service_role'
        ? { ok: true, via: 'service-role-jwt' }
        : refuse(siteAuthErrors.notSecret)
    } catch (error) {
      if (error instanceof JwtVerificationError) return refuse(error.message, error.status)
      throw error
    }
  }

  return {
    async verify(request: Request): Promise<SiteAuthResult> {
      const apikey = request.headers.get('apikey')?.trim() || undefined
      const bearer = bearerOf(request)
      // supabase-js sends a secret key as apikey (and as Bearer); a legacy key as both too.
      const key = [apikey, bearer].find((value) => value?.startsWith('sb_'))
      if (key) return verifyApiKey(key)
      const token = [bearer, apikey].find((value) => value && looksLikeJwt(value))
      if (token) return verifyJwt(token)
      return refuse(apikey || bearer ? siteAuthErrors.invalidKey : siteAuthErrors.missing)
    },
  }
}

/** SUPABASE_SECRET_KEYS (a JSON object of named keys) or SUPABASE_SECRET_KEY (one key). */
export function secretKeysFrom(env: (name: string) => string | undefined): Record<string, string> {
  const many = env('SUPABASE_SECRET_KEYS')?.trim()
  if (many) {
    try {
      const parsed: unknown = JSON.parse(many)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(
          Object.entries(parsed).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
          ),
        )
      }
    } catch {}
    return {}
  }
  const one = env('SUPABASE_SECRET_KEY')?.trim()
  return one ? { default: one } : {}
}
