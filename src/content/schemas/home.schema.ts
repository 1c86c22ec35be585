import * as v from 'valibot'
import { featureIconNames } from '../feature-icons'
import { serviceIdSchema } from '../services'
import {
  imageNameSchema,
  listSchema,
  sentencesSchema,
  seoSchema,
  textSchema,
} from './content.schema'
import { callToActionCopySchema, headingCopySchema } from './page.schema'

const headingSchema = headingCopySchema.entries

export const homeContentSchema = v.strictObject({
  seo: seoSchema,
  hero: v.strictObject({ ...headingSchema, ctaLabel: textSchema }),
  trust: v.strictObject({
    label: textSchema,
    items: listSchema(
      v.strictObject({
        icon: v.picklist(featureIconNames),
        value: textSchema,
        label: textSchema,
        /** Where a visitor checks the figure: the rating links to its review profile. */
        source: v.optional(v.strictObject({ href: v.pipe(v.string(), v.url()) })),
        /** What the Sample mark names while the figure is the template's stand-in. */
        sample: v.optional(textSchema),
      }),
      3,
      4,
    ),
  }),
  welcome: v.strictObject({
    eyebrow: textSchema,
    title: textSchema,
    paragraphs: listSchema(textSchema, 2),
    highlights: listSchema(textSchema, 3, 4),
    image: imageNameSchema,
  }),
  whyChooseUs: v.strictObject({
    ...headingSchema,
    cards: listSchema(
      v.strictObject({
        title: textSchema,
        text: sentencesSchema(1, 2),
        icon: v.picklist(featureIconNames),
      }),
      6,
    ),
  }),
  services: v.strictObject({
    ...headingSchema,
    learnMoreLabel: textSchema,
    viewAllLabel: textSchema,
    laserBanner: v.strictObject({
      eyebrow: textSchema,
      title: textSchema,
      text: textSchema,
      linkLabel: textSchema,
      serviceId: serviceIdSchema,
    }),
  }),
  statistics: v.strictObject({
    ...headingSchema,
    items: listSchema(
      v.strictObject({
        value: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
        suffix: textSchema,
        label: textSchema,
        explanation: textSchema,
      }),
      3,
    ),
  }),
  testimonials: v.strictObject({
    ...headingSchema,
    rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  }),
  review: v.strictObject({ title: textSchema, text: textSchema, buttonLabel: textSchema }),
  closing: v.strictObject({ ...callToActionCopySchema.entries, callLabel: textSchema }),
})

export type HomeContent = v.InferOutput<typeof homeContentSchema>
