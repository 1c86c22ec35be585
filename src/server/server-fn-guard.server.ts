/**
 * Start 1.169 answers 500 to a server-function call it cannot decode: an empty or unknown id, a
 * payload that is not Seroval JSON, unreadable form data, a GET with a form content type
 * (upstream TanStack/router#7363, #8237). Such a call never reaches a function, so a global
 * function middleware marks the calls that do, and Start's 500 to any other is the caller's
 * mistake: 404 for an id this build does not serve, 400 for the rest. Start keeps every other
 * decision (CSRF, method, validation) and every answer of a function that ran.
 */
import { getRequest } from '@tanstack/react-start/server'
import { limitRequestBody } from 'srvx/body-limit'

export const serverFnBase = '/_serverFn/'

const reachedFunction = new WeakSet<Request>()

/** For the first function middleware of every call (src/start.ts): Start decoded it and found its function. */
export const markServerFnReached = () => {
  reachedFunction.add(getRequest())
}

/** The path as Start routes it (it decodes with decodeURI), or undefined if it cannot. */
const startPathname = (request: Request) => {
  try {
    return decodeURI(new URL(request.url).pathname)
  } catch {
    return undefined
  }
}

export const isServerFnCall = (request: Request) =>
  startPathname(request)?.startsWith(serverFnBase) ?? false

/** The ids of the server functions among these modules' exports (each has its own url). */
export const serverFnIds = (modules: Record<string, Record<string, unknown>>): Set<string> =>
  new Set(
    Object.values(modules)
      .flatMap((exports) => Object.values(exports))
      .flatMap((value) => {
        const url = (value as { url?: unknown } | null)?.url
        return typeof url === 'string' && url.startsWith(serverFnBase)
          ? [url.slice(serverFnBase.length)]
          : []
      }),
  )

/**
 * Our largest call is a contact message: within the schema's limits it stays under 110 KB even
 * if every character takes Seroval's longest escape. Start sets no limit, and would read an
 * endless body into memory.
 */
export const serverFnBodyLimit = 256 * 1024

/**
 * A server-function call whose body is read no further than the limit, with srvx's own limiter:
 * a declared length over it fails at once, a streamed body once it passes, and Start answers
 * that failed read with the limiter's 413. Anything else passes unchanged.
 */
export const limitServerFnBody = (request: Request, limit = serverFnBodyLimit): Request =>
  request.body && isServerFnCall(request) ? limitRequestBody(request, limit) : request

/**
 * After a 413 the rest of the body is still on the connection, unread (the limiter pauses it):
 * the connection closes with the answer, or a request sent next on it would wait behind that body.
 */
export function closeAfterRefusedBody(response: Response): Response {
  if (response.status !== 413 || response.headers.get('connection') === 'close') return response
  const headers = new Headers(response.headers)
  headers.set('connection', 'close')
  return new Response(response.body, { status: 413, statusText: response.statusText, headers })
}

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/** Start's answer to a request, with its 500 to a call that reached no function made a 4xx. */
export async function refuseMalformedServerFnCall(
  request: Request,
  response: Response,
  knownIds: ReadonlySet<string>,
): Promise<Response> {
  if (response.status !== 500 || reachedFunction.has(request) || !isServerFnCall(request)) {
    return response
  }
  await response.body?.cancel().catch(() => {})
  const id = startPathname(request)?.slice(serverFnBase.length).split('/')[0] ?? ''
  return knownIds.has(id)
    ? refuse(400, 'Malformed server-function call.')
    : refuse(404, 'No such server function.')
}

/**
 * 405 for a method other than GET or HEAD outside server functions: Start would render the page
 * for a DELETE or a POST as for a GET, and answer 200.
 */
export function refuseMethodOnPage(request: Request): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || isServerFnCall(request)) {
    return undefined
  }
  const response = refuse(405, 'Method not allowed.')
  response.headers.set('allow', 'GET, HEAD')
  return response
}
