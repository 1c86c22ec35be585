/**
 * The field-vitals services of this process: the page-view store (embedded PGlite, or Supabase
 * shared by every instance), the recorder and the beacon endpoint; embedded, the 13-month
 * retention (daily) and the report snapshot for `npm run report` (every ten minutes and at stop).
 */
import { consoleLogger as log } from '#supabase/functions/_shared/contact/log.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createPageViewRecorder } from './page-view-recorder.server'
import * as stores from './page-view-store.server'
import { reportDir, writeReportSnapshot } from './report-snapshot.server'

const state = processState('field-vitals', () => ({
  store: undefined as Promise<stores.PageViewStore> | undefined,
  recorder: createPageViewRecorder(getPageViewStore, log),
  stopChores: async () => {},
}))

export function getPageViewStore(): Promise<stores.PageViewStore> {
  state.store ??= (async () => {
    const { SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey, DATA_DIR } = getEnvironment()
    if (url && secretKey) return stores.createSupabasePageViewStore({ url, secretKey })
    return stores.createSqlPageViewStore((await getEmbeddedDatabase(DATA_DIR)).db)
  })()
  // One that failed to open is tried again at the next call.
  state.store.catch(() => {
    state.store = undefined
  })
  return state.store
}

export const beaconEndpoint = createBeaconEndpoint(state.recorder)

/** Writes the beacons this instance has queued. */
export const flushPageViews = () => state.recorder.flush()

/** Runs `task` now and every `ms`, one at a time; what it returns stops it, once done. */
function every(ms: number, task: () => Promise<unknown>): () => Promise<unknown> {
  let running = task()
  const timer = setInterval(() => {
    running = running.then(task)
  }, ms).unref()
  return () => {
    clearInterval(timer)
    return running
  }
}

export async function startFieldVitals(): Promise<void> {
  const store = await getPageViewStore()
  const { SUPABASE_URL, DATA_DIR } = getEnvironment()
  if (SUPABASE_URL !== undefined) return
  const failed = (event: string) => (error: unknown) => log.error(event, { error: String(error) })
  const prune = () =>
    store
      .prune()
      .then(
        (removed) => removed && log.info('vitals.pruned', { removed }),
        failed('vitals.prune_failed'),
      )
  const snapshot = () =>
    writeReportSnapshot(reportDir(DATA_DIR), store, log).catch(
      failed('vitals.report_snapshot_failed'),
    )
  const stops = [every(86_400_000, prune), every(600_000, snapshot)]
  state.stopChores = async () => {
    await Promise.all(stops.map((stop) => stop()))
    await snapshot()
  }
}

/** Before the database closes: what is queued is written, then the report snapshot. */
export async function stopFieldVitals(): Promise<void> {
  await state.recorder.flush()
  await state.stopChores()
}
