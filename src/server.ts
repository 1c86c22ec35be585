/**
 * The server entry: a page view's beacon is answered first (field-vitals/beacon-endpoint.server.ts);
 * a server-function call's body is limited (a 413 past 256 KB), methods other
 * than GET and HEAD on pages get a 405, then come the prerendered pages from memory, then copies
 * of recently rendered pages (page-cache.server.ts), then Start's handler, whose 500 to a
 * malformed server-function call becomes a 4xx, logged in one line a minute at most rather than a
 * stack trace per call (server-fn-guard.server.ts); pages leave compressed.
 */
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { compressResponse } from '#src/server/compress-response.server.ts'
import { beaconEndpoint } from '#src/server/field-vitals/field-vitals.server.ts'
import { createPageCache } from '#src/server/page-cache.server.ts'
import { renderRecordingFreshness } from '#src/server/page-freshness.server.ts'
import { prerenderedPagesOfThisServer } from '#src/server/prerender/serve-prerendered.server.ts'
import {
  closeAfterRefusedBody,
  limitServerFnBody,
  quietMalformedCalls,
  refuseMalformedServerFnCall,
  refuseMethodOnPage,
  serverFnIds,
} from '#src/server/server-fn-guard.server.ts'

/** Every server function this build serves: those exported by a `*.functions.ts` module. */
const knownIds = serverFnIds(
  import.meta.glob<Record<string, unknown>>('./features/**/*.functions.ts', { eager: true }),
)

const renderedPages = createPageCache()

export default createServerEntry({
  async fetch(request, options) {
    // A beacon never reaches Start, so its abort needs no marking: it is answered before.
    const beacon = beaconEndpoint.handle(request)
    if (beacon) return beacon
    markClientAbortAsClosedRequest(request)
    const call = limitServerFnBody(request)
    const response =
      refuseMethodOnPage(call) ??
      prerenderedPagesOfThisServer().serve(call) ??
      renderedPages.serve(call) ??
      (await render(call, async () =>
        refuseMalformedServerFnCall(
          call,
          await quietMalformedCalls(call, async () => handler.fetch(call, options)),
          knownIds,
        ),
      ))
    return compressResponse(request, closeAfterRefusedBody(response))
  },
})

/**
 * When a visitor's browser gives up on a request (a photo scrolled past, a page left), Start stops
 * the work by throwing the request signal's reason, and logs any error without an HTTP status as
 * an uncaught one, with its stack. Marked as nginx's 499 ("client closed request"), the reason is
 * an outcome, not a fault: no log line, and an answer nobody receives. This listener is added
 * before Start's, so it runs first.
 */
function markClientAbortAsClosedRequest(request: Request) {
  const mark = () => {
    const reason: unknown = request.signal.reason
    if (reason instanceof Error && !('status' in reason)) Object.assign(reason, { status: 499 })
  }
  if (request.signal.aborted) mark()
  else request.signal.addEventListener('abort', mark, { once: true })
}

async function render(request: Request, fetch: () => Response | Promise<Response>) {
  const { result, freshness } = renderRecordingFreshness(fetch)
  return renderedPages.keep(request, await result, freshness)
}
