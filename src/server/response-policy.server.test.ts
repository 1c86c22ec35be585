import { describe, expect, it } from 'vitest'
import { staticSecurityHeaders } from '#src/lib/http/security-headers.ts'
import { pageCacheControl } from '../lib/seo/cache-control'
import { parseTrustProxy } from './client-ip.server.ts'
import { applyResponsePolicy, cacheControlFor } from './response-policy.server'

// Read right before the policy reads the clock: what is left of the list's freshness, to the ms.
const fresh = { galleryFreshUntil: () => Date.now() + 120_500 }
const none = { galleryFreshUntil: () => undefined }

const response = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 304 || status === 204 ? null : 'x', { status, headers })
const html = { 'content-type': 'text/html; charset=utf-8' }

describe('cacheControlFor', () => {
  it('never lets a shared cache keep an error, a missing file or a server-function answer', () => {
    const cases: [string, Response][] = [
      [
        '/assets/gone-Ab12.js',
        response(404, { ...html, 'cache-control': 'public, max-age=31536000, immutable' }),
      ],
      ['/images/site/gone.avif', response(404, { 'cache-control': 'public, max-age=604800' })],
      ['/storage/v1/object/public/gallery/kitchen/gone.webp', response(404)],
      ['/%E0%A4%A', response(400, { 'content-type': 'application/json' })],
      ['/_serverFn/abc', response(403)],
      ['/_serverFn/abc', response(405)],
      ['/_serverFn/abc', response(200, { 'content-type': 'application/json' })],
      ['/faq', response(405, html)],
      ['/_serverFn/abc', response(429, { 'retry-after': '60' })],
      ['/gallery', response(500, html)],
      ['/readyz', response(503)],
    ]
    for (const [path, answer] of cases) {
      expect(cacheControlFor(path, answer, fresh), `${answer.status} ${path}`).toBe('no-store')
    }
  })

  it('keeps a missing page a minute, never stale', () => {
    expect(cacheControlFor('/no-such-page', response(404, html), fresh)).toBe(
      pageCacheControl.notFound,
    )
    expect(
      cacheControlFor(
        '/kitchen-remodelling',
        response(404, { ...html, 'cache-control': pageCacheControl.galleryData }),
        fresh,
      ),
    ).toBe(pageCacheControl.notFound)
  })

  it('gives a redirect without a policy the redirect policy, and leaves one that has its own', () => {
    expect(cacheControlFor('/faq/', response(307, { location: '/faq' }), fresh)).toBe(
      pageCacheControl.redirect,
    )
    expect(
      cacheControlFor('/x', response(302, { location: '/y', 'cache-control': 'no-store' }), fresh),
    ).toBe('no-store')
    expect(cacheControlFor('/faq', response(304), fresh)).toBeUndefined()
  })

  it('keeps a redirect the gallery chose no longer than the list it was read from', () => {
    const redirect = () =>
      response(307, { location: '/gallery?page=3', 'cache-control': pageCacheControl.galleryData })
    expect(cacheControlFor('/gallery', redirect(), fresh)).toBe(
      'public, max-age=0, s-maxage=120, stale-while-revalidate=3600',
    )
    expect(cacheControlFor('/gallery', redirect(), none)).toBe('no-store')
  })

  it('lets a gallery page be kept only while its list is fresh, and no longer', () => {
    const page = () => response(200, { ...html, 'cache-control': pageCacheControl.galleryData })
    expect(cacheControlFor('/gallery', page(), fresh)).toBe(
      'public, max-age=0, s-maxage=120, stale-while-revalidate=3600',
    )
    const longFresh = { galleryFreshUntil: () => Date.now() + 3_600_000 }
    expect(cacheControlFor('/gallery', page(), longFresh)).toBe(pageCacheControl.galleryData)
    expect(cacheControlFor('/gallery', page(), none)).toBe('no-store')
    const lastSecond = { galleryFreshUntil: () => Date.now() + 900 }
    expect(cacheControlFor('/gallery', page(), lastSecond)).toBe('no-store')
  })

  it('never lets a shared cache keep a page rendered with a nonce; a page allowed by hashes may be', () => {
    const nonce = {
      'content-security-policy': "script-src 'nonce-Ab12Cd34Ef56Gh78' 'strict-dynamic'",
    }
    const hashes = { 'content-security-policy': "script-src 'self' 'sha256-AbC='" }
    const rendered: [string, Response, typeof fresh][] = [
      [
        '/faq',
        response(200, { ...html, ...nonce, 'cache-control': pageCacheControl.static }),
        fresh,
      ],
      [
        '/gallery',
        response(200, { ...html, ...nonce, 'cache-control': pageCacheControl.galleryData }),
        fresh,
      ],
      ['/no-such-page', response(404, { ...html, ...nonce }), fresh],
      ['/faq', response(200, { ...html, ...nonce }), fresh],
    ]
    for (const [path, answer, context] of rendered) {
      const cacheControl = cacheControlFor(path, answer, context)
      expect(cacheControl, `${answer.status} ${path}`).toBe(pageCacheControl.rendered)
      expect(cacheControl).toMatch(/\bprivate\b/)
      expect(cacheControl).not.toMatch(/public|s-maxage/)
    }
    const stale = response(200, {
      ...html,
      ...nonce,
      'cache-control': pageCacheControl.galleryData,
    })
    expect(cacheControlFor('/gallery', stale, none)).toBe('no-store')
    const report = response(200, { ...html, ...nonce, 'cache-control': pageCacheControl.never })
    expect(cacheControlFor('/owner-report/k', report, fresh)).toBe('no-store')

    const kept = response(200, {
      ...html,
      ...hashes,
      'cache-control': pageCacheControl.galleryData,
    })
    expect(cacheControlFor('/gallery', kept, fresh)).toBe(
      'public, max-age=0, s-maxage=120, stale-while-revalidate=3600',
    )
    const prerendered = response(200, {
      ...html,
      ...hashes,
      'cache-control': pageCacheControl.static,
    })
    expect(cacheControlFor('/faq', prerendered, fresh)).toBeUndefined()
  })

  it('leaves everything else as its maker set it', () => {
    const cases: [string, Response][] = [
      ['/faq', response(200, { ...html, 'cache-control': pageCacheControl.static })],
      [
        '/assets/app-Ab12.js',
        response(200, { 'cache-control': 'public, max-age=31536000, immutable' }),
      ],
      ['/robots.txt', response(200, { 'cache-control': 'public, max-age=3600' })],
      ['/healthz', response(200, { 'cache-control': 'no-store' })],
    ]
    for (const [path, answer] of cases) {
      expect(cacheControlFor(path, answer, none), path).toBeUndefined()
    }
  })
})

