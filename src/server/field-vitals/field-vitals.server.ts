/**
 * The field-vitals services of this process, wired from the environment: the page-view store
 * (embedded PGlite, or Supabase with the secret key, which every instance shares), the recorder
 * that batches beacons into it, and the beacon endpoint. Embedded, the recorder also applies the
 * 13-month retention once a day; with Supabase the database's schedule does
 * (supabase/schedule-contact-delivery.sql). Embedded, it keeps <DATA_DIR>/report/site-report.json
 * for `npm run report`.
 */
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import { getEmbeddedDatabase } from '../db/embedded-database.server'
import { getEnvironment } from '../env.server'
import { processState } from '../process-state.server'
import { createBeaconEndpoint } from './beacon-endpoint.server'
import { createBeaconRateLimit } from './beacon-rate-limit.server'
import { createPageViewRecorder, type PageViewRecorder } from './page-view-recorder.server'
import {
  createSqlPageViewStore,
  createSupabasePageViewStore,
  type PageViewStore,
} from './page-view-store.server'
import { reportDir, startReportSnapshots } from './report-snapshot.server'

const dayMs = 86_400_000

const state = processState('field-vitals', () => ({
  store: undefined as Promise<PageViewStore> | undefined,
  recorder: undefined as Promise<PageViewRecorder> | undefined,
  snapshots: undefined as ReturnType<typeof startReportSnapshots> | undefined,
}))

export function getPageViewStore(): Promise<PageViewStore> {
  state.store ??= (async () => {
    const env = getEnvironment()
    if (env.SUPABASE_URL && env.SUPABASE_SECRET_KEY) {
      return createSupabasePageViewStore({
        url: env.SUPABASE_URL,
        secretKey: env.SUPABASE_SECRET_KEY,
      })
    }
    const { db } = await getEmbeddedDatabase(env.DATA_DIR)
    return createSqlPageViewStore(db)
  })()
  state.store.catch(() => {
    state.store = undefined
  })
  return state.store
}

function getRecorder(): Promise<PageViewRecorder> {
  state.recorder ??= getPageViewStore().then((store) =>
    createPageViewRecorder({
      store,
      log: consoleLogger,
      pruneEveryMs: getEnvironment().SUPABASE_URL === undefined ? dayMs : undefined,
    }),
  )
  state.recorder.catch(() => {
    state.recorder = undefined
  })
  return state.recorder
}

export const beaconEndpoint = createBeaconEndpoint({
  recorder: getRecorder,
  rateLimit: createBeaconRateLimit(),
})

/** Writes the beacons this instance has queued. */
export async function flushPageViews(): Promise<void> {
  await (await state.recorder?.catch(() => undefined))?.flush()
}

/**
 * At start: the recorder (and, embedded, the retention's first pass and the report snapshot that
 * `npm run report` reads).
 */
export async function startFieldVitals(): Promise<void> {
  await getRecorder()
  const env = getEnvironment()
  if (env.SUPABASE_URL === undefined && !state.snapshots) {
    state.snapshots = startReportSnapshots({
      dir: reportDir(env.DATA_DIR),
      store: await getPageViewStore(),
      log: consoleLogger,
    })
  }
}

/** Before the database closes: what is queued is written, then the report snapshot. */
export async function stopFieldVitals(): Promise<void> {
  const recorder = state.recorder
  state.recorder = undefined
  await (await recorder?.catch(() => undefined))?.stop()
  const snapshots = state.snapshots
  state.snapshots = undefined
  await snapshots?.stop()
}
