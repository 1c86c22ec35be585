import * as v from 'valibot'
import { listSchema, seoSchema, slugSchema, textSchema } from './content.schema'

/** A block of a policy section: a paragraph, or a bulleted list of items. */
export const privacyBlockSchema = v.union([textSchema, listSchema(textSchema, 2, 10)])

export const privacySectionSchema = v.strictObject({
  id: slugSchema,
  heading: textSchema,
  blocks: listSchema(privacyBlockSchema, 1, 8),
})

export const privacyContentSchema = v.strictObject({
  seo: seoSchema,
  title: textSchema,
  lastUpdated: textSchema,
  lastUpdatedIso: v.pipe(v.string(), v.isoDate()),
  intro: textSchema,
  sections: v.pipe(
    listSchema(privacySectionSchema, 10),
    v.check(
      (sections) => new Set(sections.map((s) => s.id)).size === sections.length,
      'ids must be unique',
    ),
  ),
})
export type PrivacyContent = v.InferOutput<typeof privacyContentSchema>
