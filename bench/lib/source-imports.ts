/**
 * Lets a bench import the app's own modules as they are: a relative import in src without an
 * extension finds its `.ts` or `.tsx` file, as the bundler would (`#…` imports name their file).
 */
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

const src = new URL('../../src/', import.meta.url)

registerHooks({
  resolve(specifier, context, nextResolve) {
    const url =
      specifier.startsWith('.') && context.parentURL?.startsWith(src.href)
        ? new URL(specifier, context.parentURL)
        : undefined
    if (url && !existsSync(fileURLToPath(url))) {
      for (const extension of ['.ts', '.tsx']) {
        if (existsSync(fileURLToPath(url) + extension)) {
          return nextResolve(url.href + extension, context)
        }
      }
    }
    return nextResolve(url?.href ?? specifier, context)
  },
})
