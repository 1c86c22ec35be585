/**
 * Verifies the caller's JWT (Authorization: Bearer) against the project's JSON Web Key Set with
 * jose's remote key set, and says why a token is refused in the texts callers are told.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'

export const jwtErrors = {
  missing: 'Missing authorization header',
  emptyKeySet: 'JWKS is empty',
  noMatchingKey: 'No matching signing key found in JWKS',
  badSignature: 'Invalid JWT signature',
  expired: 'JWT has expired',
  invalid: 'Invalid JWT',
  unavailable: 'Could not load the JWKS',
} as const

export class JwtVerificationError extends Error {
  override name = 'JwtVerificationError'
  /** 401 for a bad token, 503 when the key set could not be fetched. */
  readonly status: 401 | 503
  constructor(message: string, status: 401 | 503 = 401) {
    super(message)
    this.status = status
  }
}

export type JwtVerifier = ReturnType<typeof createJwtVerifier>

/** Asymmetric algorithms only: a public key set can never vouch for an HMAC token. */
const algorithms = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA']

/** JWKS_URL when set, else the project's `<SUPABASE_URL>/auth/v1/.well-known/jwks.json`. */
export function jwksUrlFrom(env: {
  JWKS_URL?: string | undefined
  SUPABASE_URL?: string | undefined
}) {
  if (env.JWKS_URL) return env.JWKS_URL
  if (!env.SUPABASE_URL) throw new Error('Set SUPABASE_URL or JWKS_URL to verify callers')
  return `${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1/.well-known/jwks.json`
}

/** What jose says about the token itself; any other failure is the key set's fetch. */
const tokenErrors: Record<string, string> = {
  ERR_JWKS_NO_MATCHING_KEY: jwtErrors.noMatchingKey,
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: jwtErrors.badSignature,
  ERR_JWT_EXPIRED: jwtErrors.expired,
  ERR_JWS_INVALID: jwtErrors.invalid,
  ERR_JWT_INVALID: jwtErrors.invalid,
  ERR_JWT_CLAIM_VALIDATION_FAILED: jwtErrors.invalid,
  ERR_JOSE_ALG_NOT_ALLOWED: jwtErrors.invalid,
  ERR_JOSE_NOT_SUPPORTED: jwtErrors.invalid,
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: jwtErrors.invalid,
}

/**
 * The key set is kept 10 minutes; a token with a kid it does not know fetches it again at most
 * every 30 s (jose's defaults), so a rotation is picked up early and made-up kids cannot flood it.
 */
export function createJwtVerifier(options: {
  jwksUrl: string
  /** Time-out of the JWKS request (default 5 s). */
  timeoutMs?: number
}) {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: options.timeoutMs ?? 5_000,
  })
  return {
    async verify(authorization: string | null | undefined): Promise<JWTPayload> {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
      if (!token) throw new JwtVerificationError(jwtErrors.missing)
      try {
        return (await jwtVerify(token, keySet, { algorithms })).payload
      } catch (error) {
        const code = (error as { code?: unknown }).code
        const reason = typeof code === 'string' ? tokenErrors[code] : undefined
        if (reason === undefined) {
          throw new JwtVerificationError(`${jwtErrors.unavailable}: ${String(error)}`, 503)
        }
        const empty = reason === jwtErrors.noMatchingKey && keySet.jwks()?.keys.length === 0
        throw new JwtVerificationError(empty ? jwtErrors.emptyKeySet : reason)
      }
    },
  }
}
