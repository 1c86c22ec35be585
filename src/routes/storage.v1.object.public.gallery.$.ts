import { createFileRoute } from '@tanstack/react-router'
import { serveEmbeddedBucketFile } from '#src/features/gallery/server/gallery.server.ts'

/** Photos of the embedded bucket added since the build (the static server serves the rest). */
export const Route = createFileRoute('/storage/v1/object/public/gallery/$')({
  server: {
    handlers: {
      GET: ({ request, params }) => serveEmbeddedBucketFile(params._splat ?? '', request),
    },
  },
})
