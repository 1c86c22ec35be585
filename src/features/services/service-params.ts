import { notFound } from '@tanstack/react-router'
import { isServiceId, servicesPageOrder, type TopLevelServiceId } from '#src/content/services.ts'

/** Route param parser: an unknown id is a 404, so pages only ever see a known service. */
export function parseServiceIdParam({ serviceId }: { serviceId: string }) {
  if (!isServiceId(serviceId)) throw notFound({ data: { kind: 'service' } })
  return { serviceId }
}

const isTopLevelServiceId = (value: string): value is TopLevelServiceId =>
  (servicesPageOrder as readonly string[]).includes(value)

/** The services that also answer at a top-level path, such as /kitchen-remodeling. */
export function parseServiceAliasParam({ serviceAlias }: { serviceAlias: string }) {
  if (!isTopLevelServiceId(serviceAlias)) throw notFound()
  return { serviceAlias }
}

export const faqAnchor = (question: string) =>
  question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
