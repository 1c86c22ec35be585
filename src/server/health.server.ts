/**
 * Probes for a load balancer or an orchestrator: small JSON, never cached, never logged (the
 * server keeps no access log; only a change of the data directory's state writes a line).
 */
import { lastContactSelfCheck } from './contact/contact-backend.server'
import { checkDataDir } from './db/data-dir-health.server'
import { embeddedDatabaseState } from './db/embedded-database.server'
import { getEnvironment } from './env.server'
import { photoVariantsWriteProblem } from './gallery/embedded-photo-variants.server'
import { galleryImageMode } from './gallery/gallery.server'

const headers = {
  'content-type': 'application/json',
  // A probe must always reach this process, never a cache.
  'cache-control': 'no-store',
}

const notReady = (body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status: 'unavailable', ...body }), {
    status: 503,
    headers: { ...headers, 'retry-after': '2' },
  })

/**
 * The contact path's last self-check, each check by name with its status (the sentences, which
 * may name hosts and users, go to the log and the owner's report: this answer is public). A
 * failed check makes the instance `degraded`, still 200: every instance shares the settings it
 * failed on, so a 503 would take them all out of the load balancer at once
 * (docs/decisions/025-contact-checks-degrade-readiness.md).
 */
function contactReadiness() {
  const report = lastContactSelfCheck()
  if (!report) return { degraded: false, contact: { checkedAt: null } }
  const statuses = Object.fromEntries(report.checks.map((check) => [check.name, check.status]))
  return {
    degraded: report.checks.some((check) => check.status === 'failed'),
    contact: { checkedAt: report.checkedAt, ...statuses },
  }
}

/** `/healthz`: the process is alive and answering. */
export const livenessResponse = () => new Response('{"status":"ok"}', { headers })

/**
 * `/readyz`: this instance can serve everything. Embedded: its database answers a query and has
 * every migration of this build applied, and its data directory takes writes (a read-only mount,
 * a full disk or a folder this user may not write would refuse every message: `dataDir` names the
 * folder and the reason, as `{"path":"/srv/data","unwritable":"ENOSPC: no space left on device"}`,
 * checked with a small write at most every 5 s). Supabase: once started; an outage there shows as the
 * gallery's error states, and must not take every instance out of the load balancer at once. With
 * Supabase the body also names how the gallery's photos are served (`images`: `render`, Supabase's
 * image transformations, or `variants`, the uploaded variants or the photo itself). Embedded, a
 * data directory whose photo variants cannot be written (read-only, full) is named
 * (`photoVariants`: `unwritable: EROFS: read-only file system`) but keeps the instance ready: every
 * page and photo is still served, the photos without smaller copies. Both modes name the contact
 * path's checks (`contact`) and answer `degraded` when one failed.
 */
export async function readinessResponse(): Promise<Response> {
  const { degraded, contact } = contactReadiness()
  const status = degraded ? 'degraded' : 'ready'
  if (getEnvironment().SUPABASE_URL !== undefined) {
    const body = { status, mode: 'supabase', images: galleryImageMode(), contact }
    return new Response(JSON.stringify(body), { headers })
  }
  const dataDir = await checkDataDir(getEnvironment().DATA_DIR)
  if (dataDir.problem !== undefined) {
    return notReady({
      mode: 'embedded',
      dataDir: { path: dataDir.path, unwritable: dataDir.problem },
    })
  }
  const database = await embeddedDatabaseState()
  if (!database.ready) return notReady({ database: database.reason })
  const variantsProblem = photoVariantsWriteProblem()
  const body = {
    status,
    mode: 'embedded',
    contact,
    ...(variantsProblem === undefined ? {} : { photoVariants: `unwritable: ${variantsProblem}` }),
  }
  return new Response(JSON.stringify(body), { headers })
}
