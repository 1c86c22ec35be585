// Workaround: Nitro's node-server entry listens before the boot plugin's services have started, and stops through http.Server.close(), which resets a keep-alive connection whose request is unread (nodejs/node#60617; test/canaries/nitro-node-entry.canary.test.ts); remove once Nitro's entry does both.
// The node-server build's entry (vite.config.ts).
import type { Server as HttpServer } from 'node:http'
// Not React hooks: Nitro's accessors of the app and its hooks.
import { useNitroApp as getNitroApp, useNitroHooks as getNitroHooks } from 'nitro/app'
import { serve } from 'srvx/node'
import { stopGalleryImport } from '#src/features/gallery/server/gallery.server.ts'
import { consoleLogger, errorFields } from '#supabase/functions/_shared/log.ts'
import { getEnvironment } from '../env.server'
import { gracefulStop } from '../graceful-stop.server'
import { installServerLogging } from '../log/server-log.server'
import { answerClientError } from '../node-client-error.server'
import { startServices } from '../services.server'

// Every line JSON with a level, uncaught errors included (docs/monitoring.md).
installServerLogging()
// A log pipe whose reader is gone fails every write with EPIPE; unheard, each failure is an
// uncaught exception whose own log line fails again (a server was seen spinning so).
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})

// A stop that comes while the services start is carried out once the server listens.
let stopAsked: string | undefined
let stopNow: ((reason: string) => void) | undefined
let cutAll: (() => void) | undefined
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopAsked !== undefined) return cutAll?.()
    stopAsked = signal
    stopNow?.(signal)
  })
}

const nitroApp = getNitroApp()
await startServices()
const environment = getEnvironment()
const server = serve({
  port: environment.PORT,
  hostname: environment.HOST,
  fetch: nitroApp.fetch,
  gracefulShutdown: false,
  // Said below, as a JSON line.
  silent: true,
})
const httpServer = server.node?.server as HttpServer
// Longer than a balancer's idle time-out: the balancer closes idle pooled connections, not us.
httpServer.keepAliveTimeout = environment.KEEP_ALIVE_TIMEOUT * 1000
httpServer.on('clientError', answerClientError)
const connections = gracefulStop(httpServer, {
  timeoutMs: environment.SERVER_SHUTDOWN_TIMEOUT * 1000,
})
cutAll = connections.cutAll
await server.ready()
consoleLogger.info('server.listening', { msg: `Listening on: ${server.url}` })

stopNow = async (reason) => {
  consoleLogger.info('server.stopping', {
    signal: reason,
    msg: `${reason}: answering the requests already sent, then stopping.`,
  })
  stopGalleryImport()
  try {
    const { cut } = await connections.stop()
    if (cut > 0)
      consoleLogger.warn('server.connections_cut', {
        cut,
        msg: `${cut} connections were still open after SERVER_SHUTDOWN_TIMEOUT; cut.`,
      })
    await server.close()
    await getNitroHooks().callHook('close')
  } catch (error) {
    consoleLogger.error('server.stop_failed', errorFields(error))
    process.exit(1)
  }
  // Nothing of ours holds the loop now; should a library's handle, say which, and exit anyway.
  setTimeout(() => {
    const holding = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap')
    consoleLogger.warn('server.still_running', {
      holding: holding.join(', '),
      msg: `Still running 5 s after shutdown (${holding.join(', ')}); exiting.`,
    })
    process.exit(0)
  }, 5_000).unref()
}
if (stopAsked !== undefined) stopNow(stopAsked)
