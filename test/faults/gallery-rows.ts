/** A row of public.gallery_images as PostgREST returns it (JSON). */
export const galleryRow = (id: string, details: Record<string, unknown> = {}) => ({
  id,
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
