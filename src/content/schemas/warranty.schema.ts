import * as v from 'valibot'
import { listSchema, seoSchema, textSchema } from './content.schema'
import { heroCopySchema } from './page.schema'

export const warrantyContentSchema = v.strictObject({
  seo: seoSchema,
  hero: heroCopySchema,
  paragraphs: listSchema(textSchema, 2, 4),
})
export type WarrantyContent = v.InferOutput<typeof warrantyContentSchema>
