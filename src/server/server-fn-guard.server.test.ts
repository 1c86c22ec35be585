import { beforeEach, describe, expect, it, vi } from 'vitest'

let currentRequest: Request | undefined
vi.mock('@tanstack/react-start/server', () => ({ getRequest: () => currentRequest }))

const { markServerFnReached, refuseMalformedServerFnCall, refuseMethodOnPage, serverFnIds } =
  await import('./server-fn-guard.server')

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
