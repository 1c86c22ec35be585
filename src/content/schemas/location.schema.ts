import * as v from 'valibot'
import { locationIds, locationServiceIds } from '../locations'
import { serviceIdSchema } from '../services'
import {
  galleryCategorySchema,
  imageNameSchema,
  listSchema,
  seoSchema,
  textSchema,
} from './content.schema'

const everyKey = <K extends string, S extends v.GenericSchema>(keys: readonly K[], schema: S) =>
  v.strictObject(Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>)

/** Copy with a `{location}` slot for the location's name, and no other slots. */
export const locationTemplateSchema = v.pipe(
  textSchema,
  v.check((text) => text.includes('{location}'), 'must contain {location}'),
  v.check((text) => !/\{(?!location\})/.test(text), 'must use no slot but {location}'),
)

export const locationContentSchema = v.strictObject({
  name: textSchema,
  /** Where the area is, in one sentence. */
  region: textSchema,
  neighbourhoods: listSchema(textSchema, 3, 6),
  /** The local housing stock and what owners there typically renovate. */
  housing: textSchema,
  localApproach: textSchema,
  /** One reason to choose us that is specific to this area. */
  localReason: textSchema,
  /** The area, approach and reason again, for business owners: where its commercial spaces are. */
  business: v.strictObject({ area: textSchema, approach: textSchema, reason: textSchema }),
  /** One sentence per service about how it plays out in this area. */
  serviceNotes: everyKey(locationServiceIds, textSchema),
})
export type LocationContent = v.InferOutput<typeof locationContentSchema>

export const locationServiceContentSchema = v.strictObject({
  title: textSchema,
  image: imageNameSchema,
  galleryCategory: galleryCategorySchema,
  /** Whether the page speaks to homeowners or to business owners. */
  setting: v.picklist(['home', 'business']),
  subtitle: locationTemplateSchema,
  intro: locationTemplateSchema,
  seoDescription: locationTemplateSchema,
  reasons: listSchema(textSchema, 3, 5),
})
export type LocationServiceContent = v.InferOutput<typeof locationServiceContentSchema>

/** What a location page shows, as written by `buildLocationServiceContent`. */
export const locationServicePageSchema = v.strictObject({
  title: textSchema,
  subtitle: textSchema,
  seo: seoSchema,
  locationName: textSchema,
  serviceTitle: textSchema,
  description: listSchema(textSchema, 3),
  reasons: listSchema(textSchema, 4, 6),
  localApproach: textSchema,
  image: imageNameSchema,
  galleryCategory: galleryCategorySchema,
  /** The service whose detail page covers this offering (services.ts). */
  relatedServiceId: serviceIdSchema,
})
export type LocationServicePageContent = v.InferOutput<typeof locationServicePageSchema>

export const locationsSchema = everyKey(locationIds, locationContentSchema)
export const locationServicesSchema = everyKey(locationServiceIds, locationServiceContentSchema)
