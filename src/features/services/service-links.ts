import type { ServiceId } from './service-ids'
import { serviceNames } from './service-names'

const footerServiceIds = [
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
  'design-build',
  'custom-carpentry-and-woodworking',
  'home-design',
  'general-contractor',
] as const satisfies readonly ServiceId[]

/** The seven services the footer lists, in the spec's order, labelled from their content. */
export const footerServiceLinks: readonly {
  id: (typeof footerServiceIds)[number]
  label: string
}[] = footerServiceIds.map((id) => ({ id, label: serviceNames[id].shortTitle }))
