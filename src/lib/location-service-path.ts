import {
  isLocationServiceId,
  type LocationId,
  type LocationServiceId,
  locationIds,
  locationServiceIds,
} from '#src/content/locations.ts'

export type LocationServicePair = { location: LocationId; service: LocationServiceId }

/** The `$locationService` param of /areas-of-service: location, a dash, then service. */
export type LocationServiceParam = `${LocationId}-${LocationServiceId}`

// Longest first, so a location whose name contains a dash (midtown-toronto) wins over any
// shorter location it might start with.
const locationsLongestFirst = [...locationIds].sort((a, b) => b.length - a.length)

export function locationServicePath(
  location: LocationId,
  service: LocationServiceId,
): LocationServiceParam {
  return `${location}-${service}`
}

/**
 * Reads a `<location>-<service>` param. A split at the first dash could not read
 * `midtown-toronto-...`; matching the longest known location prefix does.
 */
export function parseLocationService(param: string): LocationServicePair | undefined {
  const location = locationsLongestFirst.find((id) => param.startsWith(`${id}-`))
  if (location === undefined) return undefined
  const service = param.slice(location.length + 1)
  return isLocationServiceId(service) ? { location, service } : undefined
}

/** All 30 location pages, grouped by location. */
export const locationServicePairs: readonly LocationServicePair[] = locationIds.flatMap(
  (location) => locationServiceIds.map((service) => ({ location, service })),
)
