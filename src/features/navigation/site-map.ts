import { locationServices, locations } from '#src/content/locations.content.ts'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import { legalNavigation, mainNavigation, type NavLink } from '#src/content/navigation.ts'
import { type ServiceId, serviceCatalog, serviceIds } from '#src/content/services.ts'
import { type LocationServiceParam, locationServicePath } from '#src/lib/location-service-path.ts'

/** A typed link target: the sitemap page renders each kind with the router's own Link. */
export type SiteMapTarget =
  | { kind: 'page'; to: NonNullable<NavLink['to']> }
  | { kind: 'service'; serviceId: ServiceId }
  | { kind: 'location'; locationService: LocationServiceParam }

export type SiteMapEntry = { label: string; path: string; target: SiteMapTarget }
export type SiteMapGroup = { title: string; entries: SiteMapEntry[] }

/** Every public page, grouped: the sitemap page and sitemap.xml both read this. */
export function siteMapGroups(): SiteMapGroup[] {
  return [
    {
      title: 'Main Pages',
      entries: [...mainNavigation, ...legalNavigation].map(
        (item): SiteMapEntry => ({
          label: item.label,
          path: item.to,
          target: { kind: 'page', to: item.to },
        }),
      ),
    },
    {
      title: 'Services',
      entries: serviceIds.map(
        (serviceId): SiteMapEntry => ({
          label: serviceCatalog[serviceId].title,
          path: `/services/${serviceId}`,
          target: { kind: 'service', serviceId },
        }),
      ),
    },
    ...locationIds.map((locationId) => ({
      title: `Service Areas: ${locations[locationId].name}`,
      entries: locationServiceIds.map((serviceId): SiteMapEntry => {
        const locationService = locationServicePath(locationId, serviceId)
        return {
          label: `${locationServices[serviceId].title} in ${locations[locationId].name}`,
          path: `/areas-of-service/${locationService}`,
          target: { kind: 'location', locationService },
        }
      }),
    })),
  ]
}
