import { describe, expect, it } from 'vitest'
import {
  createGalleryImageUrls,
  locateAdditionalImage,
  locateMainImage,
  publicObjectUrl,
  siteImageUrls,
} from './storage-path'

describe('locateAdditionalImage', () => {
  const host = 'abc.supabase.co'

  it('splits a storage path into bucket and path', () => {
    expect(locateAdditionalImage('gallery/kitchen/oak/detail-1.webp', host)).toEqual({
      kind: 'object',
      bucket: 'gallery',
      path: 'kitchen/oak/detail-1.webp',
    })
    expect(locateAdditionalImage('/photos/a/b.png', host)).toEqual({
      kind: 'object',
      bucket: 'photos',
      path: 'a/b.png',
    })
  })

  it('keeps a path that already contains the backend host', () => {
    const url = 'https://abc.supabase.co/storage/v1/object/public/gallery/a.webp'
    expect(locateAdditionalImage(url, host)).toEqual({ kind: 'url', url })
    expect(locateAdditionalImage('abc.supabase.co/x.webp', host)).toEqual({
      kind: 'url',
      url: 'abc.supabase.co/x.webp',
    })
  })

  it('keeps any absolute URL, and reads a bare file name as a gallery path', () => {
    const url = 'https://images.example.com/a.webp'
    expect(locateAdditionalImage(url)).toEqual({ kind: 'url', url })
    expect(locateAdditionalImage('detail.webp')).toEqual({
      kind: 'object',
      bucket: 'gallery',
      path: 'detail.webp',
    })
  })
})

describe('locateMainImage', () => {
  it('is a path in the gallery bucket unless it is already a URL', () => {
    expect(locateMainImage('/kitchen/oak.webp')).toEqual({
      kind: 'object',
      bucket: 'gallery',
      path: 'kitchen/oak.webp',
    })
    expect(locateMainImage('http://x.example/a.png')).toEqual({
      kind: 'url',
      url: 'http://x.example/a.png',
    })
  })
})

describe('publicObjectUrl', () => {
  it('builds the Supabase public URL shape, absolute or site-relative, encoded', () => {
    expect(publicObjectUrl('https://abc.supabase.co/', 'gallery', 'kitchen/oak.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
    expect(publicObjectUrl('', 'gallery', 'kitchen/open plan.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/open%20plan.webp',
    )
  })
})

describe('image URL builders', () => {
  it('site-relative URLs for the embedded bucket', () => {
    expect(siteImageUrls.imageUrl('kitchen/oak.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak.webp',
    )
    expect(siteImageUrls.additionalImageUrl('gallery/kitchen/oak/detail-1.webp')).toBe(
      '/storage/v1/object/public/gallery/kitchen/oak/detail-1.webp',
    )
  })

  it('delegate objects to the given builder and keep backend URLs', () => {
    const urls = createGalleryImageUrls(
      (bucket, path) => `https://cdn.example/${bucket}::${path}`,
      'cdn.example',
    )
    expect(urls.imageUrl('bathroom/a.webp')).toBe('https://cdn.example/gallery::bathroom/a.webp')
    expect(urls.additionalImageUrl('other/b/c.webp')).toBe('https://cdn.example/other::b/c.webp')
    expect(urls.additionalImageUrl('https://cdn.example/kept.webp')).toBe(
      'https://cdn.example/kept.webp',
    )
  })
})
