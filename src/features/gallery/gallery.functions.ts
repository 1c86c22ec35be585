import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { readGallery } from '#src/server/gallery/gallery.server.ts'
import { type GalleryResult, galleryCategories } from './gallery-item'
import { categoryShowcase } from './gallery-view'

/** The gallery from the server's cache; a source failure is `status: 'error'`, never a throw. */
export const getGallery = createServerFn({ method: 'GET' }).handler(
  (): Promise<GalleryResult> => readGallery(),
)

/** One category's showcase (`categoryShowcase`) from the same cache, for service and location pages. */
export const getCategoryShowcase = createServerFn({ method: 'GET' })
  .validator(v.object({ category: v.picklist(galleryCategories) }))
  .handler(async ({ data }): Promise<GalleryResult> => {
    const gallery = await readGallery()
    return { ...gallery, items: categoryShowcase(gallery.items, data.category) }
  })
