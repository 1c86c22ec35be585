import * as v from 'valibot'
import { featureIconNames } from '../feature-icons'
import { followsStages, processStages } from '../process'
import { imageNameSchema, listSchema, seoSchema, stepSchema, textSchema } from './content.schema'
import { callToActionCopySchema } from './page.schema'

const cardSchema = v.strictObject({
  title: textSchema,
  text: textSchema,
  icon: v.picklist(featureIconNames),
})

export const aboutContentSchema = v.strictObject({
  seo: seoSchema,
  hero: v.strictObject({ title: textSchema, subtitle: textSchema }),
  story: v.strictObject({
    title: textSchema,
    paragraphs: listSchema(textSchema, 2, 4),
    mission: textSchema,
    image: imageNameSchema,
  }),
  whyRemodel: v.strictObject({
    title: textSchema,
    intro: textSchema,
    cards: listSchema(cardSchema, 2),
  }),
  benefits: v.strictObject({
    title: textSchema,
    intro: textSchema,
    items: listSchema(cardSchema, 4),
  }),
  process: v.strictObject({
    title: textSchema,
    intro: textSchema,
    // The stages after the free consultation, which the intro names.
    steps: v.pipe(
      listSchema(stepSchema, 4),
      v.check(
        (steps) => followsStages(processStages.slice(1), steps),
        'the stages after the consultation',
      ),
    ),
  }),
  closing: callToActionCopySchema,
})

export type AboutContent = v.InferOutput<typeof aboutContentSchema>
