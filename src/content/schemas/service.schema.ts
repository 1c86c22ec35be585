import * as v from 'valibot'
import { followsStages, processStages } from '../process'
import { type ServiceId, serviceIds } from '../services'
import {
  faqItemSchema,
  galleryCategorySchema,
  imageNameSchema,
  listSchema,
  sentencesSchema,
  seoSchema,
  staticImageSchema,
  stepSchema,
  textSchema,
} from './content.schema'

/** Everything a service's detail page and its cards show. */
export const serviceContentSchema = v.strictObject({
  title: textSchema,
  subtitle: textSchema,
  /** Marks a newly announced service on its cards. */
  badge: v.optional(textSchema),
  seo: seoSchema,
  cardDescription: sentencesSchema(2, 2),
  description: listSchema(textSchema, 2, 3),
  image: imageNameSchema,
  galleryCategory: galleryCategorySchema,
  features: listSchema(textSchema, 5, 7),
  benefits: listSchema(textSchema, 4, 6),
  process: v.pipe(
    listSchema(stepSchema, 5),
    v.check(
      (steps) => followsStages(processStages, steps),
      `the steps are ${processStages.join(', ')}`,
    ),
  ),
  faqs: listSchema(faqItemSchema, 3, 5),
  fallbackGallery: listSchema(staticImageSchema, 3, 6),
})

export type ServiceContent = v.InferOutput<typeof serviceContentSchema>

/**
 * A service's own page copy (services/<id>.content.ts): all but its name and its card, and of its
 * process what each stage (process.ts) means for this service, in order.
 */
export const servicePageCopySchema = v.strictObject({
  ...v.omit(serviceContentSchema, ['title', 'badge', 'image', 'cardDescription', 'process'])
    .entries,
  process: listSchema(textSchema, processStages.length),
})
export type ServicePageCopy = v.InferOutput<typeof servicePageCopySchema>

/** Every service id, each with its content: a missing service fails the parse. */
export const servicesSchema = v.strictObject(
  Object.fromEntries(serviceIds.map((id) => [id, serviceContentSchema])) as Record<
    ServiceId,
    typeof serviceContentSchema
  >,
)
