import type { LocationId } from './location-ids'

/** Each area's name: light enough for the site-wide structured data. */
export const locationNames = {
  concord: 'Concord',
  etobicoke: 'Etobicoke',
  'midtown-toronto': 'Midtown Toronto',
} as const satisfies Record<LocationId, string>
