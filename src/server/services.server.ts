/**
 * What the site starts before it serves, and stops after its last answer. The server listens only
 * once `startServices()` has resolved (src/server/nitro/node-entry.ts): opening the embedded
 * database blocks the event loop for seconds, and a server that listened meanwhile would stall its
 * first requests and reset keep-alive connections whose time-out fell inside the block.
 */
import { consoleLogger, describeError } from '#supabase/functions/_shared/contact/log.ts'
import { startContactBackend, stopContactBackend } from './contact/contact-backend.server'
import { checkDataDir, stopWatchingDataDir, watchDataDir } from './db/data-dir-health.server'
import { DataDirectoryInUseError } from './db/directory-lock.server'
import { EmbeddedDatabaseMissingError } from './db/embedded-database.server'
import { getEnvironment } from './env.server'
import { startFieldVitals, stopFieldVitals } from './field-vitals/field-vitals.server'
import { checkPhotoVariantsDirectory } from './gallery/embedded-photo-variants.server'
import { startGallery, stopGallery } from './gallery/gallery.server'
import { removeInterruptedWrites } from './interrupted-writes.server'
import { processState } from './process-state.server'

/** A start failure no retry can mend: the server must not run. */
export const isFatalStartError = (error: unknown) =>
  error instanceof DataDirectoryInUseError || error instanceof EmbeddedDatabaseMissingError

const state = processState('services', () => ({
  started: undefined as Promise<void> | undefined,
  stopped: undefined as Promise<void> | undefined,
}))

/**
 * Embedded: opens the database (migrations included), starts the contact services and loads the
 * gallery once; a data directory that takes no writes (read-only, full) is named in the log and
 * in /readyz instead, and the services start once a write works there again. With Supabase:
 * starts the contact services and the gallery's first load, and does not wait for them (an
 * outage there shows as the gallery's error states, and must not keep every instance from
 * serving). A failure other than a fatal one is logged and resolves: the services are tried again
 * on first use, and /readyz says not ready meanwhile.
 */
export function startServices(): Promise<void> {
  state.started ??= (async () => {
    // Start's own flag for a server rendering pages at build time (scripts/prerender.ts): those
    // pages show no data, so it opens nothing and listens at once, in any build.
    if (process.env.TSS_PRERENDERING === 'true') return
    if (getEnvironment().SUPABASE_URL !== undefined) {
      Promise.all([startGallery(), startContactBackend()]).catch((error: unknown) =>
        consoleLogger.error('services.start_failed', { error: describeError(error) }),
      )
      await startFieldVitals()
      return
    }
    const dataDir = getEnvironment().DATA_DIR
    const { problem } = await checkDataDir(dataDir)
    if (problem !== undefined) {
      // Serve meanwhile: the pages that need no database, and a /readyz that says why.
      watchDataDir(dataDir, {
        onWritable: () =>
          void startEmbeddedServices(dataDir).catch((error: unknown) =>
            consoleLogger.error('services.start_failed', { error: describeError(error) }),
          ),
      })
      return
    }
    watchDataDir(dataDir)
    await startEmbeddedServices(dataDir)
  })()
  return state.started
}

async function startEmbeddedServices(dataDir: string): Promise<void> {
  try {
    await Promise.all([startGallery(), startContactBackend()])
  } catch (error) {
    if (isFatalStartError(error)) throw error
    consoleLogger.error('services.start_failed', {
      error: describeError(error),
      retried: 'on first use',
    })
  }
  // The data directory is this server's now (its lock is held once the database is open).
  await removeInterruptedWrites(dataDir)
  await checkPhotoVariantsDirectory()
  // After that clean-up: the report snapshot it starts writing is a temporary file at first.
  await startFieldVitals().catch((error: unknown) =>
    consoleLogger.error('vitals.start_failed', {
      error: describeError(error),
      retried: 'when a beacon arrives',
    }),
  )
}

/**
 * After the last answer: the contact services first (submissions and notification attempts still
 * running, then the delivery schedule, must finish before the database they write to closes),
 * then the embedded database and its lock.
 */
export function stopServices(): Promise<void> {
  state.stopped ??= (async () => {
    stopWatchingDataDir()
    await stopContactBackend()
    // Beacons still queued are written before the embedded database closes.
    await stopFieldVitals()
    await stopGallery()
  })()
  return state.stopped
}
