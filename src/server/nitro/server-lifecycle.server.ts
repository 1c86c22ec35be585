import cluster from 'node:cluster'
import { definePlugin } from 'nitro'
import { parseTrustProxy, type TrustProxy } from '../contact/client-ip.server'
import { EnvironmentError, getEnvironment, ignoredVariables } from '../env.server'
import { getGalleryCache } from '../gallery/gallery.server'
import { warnOfPlaceholderContactDetails } from '../placeholder-contact.server'
import { applyResponsePolicy } from '../response-policy.server'
import { isFatalStartError, startServices, stopServices } from '../services.server'

/**
 * Runs when the server boots, before it serves anyone: a bad variable, a data directory held by
 * another server or a build without the database it needs stops it with a clear message, and the
 * services start (the node entry waits for them before it listens). Every response gets its
 * headers here. Nitro's close hook stops the services after the last answer
 * (src/server/nitro/node-entry.ts calls it once its connections are closed).
 */
export default definePlugin((nitroApp) => {
  try {
    const environment = getEnvironment()
    const mode = environment.SUPABASE_URL ? 'Supabase' : 'embedded'
    for (const { name, reason } of ignoredVariables(environment, process.env)) {
      console.warn(`${name} is set but does nothing in ${mode} mode: ${reason}.`)
    }
    // Once a server: in a node-cluster build the first worker speaks for all of them; pages
    // rendered at build time are not the public site yet.
    const firstProcess = !cluster.isWorker || cluster.worker?.id === 1
    if (firstProcess && process.env.TSS_PRERENDERING !== 'true') {
      warnOfPlaceholderContactDetails(environment.SITE_URL)
    }
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    console.error(`${error.message}\nSee .env.example for every variable and its format.`)
    process.exit(1)
  }

  // Only a fatal error rejects (services.server.ts); any other is retried on first use.
  startServices().catch((error: unknown) => {
    console.error(isFatalStartError(error) ? (error as Error).message : error)
    process.exit(1)
  })

  // Every response on its way out, errors raised before the app included: security headers and a
  // Cache-Control a CDN can trust.
  let trustProxy: TrustProxy | undefined
  nitroApp.hooks.hook('response', (response, event) => {
    trustProxy ??= parseTrustProxy(getEnvironment().TRUST_PROXY)
    applyResponsePolicy(event.req, response, {
      galleryFreshUntil: () => getGalleryCache().freshUntil(),
      trustProxy,
    })
  })

  nitroApp.hooks.hook('close', stopServices)
})
