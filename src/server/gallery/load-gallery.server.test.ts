import { describe, expect, it, vi } from 'vitest'
import { siteImageUrls } from '#src/features/gallery/storage-path.ts'
import type { GallerySource } from './gallery-source.server'
import { loadGallery } from './load-gallery.server'

const row = (id: string, title = id) => ({
  id,
  title,
  description: null,
  category: 'kitchen',
  location: null,
  filename: `kitchen/${id}.webp`,
  additional_images: [],
  featured: false,
  created_at: '2025-01-01T00:00:00Z',
  order: 0,
})

function fakeSource(reads: unknown[][], imported = 0): GallerySource {
  let call = 0
  return {
    kind: 'embedded',
    urls: siteImageUrls,
    images: () => ({ kind: 'variants', baseUrl: '' }),
    readAll: vi.fn(async () => {
      const rows = reads[Math.min(call++, reads.length - 1)] ?? []
      return { rows, count: rows.length }
    }),
    importFromStorage: vi.fn(async () => imported),
  }
}

describe('loadGallery', () => {
  it('maps the rows it reads', async () => {
    const source = fakeSource([[row('oak')]])
    const items = await loadGallery(source)
    expect(items).toMatchObject([
      { id: 'oak', imageUrl: '/storage/v1/object/public/gallery/kitchen/oak.webp' },
    ])
    expect(source.importFromStorage).not.toHaveBeenCalled()
  })

  it('imports from storage and reads again when the table is empty', async () => {
    const source = fakeSource([[], [row('oak'), row('spa')]], 2)
    expect((await loadGallery(source)).map((item) => item.id)).toEqual(['oak', 'spa'])
    expect(source.importFromStorage).toHaveBeenCalledTimes(1)
    expect(source.readAll).toHaveBeenCalledTimes(2)
  })

  it('reports malformed rows by id and reason, and skips them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const items = await loadGallery(fakeSource([[row('oak'), { ...row('bad'), title: '' }]]))
    expect(items.map((item) => item.id)).toEqual(['oak'])
    expect(warn).toHaveBeenCalledWith('Skipped gallery row bad: title must not be empty')
    warn.mockRestore()
  })

  it('lets a source failure through to the cache', async () => {
    const source = fakeSource([])
    source.readAll = () => Promise.reject(new Error('down'))
    await expect(loadGallery(source)).rejects.toThrow('down')
  })
})
