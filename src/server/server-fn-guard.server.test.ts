import { describe, expect, it, vi } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import {
  answerServerFnCall,
  malformedCallLog,
  markServerFnReached,
  refuseMethodOnPage,
  serverFnIds,
} from './server-fn-guard.server'

const knownId = 'a'.repeat(64)
const knownIds = serverFnIds({
  './features/x/x.functions.ts': { getX: { url: `/_serverFn/${knownId}` }, helper: 42 },
  './features/y/y.functions.ts': { label: 'not a function', nothing: null },
})
const origin = 'http://127.0.0.1:3210'
const post = (path: string, init: RequestInit = {}) =>
  new Request(`${origin}${path}`, { method: 'POST', duplex: 'half', ...init } as RequestInit)
/** What Start answers to a call it could not decode, having logged the error. */
const startFailure = async () => {
  console.error(new SyntaxError('Unexpected token in "secret"'))
  return new Response('{"error":"…"}', { status: 500 })
}
const answer = (
  request: Request,
  start: (call: Request) => Promise<Response> = startFailure,
  note = () => {},
) => answerServerFnCall(request, knownIds, start, note)

describe('answerServerFnCall', () => {
  it('reads the id of every exported server function and nothing else', () => {
    expect([...knownIds]).toEqual([knownId])
  })

  it('answers 404 to an empty or unknown id, however it is spelled, without asking Start', async () => {
    const start = vi.fn(startFailure)
    for (const path of ['/_serverFn/', '/_serverFn//', '/_serverFn/nope', '/%5FserverFn/nope']) {
      expect((await answer(post(path), start)).status, path).toBe(404)
    }
    expect(start).not.toHaveBeenCalled()
  })

  it("answers 400 to a known function's call Start could not decode, and takes Start's log of it", async () => {
    const note = vi.fn()
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      for (const path of [`/_serverFn/${knownId}`, `/%5FserverFn/${knownId}/extra`]) {
        const refused = await answer(post(path), startFailure, note)
        expect(refused.status, path).toBe(400)
        expect(refused.headers.get('cache-control')).toBe('no-store')
        expect(await refused.text()).not.toContain('secret')
      }
      expect(note).toHaveBeenCalledTimes(2)
      expect(printed).not.toHaveBeenCalled()
    } finally {
      printed.mockRestore()
    }
  })

  it("keeps Start's answer, and its log, for a call that reached its function, even a 500", async () => {
    const note = vi.fn()
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const failed = await answer(
        post(`/_serverFn/${knownId}`),
        async () => {
          markServerFnReached()
          return startFailure()
        },
        note,
      )
      expect(failed.status).toBe(500)
      expect(note).not.toHaveBeenCalled()
      expect(printed).toHaveBeenCalledTimes(1)
      for (const status of [200, 403, 405]) {
        const kept = await answer(
          post(`/_serverFn/${knownId}`),
          async () => new Response(null, { status }),
        )
        expect(kept.status).toBe(status)
      }
    } finally {
      printed.mockRestore()
    }
  })

  it('refuses a body past 256 KB with 413, declared or streamed, and closes the connection', async () => {
    const read = async (call: Request) => {
      try {
        await call.text()
        return new Response('read')
      } catch (error) {
        return new Response(null, { status: (error as { status: number }).status })
      }
    }
    const declared = await answer(
      post(`/_serverFn/${knownId}`, { body: 'x'.repeat(300_000) }),
      read,
    )
    expect(declared.status).toBe(413)
    expect(declared.headers.get('connection')).toBe('close')
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    expect((await answer(post(`/_serverFn/${knownId}`, { body: endless }), read)).status).toBe(413)
    expect(sent).toBeLessThan(10)
    const small = await answer(post(`/_serverFn/${knownId}`, { body: '{"a":1}' }), read)
    expect(await small.text()).toBe('read')
  })
})

describe('refuseMethodOnPage', () => {
  it('answers 405 to a method other than GET or HEAD on a page', () => {
    const refused = refuseMethodOnPage(post('/gallery', { method: 'DELETE' }))
    expect(refused?.status).toBe(405)
    expect(refused?.headers.get('allow')).toBe('GET, HEAD')
    expect(refuseMethodOnPage(new Request(`${origin}/`))).toBeUndefined()
    expect(refuseMethodOnPage(new Request(`${origin}/`, { method: 'HEAD' }))).toBeUndefined()
  })
})

describe('malformedCallLog', () => {
  it('writes one line for a flood, the next a minute later with the count, and nothing sent', () => {
    const log = createMemoryLogger()
    let now = 1_000
    const note = malformedCallLog(log, () => now)
    for (let i = 0; i < 500; i++) note(new SyntaxError(`Unexpected token in "secret-${i}"`))
    expect(log.entries).toMatchObject([
      { event: 'server_fn.malformed_call', fields: { error: 'SyntaxError', leftOutOfTheLog: 0 } },
    ])
    now += 60_000
    note(new Error('again'))
    expect(log.entries.map((entry) => entry.fields.leftOutOfTheLog)).toEqual([0, 499])
    expect(JSON.stringify(log.entries)).not.toContain('secret')
  })
})
