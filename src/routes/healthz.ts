import { createFileRoute } from '@tanstack/react-router'
import { livenessResponse } from '#src/server/health.server.ts'

export const Route = createFileRoute('/healthz')({
  server: { handlers: { GET: livenessResponse } },
})
