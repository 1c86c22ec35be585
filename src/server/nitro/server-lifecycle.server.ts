// The boot plugin: a bad variable stops the server with a clear message, the services start, every
// response gets its headers, and Nitro's close hook stops the services after the last answer.
import { definePlugin } from 'nitro'
import { galleryFreshUntil } from '#src/features/gallery/server/gallery.server.ts'
import { consoleLogger, errorFields } from '#supabase/functions/_shared/log.ts'
import { parseTrustProxy, type TrustProxy } from '../client-ip.server.ts'
import {
  EnvironmentError,
  getEnvironment,
  ignoredVariables,
  warnOfPlaceholderContactDetails,
} from '../env.server'
import { installServerLogging } from '../log/server-log.server'
import { applyResponsePolicy } from '../response-policy.server'
import { isFatalStartError, startServices, stopServices } from '../services.server'

export default definePlugin((nitroApp) => {
  // The node-server entry has done it already; the other presets' entries are Nitro's.
  installServerLogging()
  try {
    const environment = getEnvironment()
    const mode = environment.SUPABASE_URL ? 'Supabase' : 'embedded'
    for (const { name, reason } of ignoredVariables(environment, process.env))
      consoleLogger.warn('env.ignored_variable', {
        name,
        msg: `${name} is set but does nothing in ${mode} mode: ${reason}.`,
      })
    // Not for pages rendered at build time.
    if (process.env.TSS_PRERENDERING !== 'true')
      warnOfPlaceholderContactDetails(environment.SITE_URL)
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error
    consoleLogger.error('env.invalid', {
      msg: `${error.message} See .env.example for every variable and its format.`,
    })
    process.exit(1)
  }

  startServices().catch((error: unknown) => {
    consoleLogger.error(
      'services.fatal',
      isFatalStartError(error) ? { msg: (error as Error).message } : errorFields(error),
    )
    process.exit(1)
  })

  let trustProxy: TrustProxy | undefined
  nitroApp.hooks.hook('response', (response, event) => {
    trustProxy ??= parseTrustProxy(getEnvironment().TRUST_PROXY)
    applyResponsePolicy(event.req, response, { galleryFreshUntil, trustProxy })
  })

  nitroApp.hooks.hook('close', stopServices)
})
