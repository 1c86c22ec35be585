/** Probes for a load balancer: small JSON, never cached, never logged. */
import { lastContactSelfCheck } from './contact/contact-backend.server'
import { checkDataDir } from './db/data-dir-health.server'
import { embeddedDatabaseState } from './db/embedded-database.server'
import { getEnvironment } from './env.server'
import { photoVariantsWriteProblem } from './gallery/embedded-photo-variants.server'
import { galleryImageMode } from './gallery/gallery.server'

const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' }
const answer = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: status === 200 ? headers : { ...headers, 'retry-after': '2' },
  })

/** `/healthz`: the process is alive and answering. */
export const livenessResponse = () => answer({ status: 'ok' })

/**
 * `/readyz`. Embedded: the database answers with every migration applied and DATA_DIR takes
 * writes (else 503 naming why); photo variants that cannot be written are named but keep it
 * ready. Supabase: ready once started (an outage there shows in the gallery, and must not take
 * every instance out at once). Both name the contact checks by status (the sentences may name
 * hosts: they go to the log) and answer `degraded`, still 200, when one failed (decision 025).
 */
export async function readinessResponse(): Promise<Response> {
  const report = lastContactSelfCheck()
  const contact = report
    ? {
        checkedAt: report.checkedAt,
        ...Object.fromEntries(report.checks.map((c) => [c.name, c.status])),
      }
    : { checkedAt: null }
  const status = report?.checks.some((check) => check.status === 'failed') ? 'degraded' : 'ready'
  if (getEnvironment().SUPABASE_URL !== undefined) {
    return answer({ status, mode: 'supabase', images: galleryImageMode(), contact })
  }
  const dataDir = await checkDataDir(getEnvironment().DATA_DIR)
  if (dataDir.problem !== undefined) {
    const unwritable = { path: dataDir.path, unwritable: dataDir.problem }
    return answer({ status: 'unavailable', mode: 'embedded', dataDir: unwritable }, 503)
  }
  const database = await embeddedDatabaseState()
  if (!database.ready) return answer({ status: 'unavailable', database: database.reason }, 503)
  const variantsProblem = photoVariantsWriteProblem()
  return answer({
    status,
    mode: 'embedded',
    contact,
    ...(variantsProblem === undefined ? {} : { photoVariants: `unwritable: ${variantsProblem}` }),
  })
}
