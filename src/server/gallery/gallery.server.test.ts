import { describe, expect, it } from 'vitest'
import { createGallerySource } from './gallery.server'

describe('createGallerySource', () => {
  it('uses Supabase when its URL and anon key are set', () => {
    const source = createGallerySource({
      DATA_DIR: '.data',
      GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
    })
    expect(source.kind).toBe('supabase')
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })

  it('uses the embedded database otherwise, without opening it yet', () => {
    const source = createGallerySource({
      DATA_DIR: '/nonexistent/never-opened',
      GALLERY_BUCKET_DIR: '/nonexistent/bucket',
    })
    expect(source.kind).toBe('embedded')
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })
})
