/** Probes for a load balancer: small JSON, never cached, never logged. */

import { photoVariantsWriteProblem } from '#src/features/gallery/server/embedded-photo-variants.server.ts'
import { galleryImageMode } from '#src/features/gallery/server/gallery.server.ts'
import { lastContactSelfCheck } from './contact/contact-backend.server'
import { checkDataDir } from './db/data-dir-health.server'
import { embeddedDatabaseProblem } from './db/embedded-database.server'
import { getEnvironment } from './env.server'

const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' }
const answer = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: status === 200 ? headers : { ...headers, 'retry-after': '2' },
  })

export const livenessResponse = () => answer({ status: 'ok' })

// `/readyz`: Supabase mode is ready once started (its outage must not take every instance out).
// A failed contact check is `degraded`, still 200 (decision 025), named by status (not text).
export async function readinessResponse(): Promise<Response> {
  const report = lastContactSelfCheck()
  const contact = report
    ? {
        checkedAt: report.checkedAt,
        ...Object.fromEntries(report.checks.map((c) => [c.name, c.status])),
      }
    : { checkedAt: null }
  const status = report?.checks.some((check) => check.status === 'failed') ? 'degraded' : 'ready'
  const { SUPABASE_URL, DATA_DIR } = getEnvironment()
  if (SUPABASE_URL !== undefined) {
    return answer({ status, mode: 'supabase', images: galleryImageMode(), contact })
  }
  const dataDir = await checkDataDir(DATA_DIR)
  if (dataDir.problem !== undefined) {
    const unwritable = { path: dataDir.path, unwritable: dataDir.problem }
    return answer({ status: 'unavailable', mode: 'embedded', dataDir: unwritable }, 503)
  }
  const database = await embeddedDatabaseProblem()
  if (database) return answer({ status: 'unavailable', database }, 503)
  const variantsProblem = photoVariantsWriteProblem()
  return answer({
    status,
    mode: 'embedded',
    contact,
    ...(variantsProblem && { photoVariants: `unwritable: ${variantsProblem}` }),
  })
}
