import * as v from 'valibot'
import { listSchema, textSchema } from './content.schema'

/** A client's words. */
export const testimonialSchema = v.strictObject({
  quote: textSchema,
  /** First name, last initial and area, such as "Sarah M., Richmond Hill". */
  author: textSchema,
  projectType: v.optional(textSchema),
})
export type Testimonial = v.InferOutput<typeof testimonialSchema>

export const homeTestimonialsSchema = listSchema(testimonialSchema, 3)
export const locationTestimonialsSchema = listSchema(testimonialSchema, 2)
