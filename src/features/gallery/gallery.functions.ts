import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import {
  readCategoryShowcase,
  readGalleryPage,
  readGalleryProject,
} from '#src/features/gallery/server/gallery.server.ts'
import { galleryCategories } from './gallery-item'
import { gallerySearchSchema } from './gallery-search'

const viewSchema = v.pick(gallerySearchSchema, ['category', 'sort', 'q'])

/** One page of a view with its totals, from the server's cache; a failure is `status: 'error'`. */
export const getGalleryPage = createServerFn({ method: 'GET' })
  .validator(v.pick(gallerySearchSchema, ['category', 'sort', 'q', 'page']))
  .handler(({ data }) => readGalleryPage(data))

/** An open project of a view and its neighbours in the whole view, for the project viewer. */
export const getGalleryProject = createServerFn({ method: 'GET' })
  .validator(v.object({ ...viewSchema.entries, project: v.pipe(v.string(), v.maxLength(200)) }))
  .handler(({ data: { project, ...view } }) => readGalleryProject(view, project))

/** One category's showcase (`categoryShowcase`) from the same cache, for service and location pages. */
export const getCategoryShowcase = createServerFn({ method: 'GET' })
  .validator(v.object({ category: v.picklist(galleryCategories) }))
  .handler(({ data }) => readCategoryShowcase(data.category))
