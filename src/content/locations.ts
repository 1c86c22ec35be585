import * as v from 'valibot'
import { type LocationServiceId, locationServiceIds } from './services'

/** The areas with their own location pages, in alphabetical order, each with its name. */
export const locationCatalog = {
  concord: { name: 'Concord' },
  etobicoke: { name: 'Etobicoke' },
  'midtown-toronto': { name: 'Midtown Toronto' },
} as const satisfies Record<string, { name: string }>

export type LocationId = keyof typeof locationCatalog
export const locationIds = Object.keys(locationCatalog) as LocationId[]

export { type LocationServiceId, locationServiceIds }
export const locationServiceIdSchema = v.picklist(locationServiceIds)

export const isLocationServiceId = (value: unknown): value is LocationServiceId =>
  v.is(locationServiceIdSchema, value)
