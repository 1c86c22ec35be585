import * as v from 'valibot'
import { listSchema, textSchema } from './content.schema'

/** A client's words. */
export const testimonialSchema = v.strictObject({
  quote: textSchema,
  /** First name and last initial, such as "Sarah M.". */
  author: textSchema,
  /** Where the project was, such as "Richmond Hill": an area page shows its own town's. */
  town: textSchema,
  projectType: v.optional(textSchema),
})
export type Testimonial = v.InferOutput<typeof testimonialSchema>

export const homeTestimonialsSchema = listSchema(testimonialSchema, 3)
export const locationTestimonialsSchema = listSchema(testimonialSchema, 2)
