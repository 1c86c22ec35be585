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

  // Contact services first: the retrier must stop before the database it writes to closes.
  nitroApp.hooks.hook('close', async () => {
    await stopContactServices()
    await stopGallery()
  })
})
