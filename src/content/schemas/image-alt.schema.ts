import * as v from 'valibot'

/**
 * Alt text by picture name (image-alt.content.ts). Apart from content.schema.ts, which reads the
 * picture names through site-images.ts and so through the alt texts; content.test.ts holds every
 * string of the copy, these too, to the rules of text.
 */
export const siteImageAltSchema = v.record(v.string(), v.string())
export type SiteImageAltText = v.InferOutput<typeof siteImageAltSchema>
