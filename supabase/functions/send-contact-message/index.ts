/**
 * Supabase edge function `send-contact-message` (Deno). Everything but the serving lives in
 * runtime-neutral modules: edge.ts (wiring from the environment), app.ts (caller auth, body,
 * routes), and the contact core in ../_shared/contact/.
 *
 * Locally: `deno run --allow-all --config deno.json index.ts` serves on PORT (default 8000).
 */
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

const app = createEdgeAppFromEnv((name) => deno.env.get(name), {
  waitUntil: runtime.EdgeRuntime ? (promise) => runtime.EdgeRuntime?.waitUntil(promise) : undefined,
})

const port = deno.env.get('PORT')
deno.serve(
  {
    ...(port ? { port: Number(port) } : {}),
    onListen: ({ port }) => console.info(JSON.stringify({ event: 'edge.listening', port })),
  },
  app.fetch,
)
