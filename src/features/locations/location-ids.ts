import * as v from 'valibot'

/** The areas with their own location pages. */
export const locationIds = ['concord', 'etobicoke', 'midtown-toronto'] as const
export type LocationId = (typeof locationIds)[number]
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
