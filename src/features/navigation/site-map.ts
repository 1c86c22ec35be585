import { linkOptions } from '@tanstack/react-router'
import { locationServices, locations } from '#src/content/locations.content.ts'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import { legalNavigation, mainNavigation } from '#src/content/navigation.ts'
import { serviceCatalog, serviceIds } from '#src/content/services.ts'
import { locationServicePath } from '#src/lib/location-service-path.ts'

/** Every public page, grouped, with its typed link: the sitemap page and sitemap.xml read this. */
export function siteMapGroups() {
  return [
    {
      title: 'Main Pages',
      entries: [...mainNavigation, ...legalNavigation].map((item) => ({
        label: item.label,
        path: item.to,
        link: linkOptions({ to: item.to }),
      })),
    },
    {
      title: 'Services',
      entries: serviceIds.map((serviceId) => ({
        label: serviceCatalog[serviceId].title,
        path: `/services/${serviceId}`,
        link: linkOptions({ to: '/services/$serviceId', params: { serviceId } }),
      })),
    },
    ...locationIds.map((locationId) => ({
      title: `Service Areas: ${locations[locationId].name}`,
      entries: locationServiceIds.map((serviceId) => {
        const locationService = locationServicePath(locationId, serviceId)
        return {
          label: `${locationServices[serviceId].title} in ${locations[locationId].name}`,
          path: `/areas-of-service/${locationService}`,
          link: linkOptions({
            to: '/areas-of-service/$locationService',
            params: { locationService },
          }),
        }
      }),
    })),
  ]
}
