// This process's page-view store (embedded PGlite, or Supabase shared by every instance), recorder,
// beacon endpoint and the owner's report; embedded, the 13-month retention and the report snapshot.
import { createHash, timingSafeEqual } from 'node:crypto'
import {
  parseSiteReport,
  reportDays,
  type SiteReport,
} from '#src/features/site-report/site-report.ts'
import { describeError, consoleLogger as log } from '#supabase/functions/_shared/log.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder } from './page-view-recorder.server'
import {
  createSqlPageViewStore,
  createSupabasePageViewStore,
  ownerReportDocument,
  type PageViewStore,
  reportDir,
  writeReportSnapshot,
} from './page-view-store.server'

const state = processState('field-vitals', () => ({
  store: undefined as PageViewStore | undefined,
  recorder: createPageViewRecorder(getPageViewStore, log),
  stopChores: async (): Promise<unknown> => undefined,
}))

export async function getPageViewStore(): Promise<PageViewStore> {
  if (state.store) return state.store
  const { SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey, DATA_DIR } = getEnvironment()
  // Kept once open: a store that failed to open is tried again at the next call.
  state.store =
    url && secretKey
      ? createSupabasePageViewStore({ url, secretKey })
      : createSqlPageViewStore((await getEmbeddedDatabase(DATA_DIR)).db)
  return state.store
}

export const beaconEndpoint = createBeaconEndpoint(state.recorder)

// In constant time: digests are of equal length.
const digest = (text: string) => createHash('sha256').update(text).digest()

/** The owner's report behind OWNER_REPORT_KEY: undefined (the page answers 404) for any other key. */
export async function ownerReport(key: string): Promise<SiteReport | undefined> {
  const expected = getEnvironment().OWNER_REPORT_KEY
  if (expected === undefined || !timingSafeEqual(digest(key), digest(expected))) return undefined
  // What this instance holds is written first, so the owner sees the latest beacons.
  await state.recorder.flush()
  const store = await getPageViewStore()
  return parseSiteReport(await ownerReportDocument(store, reportDays, log))
}

export async function startFieldVitals(): Promise<void> {
  const store = await getPageViewStore()
  const { SUPABASE_URL, DATA_DIR } = getEnvironment()
  if (SUPABASE_URL !== undefined) return
  const failed = (event: string) => (error: unknown) =>
    log.error(event, { error: describeError(error) })
  // The retention is an indexed delete that mostly finds nothing: cheap every ten minutes.
  const tend = async () => {
    const removed = await store.prune().catch(failed('vitals.prune_failed'))
    if (removed) log.info('vitals.pruned', { removed })
    await writeReportSnapshot(reportDir(DATA_DIR), store, log).catch(
      failed('vitals.report_snapshot_failed'),
    )
  }
  let tending = tend()
  const timer = setInterval(() => {
    tending = tending.then(tend)
  }, 600_000).unref()
  state.stopChores = () => {
    clearInterval(timer)
    return tending.then(tend)
  }
}

/** Before the database closes: what is queued is written, then the report snapshot. */
export async function stopFieldVitals(): Promise<void> {
  await state.recorder.flush()
  await state.stopChores()
}
