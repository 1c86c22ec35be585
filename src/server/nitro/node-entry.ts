// Workaround: Nitro's node entry listens before the services start and stops with http.Server.close(), which resets idle keep-alive connections (https://github.com/nodejs/node/issues/60617; no Nitro issue found, searched 2026-11-25); remove once Nitro waits for readiness and drains on stop.
/**
 * The production server's entry for the node-server and node-cluster builds, in place of Nitro's
 * own (vite.config.ts), which listens before the app's services have started and stops through
 * `http.Server.close()`:
 * - it listens only once the services have started (services.server.ts), so no request meets an
 *   event loop blocked by the embedded database's start;
 * - SIGTERM/SIGINT stop it without losing a request, even under steady traffic
 *   (graceful-stop.server.ts), then the services stop; the same with CI or TEST set (srvx skips
 *   its own shutdown then);
 * - a request Node cannot parse gets Node's status with the security headers
 *   (node-client-error.server.ts);
 * - in a node-cluster build the primary process forks the workers, hands each stop to them and
 *   waits for them, and replaces a worker that dies (Nitro's primary does none of this).
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

/** The primary's word to a worker to stop, as the stop signals do. */
const stopMessage = 'maple-hearth:stop'

if (import.meta.preset === 'node-cluster' && cluster.isPrimary) {
  runClusterPrimary()
} else {
  await runServer()
}

async function runServer() {
  process.on('unhandledRejection', (error) => console.error('[unhandledRejection]', error))
  process.on('uncaughtException', (error) => console.error('[uncaughtException]', error))
  // A log pipe whose reader is gone (a log shipper restarted, a supervisor's pipe closed) fails
  // every write with EPIPE. Unheard, each failure is an uncaught exception whose own log line
  // fails again: a server orphaned by its test runner was seen spinning so at full CPU, answering
  // nothing (not reproduced on demand). Lines are lost then, never requests.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})

  // A stop may come while the services start (a cluster's primary stopping a worker it has just
  // replaced): it is kept, and carried out once the server listens.
  let serving: { stop: (reason: string) => void; cutAll: () => void } | undefined
  let stopAsked: string | undefined
  const ask = (reason: string, second: () => void) => {
    if (stopAsked !== undefined) return second()
    stopAsked = reason
    serving?.stop(reason)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // A second signal while stopping: cut every connection now.
    process.on(signal, () => ask(signal, () => serving?.cutAll()))
  }
  process.on('message', (message) => {
    if (message === stopMessage) ask('Stop from the cluster primary', () => {})
  })

  // Runs the plugins (src/server/nitro/server-lifecycle.server.ts): the environment is checked and the
  // services start.
  const nitroApp = getNitroApp()
  await startServices()

  const environment = getEnvironment()
  const server = serve({
    port: environment.PORT,
    hostname: environment.HOST,
    fetch: nitroApp.fetch,
    gracefulShutdown: false,
    // Workers share the primary's socket; one of them says where it listens.
    ...(cluster.isWorker ? { node: { exclusive: false }, silent: cluster.worker?.id !== 1 } : {}),
  })
  const httpServer = server.node?.server
  if (!(httpServer instanceof HttpServer)) throw new Error('srvx did not create an HTTP/1.1 server')
  // Longer than a load balancer's idle time-out: the balancer, not this server, closes an idle
  // pooled connection, so it never sends a request on one this server is closing.
  httpServer.keepAliveTimeout = environment.KEEP_ALIVE_TIMEOUT * 1000
  // Node's own 400 (431, 408) to a request it cannot parse, with the security headers.
  httpServer.on('clientError', answerClientError)
  const connections = gracefulStop(httpServer, {
    timeoutMs: environment.SERVER_SHUTDOWN_TIMEOUT * 1000,
  })
  await server.ready()

  const stop = async (reason: string) => {
    console.info(`${reason}: answering the requests already sent, then stopping.`)
    try {
      const { cut } = await connections.stop()
      if (cut > 0) {
        console.warn(`${cut} connections were still open after SERVER_SHUTDOWN_TIMEOUT; cut.`)
      }
      await server.close()
      await getNitroHooks().callHook('close')
    } catch (error) {
      console.error('Stopping failed:', error)
      process.exit(1)
    }
    // A worker's channel to the primary would keep it running.
    if (cluster.isWorker) cluster.worker?.disconnect()
    exitWhenIdle()
  }
  serving = { stop: (reason) => void stop(reason), cutAll: () => connections.cutAll() }
  if (stopAsked !== undefined) serving.stop(stopAsked)
}

/**
 * After the stop nothing of ours holds the event loop, so the process exits by itself. Should
 * anything still hold it (a library's socket or timer), say what, and exit anyway.
 */
function exitWhenIdle(graceMs = 5_000) {
  setTimeout(() => {
    const holding = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap')
    console.warn(`Still running ${graceMs} ms after shutdown (${holding.join(', ')}); exiting.`)
    process.exit(0)
  }, graceMs).unref()
}

function runClusterPrimary() {
  const size =
    Number.parseInt(process.env.NITRO_CLUSTER_WORKERS ?? '', 10) || availableParallelism()
  // Our own count: Node keeps a worker in cluster.workers until its channel is closed too.
  const running = new Set<number>()
  const served = new Set<number>()
  let stopping = false
  const fork = () => running.add(cluster.fork().id)
  cluster.on('listening', (worker) => served.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker.id)
    if (stopping) {
      if (running.size === 0) process.exit()
      return
    }
    if (!served.has(worker.id)) {
      // A worker that never served (a bad variable, say) would fail again: stop them all.
      console.error(`A worker exited before serving (${signal ?? `code ${code}`}); stopping.`)
      process.exitCode = code || 1
      stopWorkers()
      if (running.size === 0) process.exit()
      return
    }
    console.warn(`A worker exited (${signal ?? `code ${code}`}); starting another.`)
    fork()
  })
  const stopWorkers = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(stopMessage)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) return stopWorkers()
      // A second signal: the workers cut their connections now.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    })
  }
  // The workers accept from the shared socket themselves rather than being handed connections
  // by this process one at a time (round robin): on a stop, a connection this process had
  // accepted but not yet handed over would be reset with the last worker's socket.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  for (let index = 0; index < size; index++) fork()
}
