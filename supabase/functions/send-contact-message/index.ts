/**
 * Supabase edge function `send-contact-message` (Deno). Everything but the serving lives in
 * runtime-neutral modules: edge.ts (wiring from the environment), app.ts (caller auth, body,
 * routes), and the contact core in ../_shared/contact/.
 *
 * Locally: `deno run --allow-all --config deno.json index.ts` serves on PORT (default 8000).
 */
import { consoleLogger, errorFields } from '../_shared/log.ts'
import { createEdgeAppFromEnv } from './edge.ts'

interface DenoRuntime {
  env: { get(name: string): string | undefined }
  serve(
    options: { port?: number; onListen?: (addr: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown
}

const runtime = globalThis as unknown as {
  Deno: DenoRuntime
  EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void }
}
const deno = runtime.Deno

// An error nothing caught is a JSON line at error level like every other (docs/monitoring.md),
// not the runtime's plain-text report; the function keeps serving, as the site's server does.
globalThis.addEventListener('error', (event) => {
  event.preventDefault()
  consoleLogger.error('edge.uncaught_error', errorFields(event.error))
})
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault()
  consoleLogger.error('edge.unhandled_rejection', errorFields(event.reason))
})

const app = createEdgeAppFromEnv((name) => deno.env.get(name), {
  waitUntil: runtime.EdgeRuntime ? (promise) => runtime.EdgeRuntime?.waitUntil(promise) : undefined,
})

const port = deno.env.get('PORT')
deno.serve(
  {
    ...(port ? { port: Number(port) } : {}),
    onListen: ({ port }) => consoleLogger.info('edge.listening', { port }),
  },
  app.fetch,
)
