import * as v from 'valibot'
import { seoSchema, textSchema } from './content.schema'

/** A page banner's copy: a short line above its title, the title, and a sentence under it. */
export const heroCopySchema = v.strictObject({
  eyebrow: textSchema,
  title: textSchema,
  subtitle: textSchema,
})

/** A section heading's copy. */
export const headingCopySchema = v.strictObject({ title: textSchema, subtitle: textSchema })

/** A closing call-to-action band's copy, with its button's label. */
export const callToActionCopySchema = v.strictObject({
  ...headingCopySchema.entries,
  quoteLabel: textSchema,
})

export const contactPageSchema = v.strictObject({
  seo: seoSchema,
  hero: heroCopySchema,
  detailsTitle: textSchema,
  mapTitle: textSchema,
  form: headingCopySchema,
})
export type ContactPageContent = v.InferOutput<typeof contactPageSchema>

export const servicesPageSchema = v.strictObject({
  seo: seoSchema,
  hero: heroCopySchema,
  list: headingCopySchema,
  callToAction: callToActionCopySchema,
})
export type ServicesPageContent = v.InferOutput<typeof servicesPageSchema>

export const serviceAreasPageSchema = v.strictObject({
  seo: seoSchema,
  hero: heroCopySchema,
  map: headingCopySchema,
  listTitle: textSchema,
  callToAction: callToActionCopySchema,
})
export type ServiceAreasPageContent = v.InferOutput<typeof serviceAreasPageSchema>

/** The site-wide 404's copy, also its head's title and description. */
export const pageNotFoundSchema = v.strictObject({
  title: textSchema,
  description: seoSchema.entries.description,
})
export type PageNotFoundContent = v.InferOutput<typeof pageNotFoundSchema>
