import { createFileRoute } from '@tanstack/react-router'
import { serveEmbeddedPhotoVariant } from '~/server/gallery/gallery.server'

/** Smaller copies of the embedded bucket's photos, in AVIF and WebP, made on first request. */
export const Route = createFileRoute('/storage/v1/object/public/gallery-variants/$')({
  server: {
    handlers: {
      GET: ({ request, params }) => serveEmbeddedPhotoVariant(params._splat ?? '', request),
    },
  },
})
