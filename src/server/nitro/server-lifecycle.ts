import { definePlugin } from 'nitro'
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

  startGallery().catch((error: unknown) => {
    if (error instanceof DataDirectoryInUseError) {
      console.error(error.message)
      process.exit(1)
    }
    console.error('The gallery could not be loaded at start; pages will retry.', error)
  })

  nitroApp.hooks.hook('close', () => stopGallery())
})
