import { createHash } from 'node:crypto'

/** A fixed uuid for a readable name, so tests can say 'oak' for a row's uuid primary key. */
export const uuidFor = (name: string) => {
  const hex = createHash('sha1').update(name).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** A row of public.gallery_images, as inserted into the database. */
export const galleryRow = (id: string, details: Record<string, unknown> = {}) => ({
  id: uuidFor(id),
  title: `Project ${id}`,
  description: null,
  category: 'kitchen',
  location: null,
  filename: `${String(details.category ?? 'kitchen')}/${id}.webp`,
  additional_images: [],
  featured: false,
  created_at: '2025-02-03T04:05:06.789+00:00',
  order: 0,
  ...details,
})
