import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/contact/log.ts'

let currentRequest: Request | undefined
vi.mock('@tanstack/react-start/server', () => ({ getRequest: () => currentRequest }))

const {
  limitServerFnBody,
  markServerFnReached,
  quietMalformedCalls,
  rateLimitedMalformedCallLog,
  refuseMalformedServerFnCall,
  refuseMethodOnPage,
  serverFnIds,
} = await import('./server-fn-guard.server')

const knownId = 'a'.repeat(64)
const knownIds = serverFnIds({
  './features/x/x.functions.ts': { getX: { url: `/_serverFn/${knownId}` }, helper: 42 },
  './features/y/y.functions.ts': { label: 'not a function', nothing: null },
})
const origin = 'http://127.0.0.1:3210'
const request = (path: string, method = 'POST') => new Request(`${origin}${path}`, { method })
/** What Start answers to a call it could not decode: a 500 carrying the error. */
const startFailure = () =>
  new Response('{"error":"Server function info not found"}', { status: 500 })

beforeEach(() => {
  currentRequest = undefined
})

describe('serverFnIds', () => {
  it('reads the id of every exported server function and nothing else', () => {
    expect([...knownIds]).toEqual([knownId])
  })
})

describe('refuseMalformedServerFnCall', () => {
  it('answers 404 to a call Start failed for an empty or unknown id, however it is spelled', async () => {
    for (const path of ['/_serverFn/', '/_serverFn//', '/_serverFn/nope', '/%5FserverFn/nope']) {
      const answer = await refuseMalformedServerFnCall(request(path), startFailure(), knownIds)
      expect(answer.status, path).toBe(404)
    }
  })

  it('answers 400 to a call of a known function Start could not decode', async () => {
    for (const path of [
      `/_serverFn/${knownId}`,
      `/_serverFn/${knownId}/extra`,
      `/%5FserverFn/${knownId}`,
    ]) {
      const answer = await refuseMalformedServerFnCall(request(path), startFailure(), knownIds)
      expect(answer.status, path).toBe(400)
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(await answer.text()).not.toContain('error')
    }
  })

  it("keeps Start's answer to a call that reached its function, even a 500", async () => {
    const call = request(`/_serverFn/${knownId}`)
    currentRequest = call
    markServerFnReached()
    const failure = startFailure()
    expect(await refuseMalformedServerFnCall(call, failure, knownIds)).toBe(failure)
  })

  it('leaves every other answer alone: pages, and calls Start answered without a 500', async () => {
    for (const [path, status] of [
      ['/', 500],
      ['/_serverFnX/nope', 500],
      [`/_serverFn/${knownId}`, 200],
      ['/_serverFn/nope', 403],
      [`/_serverFn/${knownId}`, 405],
    ] as const) {
      const answer = new Response(null, { status })
      expect(await refuseMalformedServerFnCall(request(path), answer, knownIds), path).toBe(answer)
    }
  })
})

describe('refuseMethodOnPage', () => {
  it('answers 405 to a method other than GET or HEAD on a page', () => {
    const answer = refuseMethodOnPage(request('/gallery', 'DELETE'))
    expect(answer?.status).toBe(405)
    expect(answer?.headers.get('allow')).toBe('GET, HEAD')
    expect(refuseMethodOnPage(request('/', 'GET'))).toBeUndefined()
    expect(refuseMethodOnPage(request('/', 'HEAD'))).toBeUndefined()
  })

  it('leaves server-function calls to Start, however the path is spelled', () => {
    for (const path of [`/_serverFn/${knownId}`, '/%5FserverFn/nope', '/_serverFn/']) {
      expect(refuseMethodOnPage(request(path)), path).toBeUndefined()
    }
  })
})

