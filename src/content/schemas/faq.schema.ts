import * as v from 'valibot'
import { sentencesSchema, seoSchema, slugSchema, textSchema } from './content.schema'

export const faqEntrySchema = v.strictObject({
  /** Anchor for linking straight to a question, such as /faq#do-you-use-subcontractors. */
  id: slugSchema,
  question: v.pipe(textSchema, v.endsWith('?', 'must be a question')),
  answer: sentencesSchema(2, 4),
})
export type FaqEntry = v.InferOutput<typeof faqEntrySchema>

export const faqsSchema = v.pipe(
  v.array(faqEntrySchema),
  v.length(12, 'the FAQ page has 12 questions'),
  v.check((faqs) => new Set(faqs.map((faq) => faq.id)).size === faqs.length, 'ids must be unique'),
)

export const faqPageSchema = v.strictObject({
  seo: seoSchema,
  title: textSchema,
  subtitle: textSchema,
  contactPrompt: v.strictObject({ title: textSchema, text: textSchema, linkLabel: textSchema }),
})
export type FaqPage = v.InferOutput<typeof faqPageSchema>