describe('applyResponsePolicy', () => {
  it('makes a redirect to the host the request named relative, and leaves one to another site', () => {
    const poisoned = response(308, { location: 'http://evil.example/x/?a=1' })
    applyResponsePolicy(new Request('http://evil.example//x/?a=1'), poisoned, fresh)
    expect(poisoned.headers.get('location')).toBe('/x/?a=1')

    const elsewhere = response(302, { location: 'https://maps.example.com/?q=1' })
    applyResponsePolicy(new Request('http://site/map'), elsewhere, fresh)
    expect(elsewhere.headers.get('location')).toBe('https://maps.example.com/?q=1')

    const relative = response(307, { location: '/faq' })
    applyResponsePolicy(new Request('http://site/faq/'), relative, fresh)
    expect(relative.headers.get('location')).toBe('/faq')
  })

  it('adds the security headers a response lacks, and keeps those it has', () => {
    const answer = response(400, {
      'content-type': 'application/json',
      'x-frame-options': 'SAMEORIGIN',
    })
    applyResponsePolicy(new Request('http://site/%E0%A4%A'), answer, fresh)
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      if (name !== 'x-frame-options') expect(answer.headers.get(name), name).toBe(value)
    }
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.has('content-security-policy')).toBe(false)
  })

  it('locks down HTML the app did not render, and leaves a page its own policy', () => {
    const errorPage = response(500, html)
    applyResponsePolicy(new Request('http://site/boom'), errorPage, fresh)
    expect(errorPage.headers.get('content-security-policy')).toContain("default-src 'none'")

    const page = response(200, { ...html, 'content-security-policy': "script-src 'nonce-abc'" })
    applyResponsePolicy(new Request('http://site/faq'), page, fresh)
    expect(page.headers.get('content-security-policy')).toBe("script-src 'nonce-abc'")
  })

  it('leaves a response whose headers cannot change as it is', () => {
    const redirect = Response.redirect('http://site/faq', 307)
    expect(() =>
      applyResponsePolicy(new Request('http://site/faq/'), redirect, fresh),
    ).not.toThrow()
  })

  describe('Strict-Transport-Security', () => {
    /** A request as srvx hands it over on Node: from a peer, over plain http unless it says. */
    const served = (url: string, peer: string, headers: Record<string, string> = {}) =>
      Object.assign(new Request(url, { headers }), { ip: peer })
    const hsts = (request: Request, trust?: string) => {
      const answer = response(200, html)
      answer.headers.set('strict-transport-security', 'max-age=1')
      applyResponsePolicy(request, answer, { ...fresh, trustProxy: parseTrustProxy(trust) })
      return answer.headers.get('strict-transport-security')
    }
    const https = { 'x-forwarded-proto': 'https' }

    it('is never sent over plain http, even by whoever else set it', () => {
      expect(hsts(served('http://site/faq', '203.0.113.9'))).toBeNull()
      expect(hsts(served('http://site/faq', '203.0.113.9', https))).toBeNull()
      // A trusted peer that says nothing, or says http.
      expect(hsts(served('http://site/faq', '10.0.0.2'), 'true')).toBeNull()
      expect(
        hsts(served('http://site/faq', '10.0.0.2', { 'x-forwarded-proto': 'http' }), 'true'),
      ).toBeNull()
    })

    it('is sent when the request came over https: the connection, or a trusted proxy says so', () => {
      const full = 'max-age=31536000; includeSubDomains'
      expect(hsts(served('https://site/faq', '203.0.113.9'))).toBe(full)
      expect(hsts(served('http://site/faq', '127.0.0.1', https), 'true')).toBe(full)
      expect(hsts(served('http://site/faq', '10.0.0.2', https), '10.0.0.0/8')).toBe(full)
      // A CDN (https from the client) then a balancer over http, each appending: the CDN's word.
      const appended = {
        'x-forwarded-proto': 'https, http',
        'x-forwarded-for': '198.51.100.7, 173.245.48.9',
      }
      expect(hsts(served('http://site/faq', '10.0.0.2', appended), '2')).toBe(full)
      expect(
        hsts(served('http://site/faq', '10.0.0.2', appended), 'private, 173.245.48.0/20'),
      ).toBe(full)
    })

    it('takes the word of no peer TRUST_PROXY does not name', () => {
      expect(hsts(served('http://site/faq', '127.0.0.1', https))).toBeNull()
      expect(hsts(served('http://site/faq', '203.0.113.9', https), 'true')).toBeNull()
      expect(hsts(served('http://site/faq', '203.0.113.9', https), '1')).toBeNull()
      expect(hsts(served('http://site/faq', '10.0.0.2', https), '192.168.0.0/16')).toBeNull()
    })
  })
})
