import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createEdgeApp, maxBodyBytes } from './app.ts'
import { createEdgeAppFromEnv } from './edge.ts'
import type { ContactHandler } from './handler.ts'
import { createJwtVerifier, jwksUrlFrom, jwtErrors } from './jwt.ts'
import { createMemoryLogger } from './log.ts'

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
    let now = 0
    const verifier = createJwtVerifier({ jwksUrl, now: () => now })
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
    now += 31_000
    await expect(verifier.verify(await bearer(next.privateKey, 'key-2'))).resolves.toBeDefined()
    expect(jwksRequests).toBe(2)

    // After the cache time-out the set is fetched again.
    now += 10 * 60_000
    await verifier.verify(await bearer())
    expect(jwksRequests).toBe(3)
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

describe('createEdgeApp', () => {
  const calls: { body: unknown; remoteIp: string | undefined }[] = []
  const handler: ContactHandler = {
    async handle(body, meta) {
      calls.push({ body, remoteIp: meta?.remoteIp })
      return { status: 200, body: { ok: true } }
    },
  }
  const app = () =>
    createEdgeApp({ jwt: createJwtVerifier({ jwksUrl }), handler, log: createMemoryLogger() })
  const post = async (init: RequestInit & { headers?: Record<string, string> }) =>
    app()(new Request('http://edge/functions/v1/send-contact-message', { method: 'POST', ...init }))

  beforeEach(() => {
    calls.length = 0
  })

  it('answers the CORS preflight', async () => {
    const response = await app()(new Request('http://edge/', { method: 'OPTIONS' }))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('refuses other methods', async () => {
    const response = await app()(new Request('http://edge/', { method: 'GET' }))
    expect(response.status).toBe(405)
  })

  it.each([
    ['no token', async () => ({}), jwtErrors.missing],
    [
      'an unknown kid',
      async () => ({ authorization: await bearer(signing.privateKey, 'kx') }),
      jwtErrors.noMatchingKey,
    ],
    [
      'a bad signature',
      async () => ({ authorization: await bearer(impostor.privateKey) }),
      jwtErrors.badSignature,
    ],
  ])('answers 401 { error } for %s, without running the handler', async (_, headers, error) => {
    const response = await post({ headers: await headers(), body: '{}' })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(calls).toHaveLength(0)
  })

  it('runs the handler with the body and the forwarded visitor address', async () => {
    const response = await post({
      headers: {
        authorization: await bearer(),
        'content-type': 'application/json',
        'x-visitor-ip': '203.0.113.7',
      },
      body: JSON.stringify({ name: 'Zoë' }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(calls).toEqual([{ body: { name: 'Zoë' }, remoteIp: '203.0.113.7' }])
  })

  it('refuses a body that is not JSON or too large', async () => {
    const authorization = await bearer()
    expect((await post({ headers: { authorization }, body: '{oops' })).status).toBe(400)
    const big = JSON.stringify({ message: 'x'.repeat(maxBodyBytes) })
    expect((await post({ headers: { authorization }, body: big })).status).toBe(413)
    expect(calls).toHaveLength(0)
  })
})

describe('createEdgeAppFromEnv', () => {
  it('answers 500 and names the missing variables instead of crashing', async () => {
    const log = createMemoryLogger()
    const app = createEdgeAppFromEnv(() => undefined, { log })
    const response = await app.fetch(new Request('http://edge/', { method: 'POST', body: '{}' }))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'The contact service is not configured.' })
    expect(log.entries[0]).toMatchObject({ event: 'edge.misconfigured', level: 'error' })
    expect(String(log.entries[0]?.fields.problems)).toMatch(
      /SUPABASE_DB_URL .*HCAPTCHA_SECRET .*SUPABASE_URL or JWKS_URL/,
    )
    await app.close()
  })
})
