import { createFileRoute } from '@tanstack/react-router'
import { livenessResponse } from '~/server/health.server'

export const Route = createFileRoute('/healthz')({
  server: { handlers: { GET: livenessResponse } },
})
