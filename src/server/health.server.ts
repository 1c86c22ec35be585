/**
 * Probes for a load balancer or an orchestrator: small JSON, never cached, never logged (nothing
 * here writes a log line, and the server keeps no access log).
 */
import { embeddedDatabaseState } from './db/embedded-database.server'
import { getEnvironment } from './env.server'
import { photoVariantsWriteProblem } from './gallery/embedded-photo-variants.server'
import { galleryImageMode } from './gallery/gallery.server'

const headers = {
  'content-type': 'application/json',
  // A probe must always reach this process, never a cache.
  'cache-control': 'no-store',
}

const notReady = (body: Record<string, string>) =>
  new Response(JSON.stringify({ status: 'unavailable', ...body }), {
    status: 503,
    headers: { ...headers, 'retry-after': '2' },
  })

/** `/healthz`: the process is alive and answering. */
export const livenessResponse = () => new Response('{"status":"ok"}', { headers })

/**
 * `/readyz`: this instance can serve everything. Embedded: its database answers a query and has
 * every migration of this build applied. Supabase: once started; an outage there shows as the
 * gallery's error states, and must not take every instance out of the load balancer at once. With
 * Supabase the body also names how the gallery's photos are served (`images`: `render`, Supabase's
 * image transformations, or `variants`, the uploaded variants or the photo itself). Embedded, a
 * data directory whose photo variants cannot be written (read-only, full) is named
 * (`photoVariants`: `unwritable: EROFS: read-only file system`) but keeps the instance ready: every
 * page and photo is still served, the photos without smaller copies.
 */
export async function readinessResponse(): Promise<Response> {
  if (getEnvironment().SUPABASE_URL !== undefined) {
    const body = { status: 'ready', mode: 'supabase', images: galleryImageMode() }
    return new Response(JSON.stringify(body), { headers })
  }
  const database = await embeddedDatabaseState()
  if (!database.ready) return notReady({ database: database.reason })
  const variantsProblem = photoVariantsWriteProblem()
  const body = {
    status: 'ready',
    mode: 'embedded',
    ...(variantsProblem === undefined ? {} : { photoVariants: `unwritable: ${variantsProblem}` }),
  }
  return new Response(JSON.stringify(body), { headers })
}
