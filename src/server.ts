// The server entry: beacons, guarded server-function calls, pages (prerendered, kept, rendered).
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { compressResponse } from '#src/server/compress-response.server.ts'
import { beaconEndpoint } from '#src/server/field-vitals/field-vitals.server.ts'
import { createPageCache } from '#src/server/page-cache.server.ts'
import { servePrerendered } from '#src/server/prerender/serve-prerendered.server.ts'
import {
  answerServerFnCall,
  isServerFnCall,
  refuseMethodOnPage,
  serverFnIds,
} from '#src/server/server-fn-guard.server.ts'
import { getServerFnById } from '#tanstack-start-server-fn-resolver'

/** Every server function this build serves: those exported by a `*.functions.ts` module. */
const knownIds = serverFnIds(
  import.meta.glob<Record<string, unknown>>('./features/**/*.functions.ts', { eager: true }),
)

const renderedPages = createPageCache()

// Workaround: Start 1.169.5 imports a server function's module on the first call of that function, and a page that calls it meanwhile sends its shell with the skeletons, the data following as hidden parts only a script swaps in: the first visitor without JavaScript (or crawler) of each such page saw no projects (none filed; reproduction: e2e/gallery.spec.ts's shared-URL test on a fresh server); remove once test/canaries/start-server-fn-preload.canary.test.ts fails.
/** Every server function's module, imported before the first page renders. */
const serverFnsLoaded = Promise.allSettled(
  [...knownIds].map((id) => getServerFnById(id, { origin: 'server' })),
)

export default createServerEntry({
  async fetch(request, options) {
    // A beacon never reaches Start, so its abort needs no marking: it is answered before.
    const beacon = beaconEndpoint.handle(request)
    if (beacon) return beacon
    markClientAbortAsClosedRequest(request)
    if (isServerFnCall(request)) {
      const answer = answerServerFnCall(request, knownIds, (call) => handler.fetch(call, options))
      return compressResponse(request, await answer)
    }
    await serverFnsLoaded
    const response =
      refuseMethodOnPage(request) ??
      servePrerendered(request) ??
      renderedPages.serve(request) ??
      (await renderedPages.render(request, () => handler.fetch(request, options)))
    return compressResponse(request, response)
  },
})

// Workaround: Start 1.169.5 throws a client's abort out of its handler, logged as an uncaught error with its stack (https://github.com/TanStack/router/issues/7991, fix open: PR #8134); remove once test/canaries/start-requests.canary.test.ts's abort check fails.
/** Marked as nginx's 499 (client closed request), the abort is an outcome: no log line. Added before Start's listener, it runs first. */
function markClientAbortAsClosedRequest(request: Request) {
  const mark = () => {
    const reason: unknown = request.signal.reason
    if (reason instanceof Error && !('status' in reason)) Object.assign(reason, { status: 499 })
  }
  if (request.signal.aborted) mark()
  else request.signal.addEventListener('abort', mark, { once: true })
}
