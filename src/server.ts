/**
 * The server entry: a guard that answers malformed server-function calls with a 4xx instead of
 * Start's 500 (see server-fn-guard.server.ts), then the prerendered pages from memory, then
 * Start's handler; pages leave compressed. Every server function the site has is listed here;
 * server-fn-guard.server.test.ts fails when one is missing.
 */
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { sendContactMessage } from '~/features/contact/contact.functions'
import { getGallery } from '~/features/gallery/gallery.functions'
import { getPublicConfig } from '~/features/site/public-config.functions'
import { compressResponse } from '~/server/compress-response.server'
import { prerenderedPagesOfThisServer } from '~/server/prerender/serve-prerendered.server'
import { refuseMalformedServerFnCall, serverFnIds } from '~/server/server-fn-guard.server'

const knownIds = serverFnIds([getGallery, getPublicConfig, sendContactMessage])

export default createServerEntry({
  async fetch(request, options) {
    const response =
      (await refuseMalformedServerFnCall(request, { knownIds })) ??
      prerenderedPagesOfThisServer().serve(request) ??
      (await handler.fetch(request, options))
    return compressResponse(request, response)
  },
})
