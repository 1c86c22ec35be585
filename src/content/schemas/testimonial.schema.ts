import * as v from 'valibot'
import { listSchema, textSchema } from './content.schema'

/** A client's words. */
export const testimonialSchema = v.strictObject({
  quote: textSchema,
  /** The client's name as they agreed to show it, such as "Sarah Mitchell" or "Sarah M.". */
  author: textSchema,
  /** Where the project was, such as "Richmond Hill": an area page shows its own town's. */
  town: textSchema,
  projectType: v.optional(textSchema),
  /** When the client wrote it (YYYY-MM-DD). */
  date: v.optional(v.pipe(v.string(), v.isoDate())),
  /** Where a visitor can read it in the client's own words, such as the review on Google. */
  sourceUrl: v.optional(v.pipe(v.string(), v.url())),
  /** The template's stand-in, shown with a "Sample" mark until the owner's own replace it. */
  sample: v.boolean(),
})
export type Testimonial = v.InferOutput<typeof testimonialSchema>

export const homeTestimonialsSchema = listSchema(testimonialSchema, 3)
export const locationTestimonialsSchema = listSchema(testimonialSchema, 2)
