import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ContactMessage } from '~/features/contact/contact-schema'
import { createMemoryLogger } from '../../../supabase/functions/send-contact-message/log.ts'
import {
  contactDeliveryError,
  createEmbeddedContactInbox,
  createSupabaseContactInbox,
} from './contact-inbox.server'
import { createRateLimiter } from './rate-limiter.server'
import { createContactSubmitter, rateLimitedMessage } from './submit-contact-message.server'

const message: ContactMessage = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '905 555 0142',
  service: 'Home Design',
  message: 'Could you design our basement?',
  captchaToken: '10000000-aaaa-bbbb-cccc-000000000001',
  website: '',
}

/** A stand-in for Supabase's /functions/v1/<name>: answers what the test tells it to. */
let reply: { status: number; body: string; contentType?: string } = { status: 200, body: '' }
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: unknown }[] = []
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: JSON.parse(text || 'null'),
    })
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' })
    res.end(reply.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  seen.length = 0
})

const inboxAt = (url: string) =>
  createSupabaseContactInbox({
    client: createClient(url, 'anon-key-for-tests', { auth: { persistSession: false } }),
    log: createMemoryLogger(),
    timeoutMs: 2_000,
  })

describe('Supabase ContactInbox (real supabase-js against a local stand-in)', () => {
  it('posts the spec body to the edge function and maps 200 { ok } to ok', async () => {
    reply = { status: 200, body: JSON.stringify({ ok: true }) }
    expect(await inboxAt(baseUrl).send(message, { remoteIp: '203.0.113.7' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(seen).toHaveLength(1)
    const [request] = seen
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/functions/v1/send-contact-message')
    expect(request?.body).toEqual({
      name: message.name,
      email: message.email,
      phone: message.phone,
      service: message.service,
      message: message.message,
      captchaToken: message.captchaToken,
    })
    expect(request?.headers.apikey).toBe('anon-key-for-tests')
    expect(request?.headers.authorization).toBe('Bearer anon-key-for-tests')
    expect(request?.headers['x-visitor-ip']).toBe('203.0.113.7')
  })

  it('maps 200 { error } to that error', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({ error: 'Captcha verification failed. Please try again.' }),
    }
    expect(await inboxAt(baseUrl).send(message, {})).toEqual({
      status: 400,
      body: { error: 'Captcha verification failed. Please try again.' },
    })
  })

  it("passes on the visitor's own problem from a 400 { error }", async () => {
    reply = { status: 400, body: JSON.stringify({ error: 'Please enter a valid email address.' }) }
    expect(await inboxAt(baseUrl).send(message, {})).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address.' },
    })
  })

  it.each([
    [500, JSON.stringify({ error: 'boom' }), 503],
    [503, 'upstream down', 503],
    [401, JSON.stringify({ error: 'Invalid JWT signature' }), 502],
  ])('maps HTTP %i to the generic error', async (status, body, mapped) => {
    reply = { status, body }
    expect(await inboxAt(baseUrl).send(message, {})).toEqual({
      status: mapped,
      body: { error: contactDeliveryError },
    })
  })

  it('maps an answer without ok or error to the generic error', async () => {
    reply = { status: 200, body: 'hello', contentType: 'text/plain' }
    expect(await inboxAt(baseUrl).send(message, {})).toEqual({
      status: 502,
      body: { error: contactDeliveryError },
    })
  })

  it('maps a refused connection to the generic error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect(await inboxAt(url).send(message, {})).toEqual({
      status: 503,
      body: { error: contactDeliveryError },
    })
  })
})

describe('contact submitter', () => {
  const okInbox = createEmbeddedContactInbox({
    handle: async () => ({ status: 200, body: { ok: true } }),
  })

  it('rate limits by client: 429 with the message and rateLimited', async () => {
    const submit = createContactSubmitter({
      inbox: async () => okInbox,
      limiter: createRateLimiter({ rules: [{ limit: 2, windowMs: 60_000 }] }),
      log: createMemoryLogger(),
    })
    expect(await submit(message, { ip: '198.51.100.1' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await submit(message, { ip: '198.51.100.1' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await submit(message, { ip: '198.51.100.1' })).toEqual({
      status: 429,
      body: { error: rateLimitedMessage, rateLimited: true },
    })
    expect((await submit(message, { ip: '198.51.100.2' })).status).toBe(200)
  })

  it('answers ok to a filled honeypot without calling the inbox', async () => {
    let called = false
    const submit = createContactSubmitter({
      inbox: async () => {
        called = true
        return okInbox
      },
      limiter: createRateLimiter({ rules: [{ limit: 5, windowMs: 60_000 }] }),
      log: createMemoryLogger(),
    })
    expect(await submit({ ...message, website: 'spam' }, {})).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(called).toBe(false)
  })

  it('never throws: an inbox that cannot open is the generic error', async () => {
    const submit = createContactSubmitter({
      inbox: async () => {
        throw new Error('Another server is using the embedded database')
      },
      limiter: createRateLimiter({ rules: [{ limit: 5, windowMs: 60_000 }] }),
      log: createMemoryLogger(),
    })
    expect(await submit(message, {})).toEqual({
      status: 503,
      body: { error: contactDeliveryError },
    })
  })
})
