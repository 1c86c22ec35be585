import { isEmbeddedDatabaseOpen } from './db/embedded-database.server'
import { getEnvironment } from './env.server'

const headers = {
  'content-type': 'application/json',
  // A probe must always reach this process, never a cache.
  'cache-control': 'no-store',
}

/** `/healthz`: the process is alive and answering. */
export const livenessResponse = () => new Response('{"status":"ok"}', { headers })

/**
 * `/readyz`: this instance can serve everything. Embedded: once its database is open with the
 * migrations applied (opening takes seconds, and blocks the event loop meanwhile). Supabase: once
 * started; an outage there shows as the gallery's error states, and must not take every
 * instance out of the load balancer at once.
 */
export function readinessResponse(): Response {
  const supabase = getEnvironment().SUPABASE_URL !== undefined
  if (supabase || isEmbeddedDatabaseOpen()) {
    return new Response(
      JSON.stringify({ status: 'ready', mode: supabase ? 'supabase' : 'embedded' }),
      {
        headers,
      },
    )
  }
  return new Response('{"status":"starting","database":"opening"}', {
    status: 503,
    headers: { ...headers, 'retry-after': '2' },
  })
}
