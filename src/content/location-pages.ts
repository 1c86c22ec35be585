import { type LocationId, type LocationServiceId, locationServiceIds } from './locations'
import { locationServices, locations } from './locations.content'
import type { LocationServicePageContent } from './schemas/location.schema'
import { detailPageOf } from './services'

const fill = (template: string, location: string) => template.replaceAll('{location}', location)

/** "A", "A and B", "A, B and C" */
export const joinList = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

/** The copy of one location page, written from the location's and the service's content. */
export function buildLocationServiceContent(
  locationId: LocationId,
  serviceId: LocationServiceId,
): LocationServicePageContent {
  const location = locations[locationId]
  const service = locationServices[serviceId]
  const title = `${service.title} in ${location.name}`
  const forBusiness = service.setting === 'business'
  return {
    title,
    subtitle: fill(service.subtitle, location.name),
    seo: { title, description: fill(service.seoDescription, location.name) },
    locationName: location.name,
    serviceTitle: service.title,
    description: [
      fill(service.intro, location.name),
      forBusiness ? location.business.area : location.housing,
      `${location.serviceNotes[serviceId]} We work throughout ${location.name}, including ${joinList(location.neighbourhoods)}.`,
    ],
    reasons: [...service.reasons, forBusiness ? location.business.reason : location.localReason],
    localApproach: forBusiness ? location.business.approach : location.localApproach,
    image: service.image,
    galleryCategory: service.galleryCategory,
    relatedServiceId: detailPageOf(serviceId),
  }
}

/** Up to `limit` other services offered in the same location, following the list's order. */
export function otherLocationServices(
  serviceId: LocationServiceId,
  limit = 3,
): LocationServiceId[] {
  const start = locationServiceIds.indexOf(serviceId)
  return Array.from(
    { length: Math.min(limit, locationServiceIds.length - 1) },
    (_, i) => locationServiceIds[(start + 1 + i) % locationServiceIds.length] as LocationServiceId,
  )
}
