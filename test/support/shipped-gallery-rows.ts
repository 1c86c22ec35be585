import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** An entry of the shipped gallery's bucket listing (public/.../gallery/manifest.json). */
export type ShippedProject = {
  path: string
  additional: string[]
  title: string
  featured: boolean
  order: number
  createdAt: string
}

/** The gallery the site ships with, as its bucket listing says. */
export const shippedGallery: ShippedProject[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)

/** The shipped gallery as a Supabase `gallery_images` table would answer it through PostgREST. */
export const shippedGalleryRows = shippedGallery.map((entry, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  title: entry.title,
  description: null,
  category: entry.path.split('/')[0],
  location: null,
  filename: `gallery/${entry.path}`,
  additional_images: entry.additional.map((path) => `gallery/${path}`),
  featured: entry.featured,
  created_at: entry.createdAt,
  order: entry.order,
}))

/**
 * Answers as PostgREST would with the shipped gallery's rows (a `gallery_images` select, or a
 * `gallery_view` call: the page asked for, rows in id order); 404 for anything else.
 */
export function answerWithShippedGallery(request: IncomingMessage, response: ServerResponse) {
  if (request.url?.startsWith('/rest/v1/rpc/gallery_view')) {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const asked = JSON.parse(body || '{}') as { view_page?: number; page_size?: number }
      const size = asked.page_size ?? 12
      const pageCount = Math.max(1, Math.ceil(shippedGalleryRows.length / size))
      const page = Math.min(Math.max(asked.view_page ?? 1, 1), pageCount)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          total: shippedGalleryRows.length,
          page,
          page_count: pageCount,
          items: shippedGalleryRows.slice((page - 1) * size, page * size),
          project: null,
          previous: null,
          next: null,
        }),
      )
    })
    return
  }
  if (!request.url?.startsWith('/rest/v1/gallery_images')) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-range': `0-${shippedGalleryRows.length - 1}/${shippedGalleryRows.length}`,
  })
  response.end(JSON.stringify(shippedGalleryRows))
}
