import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createJwtVerifier, jwksUrlFrom, jwtErrors } from './jwt.ts'

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>

let signing: KeyPair
let impostor: KeyPair
let publicJwk: JWK
let jwks: { keys: JWK[] } = { keys: [] }
let jwksRequests = 0
let server: Server
let jwksUrl: string

beforeAll(async () => {
  signing = await generateKeyPair('ES256')
  impostor = await generateKeyPair('ES256')
  publicJwk = { ...(await exportJWK(signing.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }
  server = createServer((_req, res) => {
    jwksRequests++
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(jwks))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1/.well-known/jwks.json`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  jwks = { keys: [publicJwk] }
  jwksRequests = 0
})

const sign = (
  key: KeyPair['privateKey'] = signing.privateKey,
  kid = 'key-1',
  claims: JWTPayload = { role: 'anon' },
  expiresIn: string | number = '5m',
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key)

const bearer = async (...args: Parameters<typeof sign>) => `Bearer ${await sign(...args)}`

describe('createJwtVerifier', () => {
  it('accepts a token signed by a key in the JWKS', async () => {
    const verifier = createJwtVerifier({ jwksUrl })
    await expect(verifier.verify(await bearer())).resolves.toMatchObject({ role: 'anon' })
  })

  it("says 'JWKS is empty' for an empty key set", async () => {
    jwks = { keys: [] }
    const verifier = createJwtVerifier({ jwksUrl })
    await expect(verifier.verify(await bearer())).rejects.toMatchObject({
      message: 'JWKS is empty',
      status: 401,
    })
  })

  it("says 'No matching signing key found in JWKS' for an unknown kid", async () => {
    const verifier = createJwtVerifier({ jwksUrl })
    await expect(verifier.verify(await bearer(signing.privateKey, 'key-2'))).rejects.toThrow(
      'No matching signing key found in JWKS',
    )
  })

  it("says 'Invalid JWT signature' for a token signed by another key under a known kid", async () => {
    const verifier = createJwtVerifier({ jwksUrl })
    await expect(verifier.verify(await bearer(impostor.privateKey))).rejects.toThrow(
      'Invalid JWT signature',
    )
    // A tampered payload is a bad signature too.
    const [header, , signature] = (await sign()).split('.')
    const forged = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')
    await expect(verifier.verify(`Bearer ${header}.${forged}.${signature}`)).rejects.toThrow(
      'Invalid JWT signature',
    )
  })

  it('refuses a missing header, garbage, an expired token and an unsigned one', async () => {
    const verifier = createJwtVerifier({ jwksUrl })
    await expect(verifier.verify(null)).rejects.toThrow(jwtErrors.missing)
    await expect(verifier.verify('Basic abc')).rejects.toThrow(jwtErrors.missing)
    await expect(verifier.verify('Bearer not-a-jwt')).rejects.toThrow(jwtErrors.invalid)
    const past = Math.floor(Date.now() / 1000) - 60
    await expect(
      verifier.verify(await bearer(signing.privateKey, 'key-1', { role: 'anon' }, past)),
    ).rejects.toThrow(jwtErrors.expired)
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-1' })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`
    await expect(verifier.verify(`Bearer ${unsigned}`)).rejects.toThrow(jwtErrors.invalid)
  })

  it('answers 503 when the key set cannot be fetched', async () => {
    const verifier = createJwtVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json', timeoutMs: 500 })
    await expect(verifier.verify(await bearer())).rejects.toMatchObject({ status: 503 })
  })

  it('caches the key set, and re-fetches early (once per cool-down) for an unknown kid', async () => {
    // jose reads the clock through Date: only Date is faked, the sockets run on real time.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const verifier = createJwtVerifier({ jwksUrl })
      await verifier.verify(await bearer())
      await verifier.verify(await bearer())
      expect(jwksRequests).toBe(1)

      // A new key is published; within the cool-down the cached set is used as it is.
      const next = await generateKeyPair('ES256')
      jwks = {
        keys: [publicJwk, { ...(await exportJWK(next.publicKey)), kid: 'key-2', alg: 'ES256' }],
      }
      await expect(verifier.verify(await bearer(next.privateKey, 'key-2'))).rejects.toThrow(
        jwtErrors.noMatchingKey,
      )
      expect(jwksRequests).toBe(1)
      vi.advanceTimersByTime(31_000)
      await expect(verifier.verify(await bearer(next.privateKey, 'key-2'))).resolves.toBeDefined()
      expect(jwksRequests).toBe(2)

      // After the cache time-out the set is fetched again.
      vi.advanceTimersByTime(10 * 60_000)
      await verifier.verify(await bearer())
      expect(jwksRequests).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('builds the JWKS URL from SUPABASE_URL unless JWKS_URL is given', () => {
    expect(jwksUrlFrom({ SUPABASE_URL: 'https://abc.supabase.co/' })).toBe(
      'https://abc.supabase.co/auth/v1/.well-known/jwks.json',
    )
    expect(jwksUrlFrom({ JWKS_URL: 'http://x/jwks', SUPABASE_URL: 'https://a' })).toBe(
      'http://x/jwks',
    )
    expect(() => jwksUrlFrom({})).toThrow()
  })
})