describe('limitServerFnBody', () => {
  const call = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request(`${origin}/_serverFn/${knownId}`, {
      method: 'POST',
      body,
      headers,
      duplex: 'half',
    } as RequestInit)
  /** A body sent in chunks, with no declared length, that would never end. */
  const endless = () => {
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    return { stream, sent: () => sent }
  }

  it('fails the read of a declared length over the limit with a 413, reading none of it', async () => {
    const limited = limitServerFnBody(call('x'.repeat(300), { 'content-length': '300' }), 256)
    await expect(limited.text()).rejects.toMatchObject({ status: 413 })
  })

  it('stops reading a streamed body once it passes the limit, with a 413', async () => {
    const { stream, sent } = endless()
    const limited = limitServerFnBody(call(stream), 256 * 1024)
    await expect(limited.text()).rejects.toMatchObject({ status: 413 })
    expect(sent()).toBeLessThan(10)
  })

  it('passes a body within the limit whole, and leaves pages and bodiless calls alone', async () => {
    const limited = limitServerFnBody(call('{"a":1}'), 256)
    expect(await limited.text()).toBe('{"a":1}')
    const page = new Request(`${origin}/contact-us`, { method: 'POST', body: 'x'.repeat(1000) })
    expect(limitServerFnBody(page, 256)).toBe(page)
    const get = request(`/_serverFn/${knownId}`, 'GET')
    expect(limitServerFnBody(get, 256)).toBe(get)
  })
})

describe('malformed calls in the log', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes one line for a flood, then the count once a minute, and nothing of what was sent', () => {
    vi.useFakeTimers()
    const log = createMemoryLogger()
    const limited = rateLimitedMalformedCallLog(log)
    for (let i = 0; i < 500; i++) limited.note(new SyntaxError(`Unexpected token in "secret-${i}"`))
    expect(log.entries).toHaveLength(1)
    expect(log.entries[0]).toMatchObject({
      event: 'server_fn.malformed_call',
      fields: { error: 'SyntaxError' },
    })
    vi.advanceTimersByTime(60_000)
    expect(log.entries.map((entry) => [entry.event, entry.fields.count])).toEqual([
      ['server_fn.malformed_call', undefined],
      ['server_fn.malformed_calls', 499],
    ])
    // A quiet minute ends the window; the next malformed call is written at once.
    vi.advanceTimersByTime(60_000)
    expect(log.entries).toHaveLength(2)
    limited.note(new Error('again'))
    expect(log.entries).toHaveLength(3)
    expect(JSON.stringify(log.entries)).not.toContain('secret')
  })

  it("takes Start's error log of a call that reached no function, and only that", async () => {
    const log = createMemoryLogger()
    const limited = rateLimitedMalformedCallLog(log)
    const printed: unknown[][] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      printed.push(args)
    })
    try {
      const malformed = request(`/_serverFn/${knownId}`)
      const answer = await quietMalformedCalls(
        malformed,
        async () => {
          console.error(new SyntaxError('not JSON'))
          return startFailure()
        },
        limited,
      )
      expect(answer.status).toBe(500)
      // Thrown past Start's handler (an empty id): answered 500, logged the same way.
      const thrown = await quietMalformedCalls(
        request('/_serverFn/'),
        async () => {
          throw new Error('Invalid server action param for serverFnId')
        },
        limited,
      )
      expect(thrown.status).toBe(500)
      // A call that reached its function, and a page, log as before.
      const reached = request(`/_serverFn/${knownId}`)
      await quietMalformedCalls(
        reached,
        async () => {
          currentRequest = reached
          markServerFnReached()
          console.error(new Error('the function failed'))
          return new Response('ok')
        },
        limited,
      )
      await quietMalformedCalls(
        request('/faq', 'GET'),
        async () => {
          console.error(new Error('a page failed'))
          return new Response('ok')
        },
        limited,
      )
      expect(printed.map(([error]) => (error as Error).message)).toEqual([
        'the function failed',
        'a page failed',
      ])
      expect(log.entries.map((entry) => entry.event)).toEqual(['server_fn.malformed_call'])
    } finally {
      spy.mockRestore()
    }
  })
})
