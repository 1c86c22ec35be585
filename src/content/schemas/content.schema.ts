import * as v from 'valibot'
import { type SiteImageName, siteImages } from '../site-images'

/** Visible copy: never empty, never padded with whitespace. */
export const textSchema = v.pipe(
  v.string(),
  v.nonEmpty('must not be empty'),
  v.check((text) => text.trim() === text, 'must not start or end with whitespace'),
)

/** Counts sentences by their closing punctuation; copy avoids abbreviations such as "e.g.". */
export const countSentences = (text: string) => text.split(/[.!?](?:\s+|$)/).filter(Boolean).length

export const sentencesSchema = (min: number, max: number) =>
  v.pipe(
    textSchema,
    v.check(
      (text) => countSentences(text) >= min && countSentences(text) <= max,
      min === max ? `must be ${min} sentences` : `must be ${min}-${max} sentences`,
    ),
  )

/** A list of between `min` and `max` items. */
export const listSchema = <T extends v.GenericSchema>(item: T, min: number, max = min) =>
  v.pipe(v.array(item), v.minLength(min), v.maxLength(max))

/** A URL-safe identifier, such as a FAQ's anchor. */
export const slugSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug'),
)

/** A name from the image manifest. */
export const imageNameSchema = v.picklist(Object.keys(siteImages) as SiteImageName[])

/** The gallery's photo categories. */
export const galleryCategories = ['kitchen', 'bathroom', 'commercial', 'carpentry'] as const
export const galleryCategorySchema = v.picklist(galleryCategories)

/**
 * One of our pictures, with its description for people who cannot see it: the picture's own
 * (image-alt.content.ts) unless `alt` says what it shows in this place.
 */
export const staticImageSchema = v.strictObject({
  image: imageNameSchema,
  alt: v.optional(textSchema),
})
export type StaticImage = v.InferOutput<typeof staticImageSchema>

export const faqItemSchema = v.strictObject({ question: textSchema, answer: textSchema })

export const stepSchema = v.strictObject({ title: textSchema, description: textSchema })
export type Step = v.InferOutput<typeof stepSchema>

/** A page's own title and meta description (search results cut off near 160 characters). */
export const seoSchema = v.strictObject({
  title: v.pipe(textSchema, v.maxLength(60)),
  description: v.pipe(textSchema, v.minLength(70), v.maxLength(160)),
})
