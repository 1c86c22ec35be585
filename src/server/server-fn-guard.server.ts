// Workaround: Start 1.169.5 answers 500 to server-function calls it cannot decode (https://github.com/TanStack/router/issues/7363, #8237; fixes open: PRs #8246, #8285); remove once test/canaries/start-server-fn-calls.canary.test.ts fails.
/**
 * Start 1.169 answers 500 to a server-function call it cannot decode: an empty or unknown id, a
 * payload that is not Seroval JSON, unreadable form data, a GET with a form content type
 * (upstream TanStack/router#7363, #8237). Such a call never reaches a function, so a global
 * function middleware marks the calls that do, and Start's 500 to any other is the caller's
 * mistake: 404 for an id this build does not serve, 400 for the rest. Start keeps every other
 * decision (CSRF, method, validation) and every answer of a function that ran. Start also logs
 * each such call's error with its whole stack; those become one line a minute at most
 * (`quietMalformedCalls`).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { getRequest } from '@tanstack/react-start/server'
import { limitRequestBody } from 'srvx/body-limit'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/contact/log.ts'

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

export interface RateLimitedLog {
  /** Writes a line now, or counts it into the next line when one was written in the window. */
  note(error: unknown): void
}

/**
 * One line for a malformed call, then at most one a minute: at the end of each window the count
 * of those not written, and a window without any ends the quiet. The line names the kind of
 * error only: its message may quote what the caller sent.
 */
export function rateLimitedMalformedCallLog(log: Logger = consoleLogger, windowMs = 60_000) {
  let open = false
  let unwritten = 0
  const closeWindow = () => {
    if (unwritten === 0) {
      open = false
      return
    }
    log.warn('server_fn.malformed_calls', { count: unwritten, withinMs: windowMs })
    unwritten = 0
    setTimeout(closeWindow, windowMs).unref?.()
  }
  return {
    note(error: unknown) {
      if (open) {
        unwritten += 1
        return
      }
      open = true
      log.warn('server_fn.malformed_call', {
        error: error instanceof Error ? error.name : typeof error,
        status: 'refused with 400 or 404',
        next: `at most one line per ${windowMs / 1000} s`,
      })
      setTimeout(closeWindow, windowMs).unref?.()
    },
  } satisfies RateLimitedLog
}

const callInProgress = new AsyncLocalStorage<{ request: Request; log: RateLimitedLog }>()
const defaultMalformedCallLog = rateLimitedMalformedCallLog()

/**
 * Runs Start's handling of a request. Within a server-function call that reaches no function,
 * an error Start throws is answered 500 (refuseMalformedServerFnCall makes it a 4xx), and
 * Start's `console.error(error)` (its log of an error without an HTTP status, stack and all, once
 * per call) goes to a rate-limited log instead: a flood of malformed calls is a few lines. Start
 * offers no hook for its error log, so console.error is wrapped once, and only an error logged
 * inside such a call is taken; everything else passes through untouched.
 */
export function quietMalformedCalls(
  request: Request,
  run: () => Promise<Response>,
  log: RateLimitedLog = defaultMalformedCallLog,
): Promise<Response> {
  if (!isServerFnCall(request)) return run()
  installConsoleErrorFilter()
  return callInProgress.run({ request, log }, async () => {
    try {
      return await run()
    } catch (error) {
      // Start throws some (an empty id) past its handler, to be logged and answered 500 above it.
      if (reachedFunction.has(request)) throw error
      log.note(error)
      return new Response(null, { status: 500 })
    }
  })
}

let filterInstalled = false

function installConsoleErrorFilter() {
  if (filterInstalled) return
  filterInstalled = true
  const original = console.error
  console.error = function filteredConsoleError(this: unknown, ...args: unknown[]) {
    const call = callInProgress.getStore()
    const startLoggedAnError = args.length === 1 && args[0] instanceof Error
    if (call && startLoggedAnError && !reachedFunction.has(call.request)) {
      call.log.note(args[0])
      return
    }
    original.apply(this ?? console, args)
  }
}
