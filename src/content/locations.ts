import * as v from 'valibot'

/** The areas with their own location pages, in the spec's order, each with its name. */
export const locationCatalog = {
  concord: { name: 'Concord' },
  etobicoke: { name: 'Etobicoke' },
  'midtown-toronto': { name: 'Midtown Toronto' },
} as const satisfies Record<string, { name: string }>

export type LocationId = keyof typeof locationCatalog
export const locationIds = Object.keys(locationCatalog) as LocationId[]
export const locationIdSchema = v.picklist(locationIds)

/** The services a location page can describe (spec section 2); some differ from service ids. */
export const locationServiceIds = [
  'bathroom-remodeling',
  'cabinet-carpentry',
  'commercial-remodeling',
  'custom-carpentry-and-woodworking',
  'design-build',
  'general-contractor',
  'home-design-architect',
  'home-improvement',
  'kitchen-and-bathroom-remodeling-services',
  'kitchen-remodeling',
] as const
export type LocationServiceId = (typeof locationServiceIds)[number]
export const locationServiceIdSchema = v.picklist(locationServiceIds)

export const isLocationId = (value: unknown): value is LocationId => v.is(locationIdSchema, value)
export const isLocationServiceId = (value: unknown): value is LocationServiceId =>
  v.is(locationServiceIdSchema, value)
