// What the site starts before it listens (opening the embedded database blocks for seconds) and
// stops after its last answer.

import { checkPhotoVariantsDirectory } from '#src/features/gallery/server/embedded-photo-variants.server.ts'
import { startGallery, stopGallery } from '#src/features/gallery/server/gallery.server.ts'
import { consoleLogger, describeError } from '#supabase/functions/_shared/log.ts'
import { startContactBackend, stopContactBackend } from './contact/contact-backend.server'
import { checkDataDir, stopWatchingDataDir, watchDataDir } from './db/data-dir-health.server'
import { DataDirectoryInUseError } from './db/directory-lock.server'
import { EmbeddedDatabaseMissingError } from './db/embedded-database.server'
import { getEnvironment } from './env.server'
import { startFieldVitals, stopFieldVitals } from './field-vitals/field-vitals.server'
import { processState } from './process-state.server'

/** A start failure no retry can mend: the server must not run. */
export const isFatalStartError = (error: unknown) =>
  error instanceof DataDirectoryInUseError || error instanceof EmbeddedDatabaseMissingError

const state = processState('services', () => ({
  started: undefined as Promise<void> | undefined,
  stopped: undefined as Promise<void> | undefined,
}))
const logFailure = (event: string, retried: string) => (error: unknown) =>
  consoleLogger.error(event, { error: describeError(error), retried })
const retriedOnFirstUse = logFailure('services.start_failed', 'on first use')

// Supabase: no wait (its outage must not keep every instance from serving). Embedded: an
// unwritable DATA_DIR is served around until a write works. Only a fatal error rejects.
export function startServices(): Promise<void> {
  state.started ??= (async () => {
    // Start's flag for the build-time render of pages that show no data.
    if (process.env.TSS_PRERENDERING === 'true') return
    const { SUPABASE_URL, DATA_DIR } = getEnvironment()
    if (SUPABASE_URL !== undefined) {
      Promise.all([startGallery(), startContactBackend()]).catch(retriedOnFirstUse)
      return startFieldVitals()
    }
    const startEmbedded = async () => {
      await Promise.all([startGallery(), startContactBackend()]).catch((error: unknown) => {
        if (isFatalStartError(error)) throw error
        retriedOnFirstUse(error)
      })
      await checkPhotoVariantsDirectory()
      await startFieldVitals().catch(logFailure('vitals.start_failed', 'when a beacon arrives'))
    }
    const writable = (await checkDataDir(DATA_DIR)).problem === undefined
    watchDataDir(
      DATA_DIR,
      writable ? undefined : () => void startEmbedded().catch(retriedOnFirstUse),
    )
    if (writable) return startEmbedded()
  })()
  return state.started
}

/** The contact services first (sends in progress finish), then beacons, then the database. */
export function stopServices(): Promise<void> {
  state.stopped ??= (async () => {
    stopWatchingDataDir()
    await stopContactBackend()
    await stopFieldVitals()
    await stopGallery()
  })()
  return state.stopped
}
