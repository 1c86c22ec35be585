import { createFileRoute } from '@tanstack/react-router'
import { serveEmbeddedPhotoVariant } from '#src/features/gallery/server/embedded-photo-variants.server.ts'

/**
 * Smaller copies of the embedded bucket's photos, in AVIF and WebP, that the build does not hold
 * (those it holds are static files): made in the background, a stand-in answered meanwhile.
 */
export const Route = createFileRoute('/storage/v1/object/public/gallery-variants/$')({
  server: {
    handlers: {
      GET: ({ request, params }) => serveEmbeddedPhotoVariant(params._splat ?? '', request),
    },
  },
})
