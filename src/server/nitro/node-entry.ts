// Workaround: Nitro's node entries listen before the boot plugin's services have started, stop through http.Server.close() (which resets a keep-alive connection whose request is unread: nodejs/node#60617), and Nitro's cluster primary neither stops nor replaces its workers (no Nitro issue filed; test/canaries/nitro-node-entry.canary.test.ts); remove once Nitro's entries do these.
/**
 * The node-server and node-cluster builds' entry (vite.config.ts): it listens once the services
 * have started, and SIGTERM/SIGINT stop it without losing a request, then stop the services.
 */
import cluster from 'node:cluster'
import { Server as HttpServer } from 'node:http'
import { availableParallelism } from 'node:os'
// Not React hooks: Nitro's accessors of the app and its hooks.
import { useNitroApp as getNitroApp, useNitroHooks as getNitroHooks } from 'nitro/app'
import { serve } from 'srvx/node'
import { getEnvironment } from '../env.server'
import { gracefulStop } from '../graceful-stop.server'
import { answerClientError } from '../node-client-error.server'
import { startServices } from '../services.server'

/** The primary's stop: a message, as a terminal's Ctrl-C also signals the workers themselves. */
const stopMessage = 'maple-hearth:stop'

if (import.meta.preset === 'node-cluster' && cluster.isPrimary) runClusterPrimary()
else await runServer()

async function runServer() {
  process.on('unhandledRejection', (error) => console.error('[unhandledRejection]', error))
  process.on('uncaughtException', (error) => console.error('[uncaughtException]', error))
  // A log pipe whose reader is gone fails every write with EPIPE; unheard, each failure is an
  // uncaught exception whose own log line fails again (a server was seen spinning so).
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})

  // A stop that comes while the services start is carried out once the server listens.
  let stopAsked: string | undefined
  let stopNow: ((reason: string) => void) | undefined
  let cutAll: (() => void) | undefined
  const ask = (reason: string, second?: () => void) => {
    if (stopAsked !== undefined) return second?.()
    stopAsked = reason
    stopNow?.(reason)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => ask(signal, cutAll))
  process.on('message', (message) => message === stopMessage && ask('Stop from the primary'))

  const nitroApp = getNitroApp()
  await startServices()
  const environment = getEnvironment()
  const server = serve({
    port: environment.PORT,
    hostname: environment.HOST,
    fetch: nitroApp.fetch,
    gracefulShutdown: false,
    ...(cluster.isWorker ? { node: { exclusive: false }, silent: cluster.worker?.id !== 1 } : {}),
  })
  const httpServer = server.node?.server
  if (!(httpServer instanceof HttpServer)) throw new Error('srvx did not create an HTTP/1.1 server')
  // Longer than a balancer's idle time-out: the balancer closes idle pooled connections, not us.
  httpServer.keepAliveTimeout = environment.KEEP_ALIVE_TIMEOUT * 1000
  httpServer.on('clientError', answerClientError)
  const connections = gracefulStop(httpServer, {
    timeoutMs: environment.SERVER_SHUTDOWN_TIMEOUT * 1000,
  })
  cutAll = connections.cutAll
  await server.ready()

  stopNow = async (reason) => {
    console.info(`${reason}: answering the requests already sent, then stopping.`)
    try {
      const { cut } = await connections.stop()
      if (cut > 0)
        console.warn(`${cut} connections were still open after SERVER_SHUTDOWN_TIMEOUT; cut.`)
      await server.close()
      await getNitroHooks().callHook('close')
    } catch (error) {
      console.error('Stopping failed:', error)
      process.exit(1)
    }
    cluster.worker?.disconnect()
    // Nothing of ours holds the loop now; should a library's handle, say which, and exit anyway.
    setTimeout(() => {
      const holding = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap')
      console.warn(`Still running 5 s after shutdown (${holding.join(', ')}); exiting.`)
      process.exit(0)
    }, 5_000).unref()
  }
  if (stopAsked !== undefined) stopNow(stopAsked)
}

function runClusterPrimary() {
  // Workers accept from the shared socket themselves: with round robin, a connection the primary
  // had accepted but not handed over would be reset when the last worker stops.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  const served = new Set<number>()
  let running = 0
  let stopping = false
  const fork = () => {
    running += 1
    cluster.fork()
  }
  const stopWorkers = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(stopMessage)
  }
  cluster.on('listening', (worker) => served.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    running -= 1
    const how = signal ?? `code ${code}`
    if (!stopping && served.has(worker.id)) {
      console.warn(`A worker exited (${how}); starting another.`)
      return fork()
    }
    if (!stopping) {
      // One that never served (a bad variable, say) would fail again.
      console.error(`A worker exited before serving (${how}); stopping.`)
      process.exitCode = code || 1
      stopWorkers()
    }
    if (running === 0) process.exit()
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) return stopWorkers()
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    })
  }
  const size =
    Number.parseInt(process.env.NITRO_CLUSTER_WORKERS ?? '', 10) || availableParallelism()
  for (let index = 0; index < size; index++) fork()
}
