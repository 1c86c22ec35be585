/**
 * Verifies the caller's JWT (Authorization: Bearer) against the project's JSON Web Key Set,
 * with the spec's error texts. Runtime-neutral (jose on WebCrypto): the edge function and vitest
 * both run it.
 *
 * Key set cache: the JWKS is fetched once and kept for 10 minutes (Supabase publishes a new
 * signing key well before it is used and keeps revoked ones listed for a while, so minutes of
 * staleness are safe). A token signed by a kid the cached set does not know triggers one early
 * re-fetch (at most every 30 s), so a key rotation is picked up without waiting for the expiry,
 * and a flood of tokens with made-up kids cannot turn into a flood of JWKS requests.
 */
import { createLocalJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose'

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

export interface JwtVerifierOptions {
  jwksUrl: string
  /** How long a fetched key set is trusted (default 10 minutes). */
  cacheTtlMs?: number
  /** Minimum time between two fetches triggered by an unknown kid (default 30 s). */
  refetchCooldownMs?: number
  /** Time-out of the JWKS request (default 5 s). */
  timeoutMs?: number
  /** Checked when given (Supabase Auth issues `<SUPABASE_URL>/auth/v1`). */
  issuer?: string | undefined
  audience?: string | undefined
  fetch?: typeof fetch
  now?: () => number
}

export interface JwtVerifier {
  verify(authorization: string | null | undefined): Promise<JWTPayload>
}

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

const joseCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

export function createJwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const cacheTtlMs = options.cacheTtlMs ?? 10 * 60_000
  const refetchCooldownMs = options.refetchCooldownMs ?? 30_000
  const timeoutMs = options.timeoutMs ?? 5_000
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? Date.now

  let cached: { keys: JSONWebKeySet; fetchedAt: number } | undefined
  let inflight: Promise<JSONWebKeySet> | undefined

  async function fetchKeySet(): Promise<JSONWebKeySet> {
    let body: unknown
    try {
      const response = await doFetch(options.jwksUrl, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        await response.body?.cancel()
        throw new Error(`HTTP ${response.status}`)
      }
      body = await response.json()
    } catch (error) {
      throw new JwtVerificationError(
        `${jwtErrors.unavailable}: ${error instanceof Error ? error.message : String(error)}`,
        503,
      )
    }
    const keys = (body as { keys?: unknown } | null)?.keys
    if (!Array.isArray(keys)) {
      throw new JwtVerificationError(`${jwtErrors.unavailable}: no "keys" array`, 503)
    }
    const keySet = { keys } as JSONWebKeySet
    cached = { keys: keySet, fetchedAt: now() }
    return keySet
  }

  function loadKeySet(): Promise<JSONWebKeySet> {
    inflight ??= fetchKeySet().finally(() => {
      inflight = undefined
    })
    return inflight
  }

  async function keySet(): Promise<JSONWebKeySet> {
    if (cached && now() - cached.fetchedAt < cacheTtlMs) return cached.keys
    return loadKeySet()
  }

  async function verifyWith(keys: JSONWebKeySet, token: string): Promise<JWTPayload> {
    if (keys.keys.length === 0) throw new JwtVerificationError(jwtErrors.emptyKeySet)
    try {
      const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
        algorithms,
        issuer: options.issuer,
        audience: options.audience,
      })
      return payload
    } catch (error) {
      switch (joseCode(error)) {
        case 'ERR_JWKS_NO_MATCHING_KEY':
          throw new JwtVerificationError(jwtErrors.noMatchingKey)
        case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
          throw new JwtVerificationError(jwtErrors.badSignature)
        case 'ERR_JWT_EXPIRED':
          throw new JwtVerificationError(jwtErrors.expired)
        default:
          throw new JwtVerificationError(jwtErrors.invalid)
      }
    }
  }

  return {
    async verify(authorization) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
      const token = match?.[1]
      if (!token) throw new JwtVerificationError(jwtErrors.missing)

      const keys = await keySet()
      try {
        return await verifyWith(keys, token)
      } catch (error) {
        const unknownKey =
          error instanceof JwtVerificationError &&
          (error.message === jwtErrors.noMatchingKey || error.message === jwtErrors.emptyKeySet)
        const mayRefetch = cached !== undefined && now() - cached.fetchedAt >= refetchCooldownMs
        if (!unknownKey || !mayRefetch) throw error
        return verifyWith(await loadKeySet(), token)
      }
    },
  }
}
