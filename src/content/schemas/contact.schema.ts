import * as v from 'valibot'
import { seoSchema, textSchema } from './content.schema'

export const contactPageSchema = v.strictObject({
  seo: seoSchema,
  hero: v.strictObject({ eyebrow: textSchema, title: textSchema, subtitle: textSchema }),
  detailsTitle: textSchema,
  mapTitle: textSchema,
  form: v.strictObject({ title: textSchema, subtitle: textSchema }),
})
export type ContactPageContent = v.InferOutput<typeof contactPageSchema>
