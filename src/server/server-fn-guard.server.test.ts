import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import fc from 'fast-check'
import { fromJSON } from 'seroval'
import { describe, expect, it } from 'vitest'
import { serovalJson } from '../../test/support/http-fuzz'
import { contactLimits, contactServiceOptions } from '../features/contact/contact-schema'
import {
  refuseMalformedServerFnCall,
  serverFnBodyLimit,
  serverFnIds,
} from './server-fn-guard.server'

const getId = 'a'.repeat(64)
const postId = 'b'.repeat(64)
const knownIds = serverFnIds([{ url: `/_serverFn/${getId}` }, { url: `/_serverFn/${postId}` }])
const origin = 'http://127.0.0.1:3210'

const guard = (request: Request) => refuseMalformedServerFnCall(request, { knownIds })
const statusOf = async (request: Request) => (await guard(request))?.status ?? 'passed'

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit)
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${origin}${path}`, { headers })

const contactCall = serovalJson({
  data: { name: 'Zoë', email: 'zoe@example.com', message: 'A new kitchen, please.' },
})

describe('refuseMalformedServerFnCall', () => {
  it('lets everything that is not a server-function call through', async () => {
    for (const path of [
      '/',
      '/gallery?q=1',
      '/_serverFnX',
      '/_serverFn',
      '/x/_serverFn/',
      '/%25serverFn/',
    ]) {
      expect(await statusOf(get(path)), path).toBe('passed')
      expect(await statusOf(post(path, '{bad')), path).toBe('passed')
    }
  })

  it('answers 404 to an empty or unknown id, however the path is spelled', async () => {
    for (const path of [
      '/_serverFn/',
      '/_serverFn//',
      `/_serverFn//${getId}`,
      '/_serverFn/?x',
      '/_serverFn/%2F',
      `/_serverFn/${getId}%2F`,
      '/_serverFn/nope',
      `/_serverFn/${getId.toUpperCase()}`,
      '/%5FserverFn/',
      '/%5fserverFn/nope',
      '/_server%46n/',
      `/_serverFn/${'c'.repeat(64)}`,
    ]) {
      expect(await statusOf(get(path)), path).toBe(404)
      expect(await statusOf(post(path, contactCall)), path).toBe(404)
    }
  })

  it('passes a known id as Start reads it: trailing segments and ASCII escapes included', async () => {
    const escaped = [...getId].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('')
    for (const path of [
      `/_serverFn/${getId}`,
      `/_serverFn/${getId}/extra`,
      `/_serverFn/${escaped}`,
      `/%5FserverFn/${getId}`,
    ]) {
      expect(await statusOf(get(path)), path).toBe('passed')
    }
  })

  it('refuses a GET with a form body type (Start trips an invariant) and an undecodable payload', async () => {
    const fn = `/_serverFn/${getId}`
    expect(await statusOf(get(fn, { 'content-type': 'multipart/form-data' }))).toBe(415)
    expect(await statusOf(get(fn, { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(
      415,
    )
    for (const payload of ['{bad', 'null', '{}', '[1]', '"x"', '{"t":{"t":99},"f":0,"m":[]}']) {
      expect(await statusOf(get(`${fn}?payload=${encodeURIComponent(payload)}`)), payload).toBe(400)
    }
    expect(await statusOf(get(`${fn}?payload=${encodeURIComponent(contactCall)}`))).toBe('passed')
    expect(await statusOf(get(`${fn}?payload=`))).toBe('passed')
  })

  it('refuses a POST body that is not Seroval JSON', async () => {
    const fn = `/_serverFn/${postId}`
    for (const body of [
      '',
      '{bad',
      'null',
      '{}',
      '[1,2]',
      '"x"',
      '1',
      `{"t":${'['.repeat(50_000)}`,
    ]) {
      expect(await statusOf(post(fn, body)), body.slice(0, 20)).toBe(400)
    }
    expect(await statusOf(post(fn, contactCall))).toBe('passed')
    // Start reads the body with Request.json(), which drops a byte order mark.
    expect(await statusOf(post(fn, `\ufeff${contactCall}`))).toBe('passed')
    expect(
      await statusOf(post(fn, contactCall, { 'content-type': 'application/json; charset=utf-8' })),
    ).toBe('passed')
  })

  it('refuses broken form data and lets readable form data through', async () => {
    const fn = `/_serverFn/${postId}`
    const multipart = (body: string, type = 'multipart/form-data; boundary=zz') =>
      statusOf(post(fn, body, { 'content-type': type }))
    expect(await multipart('--zz\r\nbroken')).toBe(400)
    expect(await multipart('anything', 'multipart/form-data')).toBe(400)
    expect(
      await multipart(
        '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nZoë\r\n--zz--\r\n',
      ),
    ).toBe('passed')
    expect(await multipart('a=b&c=%ZZ&=&', 'application/x-www-form-urlencoded')).toBe('passed')
  })

  it('leaves bodies Start does not read to Start', async () => {
    const fn = `/_serverFn/${postId}`
    expect(await statusOf(post(fn, '{bad', { 'content-type': 'text/plain' }))).toBe('passed')
    expect(await statusOf(post(fn, '{bad', { 'content-type': '' }))).toBe('passed')
    const put = new Request(`${origin}${fn}`, { method: 'PUT', body: '{bad' })
    expect(await statusOf(put)).toBe('passed')
  })

  it('answers 413 past the body limit, declared or streamed, and reads no further', async () => {
    const fn = `/_serverFn/${postId}`
    const fits = serovalJson({ data: 'x'.repeat(serverFnBodyLimit - 200) })
    expect(await statusOf(post(fn, fits))).toBe('passed')
    const big = serovalJson({ data: 'x'.repeat(serverFnBodyLimit) })
    expect(await statusOf(post(fn, big))).toBe(413)
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)))
      },
    })
    expect(await statusOf(post(fn, endless))).toBe(413)
    // It stops reading just past the limit, not at the end of an endless body.
    expect(pulled).toBeLessThan(serverFnBodyLimit / (16 * 1024) + 4)
  })

  it('fits the largest contact message, in the longest escaping, under the limit', () => {
    const worst = (length: number) => '\u2028'.repeat(length)
    const largest = serovalJson({
      data: {
        name: worst(contactLimits.name.max),
        email: worst(contactLimits.email.max),
        phone: worst(contactLimits.phone.max),
        service: worst(Math.max(...contactServiceOptions.map((option) => option.length))),
        message: worst(contactLimits.message.max),
        captchaToken: worst(contactLimits.captchaToken.max),
        website: worst(contactLimits.website.max),
      },
    })
    expect(Buffer.byteLength(largest)).toBeLessThan(serverFnBodyLimit / 2)
  })

  it('leaves the body readable for Start after a check passed', async () => {
    const request = post(`/_serverFn/${postId}`, contactCall)
    expect(await guard(request)).toBeUndefined()
    expect(await request.json()).toEqual(JSON.parse(contactCall))
  })

  it('answers in plain text and is never cached', async () => {
    const response = await guard(get('/_serverFn/nope'))
    expect(response?.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(response?.headers.get('cache-control')).toBe('no-store')
  })

  it('never throws, answers only 4xx, and whatever JSON it passes, Start can decode', async () => {
    const id = fc.constantFrom(getId, postId, '', 'nope', `${postId}/x`)
    const base = fc.constantFrom('/_serverFn/', '/%5FserverFn/', '/_serverFn', '/')
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => serovalJson({ data: value })),
      fc.jsonValue().map((value) => JSON.stringify({ t: value, f: 0, m: [] })),
    )
    const contentType = fc.constantFrom(
      'application/json',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      'text/plain',
      '',
    )
    await fc.assert(
      fc.asyncProperty(
        base,
        id,
        body,
        contentType,
        fc.boolean(),
        async (b, i, text, type, isGet) => {
          const path = `${b}${i}`
          const request = isGet
            ? get(`${path}?payload=${encodeURIComponent(text)}`, { 'content-type': type })
            : post(path, text, { 'content-type': type })
          const response = await guard(request)
          if (response) {
            expect(response.status).toBeGreaterThanOrEqual(400)
            expect(response.status).toBeLessThan(500)
            return
          }
          if (!isGet && type === 'application/json' && path.startsWith('/_serverFn/')) {
            expect(() =>
              fromJSON(JSON.parse(text), { plugins: defaultSerovalDeserializerPlugins }),
            ).not.toThrow()
          }
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe('src/server.ts', () => {
  it('lists every server function the site defines', () => {
    const entry = readFileSync(join(import.meta.dirname, '..', 'server.ts'), 'utf8')
    const listed = /serverFnIds\(\[([^\]]*)\]\)/
      .exec(entry)?.[1]
      ?.split(',')
      .map((name) => name.trim())
    const defined = readdirSync(join(import.meta.dirname, '..'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((file) => file.endsWith('.functions.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(join(import.meta.dirname, '..', file), 'utf8').matchAll(
            /export const (\w+) = createServerFn\(/g,
          ),
        ].map((match) => match[1]),
      )
    expect(defined.length).toBeGreaterThanOrEqual(3)
    expect(listed?.sort()).toEqual(defined.sort())
  })
})
