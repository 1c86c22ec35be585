import { createServerFn } from '@tanstack/react-start'
import { readGallery } from '~/server/gallery/gallery.server'
import type { GalleryResult } from './gallery-item'

/** The gallery from the server's cache; a source failure is `status: 'error'`, never a throw. */
export const getGallery = createServerFn({ method: 'GET' }).handler(
  (): Promise<GalleryResult> => readGallery(),
)
