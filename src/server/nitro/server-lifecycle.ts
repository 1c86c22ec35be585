import { definePlugin } from 'nitro'
import { startContactServices, stopContactServices } from '../contact/contact-services.server'
import { DataDirectoryInUseError } from '../db/directory-lock.server'
import { EnvironmentError, getEnvironment } from '../env.server'
import { startGallery, stopGallery } from '../gallery/gallery.server'

/**
 * Runs when the production server boots, before it serves anyone: a bad variable or a data
 * directory held by another server stops it with a clear message. On shutdown it closes the
 * embedded database and releases its lock.
 */
export default definePlugin((nitroApp) => {
  try {
    getEnvironment()
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    console.error(`${error.message}\nSee .env.example for every variable and its format.`)
    process.exit(1)
  }

  const starting = Promise.all([startGallery(), startContactServices()])
  starting.catch((error: unknown) => {
    if (error instanceof DataDirectoryInUseError) {
      console.error(error.message)
      process.exit(1)
    }
    console.error('A service could not start; it will be retried on first use.', error)
  })

  // Nitro calls the close hooks once the HTTP server has finished the requests in progress
  // (srvx's graceful shutdown on SIGTERM/SIGINT). Contact services first: submissions and
  // notification attempts still running, then the retrier, must finish before the database they
  // write to closes.
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= (async () => {
      await stopContactServices()
      await stopGallery()
      exitIfStillRunning()
    })()
    return closed
  }
  nitroApp.hooks.hook('close', close)

  // srvx installs its graceful shutdown only when neither CI nor TEST is set. Without it a
  // SIGTERM would kill the process with the database open and its lock in place: close them
  // ourselves then (requests in progress are not awaited in that case).
  setImmediate(() => {
    if (process.listenerCount('SIGTERM') > 0) return
    console.warn(
      'The HTTP server has no graceful shutdown (CI or TEST is set): on SIGTERM/SIGINT the ' +
        'database is still closed before exit, but requests in progress are not awaited.',
    )
    const onSignal = (signal: NodeJS.Signals) => {
      console.info(`${signal}: closing the database, then exiting.`)
      void close().finally(() => process.exit(0))
    }
    process.once('SIGTERM', onSignal)
    process.once('SIGINT', onSignal)
  })
})

/**
 * After shutdown nothing of ours holds the event loop, so the process exits by itself. Should
 * anything still hold it (a library's socket or timer), say what, and exit anyway.
 */
function exitIfStillRunning(graceMs = 5_000) {
  setTimeout(() => {
    const holding = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap')
    console.warn(`Still running ${graceMs} ms after shutdown (${holding.join(', ')}); exiting.`)
    process.exit(0)
  }, graceMs).unref()
}
