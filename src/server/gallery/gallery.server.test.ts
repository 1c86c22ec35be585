import { describe, expect, it } from 'vitest'
import { createGallerySource } from './gallery.server'

describe('createGallerySource', () => {
  it('uses Supabase when its URL and anon key are set', () => {
    const source = createGallerySource({
      DATA_DIR: '.data',
      GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      SUPABASE_IMAGE_TRANSFORMATIONS: true,
    })
    expect(source.kind).toBe('supabase')
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
    expect(source.images()).toEqual({ kind: 'render', baseUrl: 'https://abc.supabase.co' })
  })

  it('with Supabase on a plan without image transformations, uses the variants of the import', () => {
    const source = createGallerySource({
      DATA_DIR: '.data',
      GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      SUPABASE_IMAGE_TRANSFORMATIONS: false,
    })
    // None until the listing of uploaded variants has been read with the gallery.
    expect(source.images()).toEqual({
      kind: 'variants',
      baseUrl: 'https://abc.supabase.co',
      photos: [],
    })
  })

  it('uses the embedded database otherwise, without opening it yet', () => {
    const source = createGallerySource({
      DATA_DIR: '/nonexistent/never-opened',
      GALLERY_BUCKET_DIR: '/nonexistent/bucket',
      SUPABASE_IMAGE_TRANSFORMATIONS: true,
    })
    expect(source.kind).toBe('embedded')
    expect(source.images()).toEqual({ kind: 'variants', baseUrl: '' })
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })
})
