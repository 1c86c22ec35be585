/**
 * What the site starts before it serves, and stops after its last answer. The server listens only
 * once `startServices()` has resolved (src/server/nitro/node-entry.ts): opening the embedded
 * database blocks the event loop for seconds, and a server that listened meanwhile would stall its
 * first requests and reset keep-alive connections whose time-out fell inside the block.
 */
import { startContactBackend, stopContactBackend } from './contact/contact-backend.server'
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
 * gallery once. With Supabase: starts the contact services and the gallery's first load, and does
 * not wait for them (an outage there shows as the gallery's error states, and must not keep every
 * instance from serving). A failure other than a fatal one is logged and resolves: the services
 * are tried again on first use, and /readyz says not ready meanwhile.
 */
export function startServices(): Promise<void> {
  state.started ??= (async () => {
    // Start's own flag for a server rendering pages at build time (scripts/prerender.ts): those
    // pages show no data, so it opens nothing and listens at once, in any build.
    if (process.env.TSS_PRERENDERING === 'true') return
    const starting = Promise.all([startGallery(), startContactBackend()])
    if (getEnvironment().SUPABASE_URL !== undefined) {
      starting.catch((error: unknown) => console.error('A service could not start:', error))
      await startFieldVitals()
      return
    }
    try {
      await starting
    } catch (error) {
      if (isFatalStartError(error)) throw error
      console.error('A service could not start; it will be retried on first use.', error)
    }
    // The data directory is this server's now (its lock is held once the database is open).
    await removeInterruptedWrites(getEnvironment().DATA_DIR)
    await checkPhotoVariantsDirectory()
    // After that clean-up: the report snapshot it starts writing is a temporary file at first.
    await startFieldVitals().catch((error: unknown) =>
      console.error('Field vitals could not start; beacons will retry on arrival.', error),
    )
  })()
  return state.started
}

/**
 * After the last answer: the contact services first (submissions and notification attempts still
 * running, then the delivery schedule, must finish before the database they write to closes),
 * then the embedded database and its lock.
 */
export function stopServices(): Promise<void> {
  state.stopped ??= (async () => {
    await stopContactBackend()
    // Beacons still queued are written before the embedded database closes.
    await stopFieldVitals()
    await stopGallery()
  })()
  return state.stopped
}
