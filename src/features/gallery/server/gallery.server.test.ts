import { describe, expect, it } from 'vitest'
import type { Environment } from '#src/server/env-schema.server.ts'
import { createGallerySource } from './gallery.server'

const supabase = {
  DATA_DIR: '.data',
  GALLERY_BUCKET_DIR: 'public/storage/v1/object/public/gallery',
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SECRET_KEY: 'sb_secret_key',
} as const
const settings = (env: Partial<Environment>) => env as Environment

describe('createGallerySource', () => {
  it('uses Supabase when its variables are set, with render URLs when transformations are on', () => {
    const source = createGallerySource(
      settings({ ...supabase, SUPABASE_IMAGE_TRANSFORMATIONS: 'on' }),
    )
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
    expect(source.images([])).toEqual({ kind: 'render', baseUrl: 'https://abc.supabase.co' })
  })

  it.each(['off', 'auto'] as const)(
    'with transformations %s, shows the photos as they are until variants are listed',
    (setting) => {
      const source = createGallerySource(
        settings({ ...supabase, SUPABASE_IMAGE_TRANSFORMATIONS: setting }),
      )
      expect(source.images([])).toEqual({
        kind: 'variants',
        baseUrl: 'https://abc.supabase.co',
        photos: [],
      })
    },
  )

  it('uses the embedded database otherwise, without opening it yet', () => {
    const source = createGallerySource(
      settings({
        DATA_DIR: '/nonexistent/never-opened',
        GALLERY_BUCKET_DIR: '/nonexistent/bucket',
      }),
    )
    expect(source.images([])).toEqual({ kind: 'variants', baseUrl: '' })
    expect(source.urls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
  })
})
