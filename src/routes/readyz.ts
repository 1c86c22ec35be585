import { createFileRoute } from '@tanstack/react-router'
import { readinessResponse } from '#src/server/health.server.ts'

export const Route = createFileRoute('/readyz')({
  server: { handlers: { GET: readinessResponse } },
})
