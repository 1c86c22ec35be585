/**
 * What the production server tells browsers, monitoring and a CDN about each answer (issue 15):
 * honest status codes, the security headers on every response it writes (errors raised before
 * the app included), and a Cache-Control a CDN can trust (errors and missing files never kept,
 * missing pages briefly, redirects and server-function answers explicitly).
 */
import { request as httpRequest } from 'node:http'
import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromCrossJSON } from 'seroval'
import { baseURL } from '../playwright.config'
import { staticSecurityHeaders } from '../src/lib/http/security-headers'
import { pageCacheControl } from '../src/lib/seo/cache-control'
import { serovalJson, serverFnIdsByMethod } from '../test/support/http-fuzz'
import { expect, test } from './fixtures'

const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }

/** A server function's answer, decoded as the browser's client decodes it. */
const decoded = async (response: Response) =>
  (
    fromCrossJSON(JSON.parse(await response.text()), {
      plugins: defaultSerovalDeserializerPlugins,
      refs: new Map(),
    }) as { result: unknown }
  ).result

const sendContact = (id: string, data: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}/_serverFn/${id}`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json', ...headers },
    body: serovalJson({ data }),
  })

test('every answer the server writes carries the security headers and a Cache-Control a CDN can trust', async () => {
  const { GET, POST } = await serverFnIdsByMethod(baseURL)
  const [contact] = POST
  const [gallery] = GET
  const cases: {
    what: string
    request: [string, RequestInit?]
    status: number
    cacheControl: string
  }[] = [
    {
      what: 'a missing script',
      request: ['/assets/missing-Ab12Cd34.js'],
      status: 404,
      cacheControl: 'no-store',
    },
    {
      what: 'a missing picture',
      request: ['/images/site/missing.avif'],
      status: 404,
      cacheControl: 'no-store',
    },
    {
      what: 'a missing photo',
      request: ['/storage/v1/object/public/gallery/kitchen/missing.webp'],
      status: 404,
      cacheControl: 'no-store',
    },
    {
      // Rendered with a nonce: its visitor's alone.
      what: 'a missing page',
      request: ['/no-such-page'],
      status: 404,
      cacheControl: pageCacheControl.rendered,
    },
    { what: 'a malformed URL', request: ['/%E0%A4%A'], status: 400, cacheControl: 'no-store' },
    {
      what: 'a redirect',
      request: ['/faq/', { redirect: 'manual' }],
      status: 307,
      cacheControl: pageCacheControl.redirect,
    },
    {
      what: 'DELETE on a page',
      request: ['/', { method: 'DELETE' }],
      status: 405,
      cacheControl: 'no-store',
    },
    {
      what: 'POST on a probe',
      request: ['/healthz', { method: 'POST' }],
      status: 405,
      cacheControl: 'no-store',
    },
    {
      what: 'a server-function read',
      request: [`/_serverFn/${gallery}`, { headers: sameOrigin }],
      status: 200,
      cacheControl: 'no-store',
    },
    {
      what: 'a cross-site server-function call',
      request: [`/_serverFn/${gallery}`, { headers: { 'sec-fetch-site': 'cross-site' } }],
      status: 403,
      cacheControl: 'no-store',
    },
    {
      what: 'GET of the POST server function',
      request: [`/_serverFn/${contact}`, { headers: sameOrigin }],
      status: 405,
      cacheControl: 'no-store',
    },
    {
      what: 'an unknown server function',
      request: ['/_serverFn/0000', { method: 'POST', headers: sameOrigin }],
      status: 404,
      cacheControl: 'no-store',
    },
  ]
  for (const { what, request, status, cacheControl } of cases) {
    const [path, init] = request
    const response = await fetch(`${baseURL}${path}`, init)
    await response.body?.cancel()
    expect(response.status, what).toBe(status)
    expect(response.headers.get('cache-control'), what).toBe(cacheControl)
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      expect(response.headers.get(name), `${name} on ${what}`).toBe(value)
    }
    if (status === 405 && !path.startsWith('/_serverFn/')) {
      expect(response.headers.get('allow'), what).toBe('GET, HEAD')
    }
  }
})

test('an invalid contact message gets 400 naming the fields to fix, never what was sent', async () => {
  const {
    POST: [contact = ''],
  } = await serverFnIdsByMethod(baseURL)
  const huge = 'A'.repeat(248_000)
  const forwardedFor = { 'x-forwarded-for': '198.51.100.41' }

  const notAnObject = await sendContact(contact, huge, forwardedFor)
  expect(notAnObject.status).toBe(400)
  expect(notAnObject.headers.get('cache-control')).toBe('no-store')
  const text = await notAnObject.text()
  expect(text.length).toBeLessThan(1_000)
  expect(text).not.toContain('AAAA')

  const badFields = await sendContact(
    contact,
    { name: huge, email: 'nope', phone: '905 555\r\n0100', message: 'Hi', captchaToken: '' },
    forwardedFor,
  )
  expect(badFields.status).toBe(400)
  expect(await decoded(badFields)).toEqual({
    error: 'Please keep your name under 100 characters.',
    fields: {
      name: 'Please keep your name under 100 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      message: 'Please write at least 10 characters.',
      captchaToken: 'Captcha Required - Please complete the captcha to proceed.',
    },
  })
})

test('a server-function body past 256 KB gets 413, declared or streamed', async () => {
  const {
    POST: [contact = ''],
  } = await serverFnIdsByMethod(baseURL)
  const declared = await sendContact(contact, 'A'.repeat(300_000))
  expect(declared.status).toBe(413)
  expect(declared.headers.get('cache-control')).toBe('no-store')
  expect(await declared.text()).toContain('exceeds the maximum allowed size')
  // The unread rest of that body stays on the connection: it closes, so no next request waits.
  expect(declared.headers.get('connection')).toBe('close')

  // Sent in chunks with no declared length, on a connection of its own: 4 MB, sixteen times the
  // limit (a server without one would read it all and answer 400). The server answers 413 and
  // stops reading; a client still writing may see the connection close before that answer.
  const streamed = await new Promise<{ outcome: string }>((resolve) => {
    const call = httpRequest(`${baseURL}/_serverFn/${contact}`, {
      method: 'POST',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      agent: false,
    })
    const chunk = Buffer.alloc(64 * 1024, 'A')
    let sent = 0
    let settled = false
    const settle = (outcome: string) => {
      if (settled) return
      settled = true
      resolve({ outcome })
      call.destroy()
    }
    const pump = () => {
      while (!settled && sent < 4 * 1024 * 1024) {
        sent += chunk.length
        if (!call.write(chunk)) return void call.once('drain', pump)
      }
      if (!settled) call.end()
    }
    call.on('response', (response) => settle(String(response.statusCode)))
    call.on('error', (error: NodeJS.ErrnoException) =>
      settle(['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? 'closed' : error.message),
    )
    pump()
  })
  expect(['413', 'closed']).toContain(streamed.outcome)
})

test('too many messages from one address: 429 with Retry-After, never kept', async () => {
  const {
    POST: [contact = ''],
  } = await serverFnIdsByMethod(baseURL)
  const message = {
    name: 'Rita Ratelimit',
    email: 'rita@example.com',
    phone: '905 555 0188',
    message: 'Checking how often I may write.',
    captchaToken: 'not-a-passing-token',
  }
  const forwardedFor = { 'x-forwarded-for': '198.51.100.42' }
  const statuses: number[] = []
  let limited: Response | undefined
  for (let attempt = 0; attempt < 11; attempt++) {
    const response = await sendContact(contact, message, forwardedFor)
    statuses.push(response.status)
    if (response.status === 429) limited = response
    else await response.body?.cancel()
  }
  // Failed captchas count apart from accepted messages, ten a minute: the eleventh waits.
  expect(statuses).toEqual([...Array(10).fill(400), 429])
  expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(limited?.headers.get('cache-control')).toBe('no-store')
  expect(await decoded(limited as Response)).toMatchObject({ rateLimited: true })
})

test('a redirect never names the host a client wrote: it stays on this site', async () => {
  // Start answers `//x/` with a 308 built from the Host header; a CDN would keep it.
  const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
    const url = new URL(baseURL)
    const call = httpRequest({
      host: url.hostname,
      port: url.port,
      path: '//gallery/',
      headers: { host: 'evil.example' },
      agent: false,
    })
    call.on('response', (response) => {
      response.resume()
      resolve({ status: response.statusCode, location: response.headers.location })
    })
    call.on('error', reject)
    call.end()
  })
  expect(answer.status).toBe(308)
  expect(answer.location).toBe('/gallery/')
})
