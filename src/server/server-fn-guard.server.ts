// Requests as Start 1.169 should answer them: a page only to GET and HEAD; a server-function call
// with a bounded body, and a caller's mistake a 4xx logged once a minute at most.
import { AsyncLocalStorage } from 'node:async_hooks'
import { limitRequestBody } from 'srvx/body-limit'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/log.ts'

const serverFnBase = '/_serverFn/'

/** The called id as Start routes it (it decodes with decodeURI), or undefined for another path. */
const serverFnId = (request: Request) => {
  try {
    const path = decodeURI(new URL(request.url).pathname)
    return path.startsWith(serverFnBase) ? path.slice(serverFnBase.length).split('/')[0] : undefined
  } catch {
    return undefined
  }
}

export const isServerFnCall = (request: Request) => serverFnId(request) !== undefined

export const serverFnIds = (modules: Record<string, Record<string, unknown>>) =>
  new Set(
    Object.values(modules)
      .flatMap((exports) => Object.values(exports))
      .map((value) => (value as { url?: unknown } | null)?.url)
      .filter((url): url is string => typeof url === 'string' && url.startsWith(serverFnBase))
      .map((url) => url.slice(serverFnBase.length)),
  )

/** One line, then at most one a minute counting those left out; the error's kind only, never its message (it may quote the caller). */
export function malformedCallLog(log: Logger = consoleLogger, now = Date.now) {
  let quietUntil = 0
  let leftOut = 0
  return (error: unknown) => {
    if (now() < quietUntil) return void leftOut++
    const kind = error instanceof Error ? error.name : typeof error
    log.warn('server_fn.malformed_call', { error: kind, answered: 400, leftOutOfTheLog: leftOut })
    quietUntil = now() + 60_000
    leftOut = 0
  }
}

type Call = { reachedFunction: boolean; note: (error: unknown) => void }
const callInProgress = new AsyncLocalStorage<Call>()
const noteMalformedCall = malformedCallLog()

/** For the first function middleware of every call (src/start.ts): Start decoded it and found its function. */
export const markServerFnReached = () => {
  const call = callInProgress.getStore()
  if (call) call.reachedFunction = true
}

const plainNoStore = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { ...plainNoStore, ...headers } })

// Workaround: Start renders a page for any method, 200 to a DELETE (none filed; reproduction: test/canaries/start-requests.canary.test.ts); remove once its method check fails.
export const refuseMethodOnPage = (request: Request) =>
  request.method === 'GET' || request.method === 'HEAD'
    ? undefined
    : refuse(405, 'Method not allowed.', { allow: 'GET, HEAD' })

// Workaround: Start reads a server-function body of any size (https://github.com/TanStack/router/issues/3953, fix open: PR #7233); remove once test/canaries/start-server-fn-calls.canary.test.ts's body check fails. A contact message stays under 110 KB even escaped.
const serverFnBodyLimit = 256 * 1024

// Workaround: Start 1.169.5 answers 500 to a call it cannot decode and logs each with its stack (https://github.com/TanStack/router/issues/7363, #8237; fixes open: PRs #8246, #8285); remove once test/canaries/start-server-fn-calls.canary.test.ts's decode check fails.
/** 404 for an id this build does not serve; a 500 to a call that reached no function is 400, its log rate-limited. */
export async function answerServerFnCall(
  request: Request,
  knownIds: ReadonlySet<string>,
  start: (call: Request) => Response | Promise<Response>,
  note: (error: unknown) => void = noteMalformedCall,
): Promise<Response> {
  if (!knownIds.has(serverFnId(request) ?? '')) return refuse(404, 'No such server function.')
  const limited = request.body ? limitRequestBody(request, serverFnBodyLimit) : request
  installConsoleErrorFilter()
  const call: Call = { reachedFunction: false, note }
  const response = await callInProgress.run(call, () => start(limited))
  // The unread rest of the body is still on the connection.
  if (response.status === 413) {
    const headers = { ...Object.fromEntries(response.headers), connection: 'close' }
    return new Response(response.body, { status: 413, headers })
  }
  if (response.status !== 500 || call.reachedFunction) return response
  await response.body?.cancel().catch(() => {})
  return refuse(400, 'Malformed server-function call.')
}

let filterInstalled = false

/** Start logs with console.error and has no hook: its log of a call that reached no function is taken. */
function installConsoleErrorFilter() {
  if (filterInstalled) return
  filterInstalled = true
  const original = console.error
  console.error = function filteredConsoleError(this: unknown, ...args: unknown[]) {
    const call = callInProgress.getStore()
    if (!call || call.reachedFunction || args.length > 1 || !(args[0] instanceof Error)) {
      return original.apply(this ?? console, args)
    }
    call.note(args[0])
  }
}
