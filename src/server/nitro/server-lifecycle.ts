import { definePlugin } from 'nitro'
import { startContactBackend, stopContactBackend } from '../contact/contact-backend.server'
import { DataDirectoryInUseError } from '../db/directory-lock.server'
import { EnvironmentError, getEnvironment, ignoredVariables } from '../env.server'
import { startGallery, stopGallery } from '../gallery/gallery.server'

/**
 * Runs when the production server boots, before it serves anyone: a bad variable or a data
 * directory held by another server stops it with a clear message. On shutdown it closes the
 * embedded database and releases its lock.
 */
export default definePlugin((nitroApp) => {
  try {
    // srvx reads this when the server starts listening, right after the plugins ran: how long
    // requests in progress (a contact message: captcha 5 s + store + notification 3 s) and the
    // close hooks may take after SIGTERM before every connection is cut. srvx's own default is 5 s.
    const environment = getEnvironment()
    process.env.SERVER_SHUTDOWN_TIMEOUT = String(environment.SERVER_SHUTDOWN_TIMEOUT)
    const mode = environment.SUPABASE_URL ? 'Supabase' : 'embedded'
    for (const { name, reason } of ignoredVariables(environment, process.env)) {
      console.warn(`${name} is set but does nothing in ${mode} mode: ${reason}.`)
    }
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    console.error(`${error.message}\nSee .env.example for every variable and its format.`)
    process.exit(1)
  }

  const starting = Promise.all([startGallery(), startContactBackend()])
  starting.catch((error: unknown) => {
    if (error instanceof DataDirectoryInUseError) {
      console.error(error.message)
      process.exit(1)
    }
    console.error('A service could not start; it will be retried on first use.', error)
  })

  // Nitro calls the close hooks once the HTTP server has finished the requests in progress
  // (srvx's graceful shutdown on SIGTERM/SIGINT). Contact services first: submissions and
  // notification attempts still running, then the delivery schedule, must finish before the database they
  // write to closes.
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= (async () => {
      await stopContactBackend()
      await stopGallery()
      exitIfStillRunning()
    })()
    return closed
  }
  nitroApp.hooks.hook('close', close)

  // Once a stop signal has come, every answer says `Connection: close`. Without it the browser
  // that sent a request still in progress keeps its connection open afterwards, the HTTP server
  // waits for it until srvx's graceful time-out (SERVER_SHUTDOWN_TIMEOUT) cuts every connection.
  let stopping = false
  const onStopSignal = () => {
    stopping = true
  }
  process.on('SIGTERM', onStopSignal)
  process.on('SIGINT', onStopSignal)
  nitroApp.hooks.hook('response', (response) => {
    if (!stopping) return
    try {
      response.headers.set('connection', 'close')
    } catch {
      // A response with immutable headers: its connection is closed by the time-out instead.
    }
  })

  // srvx installs its graceful shutdown only when neither CI nor TEST is set. Without it a
  // SIGTERM would kill the process with the database open and its lock in place: close them
  // ourselves then (requests in progress are not awaited in that case).
  setImmediate(() => {
    const others = process.listeners('SIGTERM').filter((listener) => listener !== onStopSignal)
    if (others.length > 0) return
    console.warn(
      'No graceful shutdown in the HTTP server (srvx skips it when CI or TEST is set; the dev ' +
        'server has none): on SIGTERM/SIGINT the database is closed before exit, but requests ' +
        'in progress are not awaited.',
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
