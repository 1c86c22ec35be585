import { describe, expect, it } from 'vitest'
import { toGalleryItems } from '#src/features/gallery/gallery-row.ts'
import { createGalleryImageUrls, publicObjectUrl } from '#src/features/gallery/storage-path.ts'
import { galleryRow } from '#test/faults/gallery-rows.ts'
import { createGallerySource, deliveryFor } from './gallery.server'

describe('createGallerySource', () => {
  it('uses Supabase when its URL and anon key are set', () => {
    const source = createGallerySource({
      DATA_DIR: '.data',
      GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      SUPABASE_SECRET_KEY: 'sb_secret_key',
      SUPABASE_IMAGE_TRANSFORMATIONS: 'on',
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
      SUPABASE_SECRET_KEY: 'sb_secret_key',
      SUPABASE_IMAGE_TRANSFORMATIONS: 'off',
    })
    // None until the listing of uploaded variants has been read with the gallery.
    expect(source.images()).toEqual({
      kind: 'variants',
      baseUrl: 'https://abc.supabase.co',
      photos: [],
    })
  })

  it('by default, shows the photos without render URLs until a render URL has been seen to work', () => {
    const source = createGallerySource({
      DATA_DIR: '.data',
      GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      SUPABASE_SECRET_KEY: 'sb_secret_key',
      SUPABASE_IMAGE_TRANSFORMATIONS: 'auto',
    })
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
      SUPABASE_IMAGE_TRANSFORMATIONS: 'auto',
    })
    expect(source.kind).toBe('embedded')
    expect(source.images()).toEqual({ kind: 'variants', baseUrl: '' })
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })
})

describe('deliveryFor', () => {
  it('carries only the listed photos that the gallery shows', () => {
    const baseUrl = 'https://abc.supabase.co'
    const urls = createGalleryImageUrls((bucket, path) => publicObjectUrl(baseUrl, bucket, path))
    const items = toGalleryItems(
      [galleryRow('oak', { additional_images: ['gallery/kitchen/oak/detail 1.webp'] })],
      urls,
    )
    const listed = ['kitchen/oak.webp', 'kitchen/oak/detail 1.webp', 'kitchen/deleted.webp']
    expect(deliveryFor(items, { kind: 'variants', baseUrl, photos: listed })).toEqual({
      kind: 'variants',
      baseUrl,
      photos: ['kitchen/oak.webp', 'kitchen/oak/detail 1.webp'],
    })
    const render = { kind: 'render', baseUrl } as const
    expect(deliveryFor(items, render)).toBe(render)
  })
})
