import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import {
  type GalleryImageDelivery,
  galleryPhotoPath,
  parsePhotoVariantPath,
  photoVariantPath,
  photoVariantsBucket,
  renderQuality,
  responsivePhoto,
} from './photo-variants'
import { createGalleryImageUrls, publicObjectUrl, siteImageUrls } from './storage-path'

const supabaseUrl = 'https://abc.supabase.co'
const storage = createClient(supabaseUrl, 'sb_publishable_test').storage
const hostedUrls = createGalleryImageUrls(
  (bucket, path) => storage.from(bucket).getPublicUrl(path).data.publicUrl,
  'abc.supabase.co',
)

/** The candidates of a srcset as [url, descriptor] pairs. */
const candidates = (srcSet: string | undefined) =>
  (srcSet ?? '').split(', ').map((candidate) => candidate.split(' '))

describe('responsivePhoto, embedded (variants the site makes and serves)', () => {
  const embedded: GalleryImageDelivery = { kind: 'variants', baseUrl: '' }
  const photo = siteImageUrls.imageUrl('kitchen/navy-shaker.webp')

  it('offers a card in AVIF and WebP at 400 and 800 px, and keeps the 4:3 frame', () => {
    const card = responsivePhoto(photo, embedded, 'card')
    expect(card).toEqual({
      src: '/storage/v1/object/public/gallery-variants/kitchen/navy-shaker.webp/800.webp',
      width: 1200,
      height: 900,
      avifSrcSet:
        '/storage/v1/object/public/gallery-variants/kitchen/navy-shaker.webp/400.avif 400w, ' +
        '/storage/v1/object/public/gallery-variants/kitchen/navy-shaker.webp/800.avif 800w',
      webpSrcSet:
        '/storage/v1/object/public/gallery-variants/kitchen/navy-shaker.webp/400.webp 400w, ' +
        '/storage/v1/object/public/gallery-variants/kitchen/navy-shaker.webp/800.webp 800w',
    })
  })

  it('gives each use its widths: thumbnails 400, the viewer up to 1600, banners all four', () => {
    const widths = (use: Parameters<typeof responsivePhoto>[2]) =>
      candidates(responsivePhoto(photo, embedded, use).avifSrcSet).map(([, width]) => width)
    expect(widths('thumbnail')).toEqual(['400w'])
    expect(widths('viewer')).toEqual(['800w', '1200w', '1600w'])
    expect(widths('banner')).toEqual(['400w', '800w', '1200w', '1600w'])
    expect(responsivePhoto(photo, embedded, 'viewer').src).toMatch(/\/1200\.webp$/)
  })

  it('encodes names as the photo URL does, and every variant URL reads back to its photo', () => {
    const url = siteImageUrls.additionalImageUrl('gallery/kitchen/oak island/détail 1.jpg')
    expect(url).toBe('/storage/v1/object/public/gallery/kitchen/oak%20island/d%C3%A9tail%201.jpg')
    const viewer = responsivePhoto(url, embedded, 'viewer')
    for (const [variantUrl] of candidates(viewer.webpSrcSet)) {
      const prefix = `/storage/v1/object/public/${photoVariantsBucket}/`
      expect(variantUrl?.startsWith(prefix)).toBe(true)
      const parsed = parsePhotoVariantPath(decodeURI(variantUrl?.slice(prefix.length) ?? ''))
      expect(parsed?.photoPath).toBe('kitchen/oak island/détail 1.jpg')
    }
  })

  it('leaves alone what is not a photo of the gallery bucket', () => {
    for (const url of [
      'https://images.example.com/a.webp',
      publicObjectUrl('', 'archive', 'a.webp'),
      siteImageUrls.imageUrl('kitchen/plan.pdf'),
      '/storage/v1/object/public/gallery/kitchen/a.webp?v=2',
    ]) {
      expect(responsivePhoto(url, embedded, 'card')).toEqual({ src: url, width: 1200, height: 900 })
    }
    expect(responsivePhoto(photo, undefined, 'card')).toEqual({
      src: photo,
      width: 1200,
      height: 900,
    })
  })
})

describe('responsivePhoto, Supabase', () => {
  const photo = hostedUrls.imageUrl('kitchen/oak island.jpg')

  it('with image transformations: the render URLs supabase-js builds, WebP chosen by Supabase', () => {
    const render: GalleryImageDelivery = { kind: 'render', baseUrl: supabaseUrl }
    const card = responsivePhoto(photo, render, 'card')
    const rendered = (width: number) =>
      storage.from('gallery').getPublicUrl('kitchen/oak island.jpg', {
        transform: { width, resize: 'contain', quality: renderQuality },
      }).data.publicUrl
    expect(card.srcSet).toBe(`${rendered(400)} 400w, ${rendered(800)} 800w`)
    expect(card.src).toBe(rendered(800))
    expect(card.src).toBe(
      'https://abc.supabase.co/storage/v1/render/image/public/gallery/kitchen/oak%20island.jpg?width=800&resize=contain&quality=70',
    )
    expect(card.avifSrcSet).toBeUndefined()
  })

  it('without them: the variants the import uploaded, only for the photos it lists', () => {
    const uploaded: GalleryImageDelivery = {
      kind: 'variants',
      baseUrl: supabaseUrl,
      photos: ['kitchen/oak island.jpg'],
    }
    const card = responsivePhoto(photo, uploaded, 'card')
    const variantUrl = (width: 400 | 800, format: 'avif' | 'webp') =>
      storage
        .from(photoVariantsBucket)
        .getPublicUrl(photoVariantPath('kitchen/oak island.jpg', width, format)).data.publicUrl
    expect(card.avifSrcSet).toBe(`${variantUrl(400, 'avif')} 400w, ${variantUrl(800, 'avif')} 800w`)
    expect(card.src).toBe(variantUrl(800, 'webp'))

    const notYetImported = hostedUrls.imageUrl('kitchen/new.jpg')
    expect(responsivePhoto(notYetImported, uploaded, 'card')).toEqual({
      src: notYetImported,
      width: 1200,
      height: 900,
    })
  })

  it('takes only URLs of its own project', () => {
    const elsewhere = 'https://other.supabase.co/storage/v1/object/public/gallery/a.jpg'
    expect(galleryPhotoPath(elsewhere, supabaseUrl)).toBeUndefined()
    expect(galleryPhotoPath(photo, `${supabaseUrl}/`)).toBe('kitchen/oak island.jpg')
  })
})

describe('parsePhotoVariantPath', () => {
  it('reads the widths and formats the site makes', () => {
    expect(parsePhotoVariantPath('kitchen/a.jpg/1600.avif')).toEqual({
      photoPath: 'kitchen/a.jpg',
      width: 1600,
      format: 'avif',
    })
    expect(parsePhotoVariantPath('kitchen/a/detail-1.webp/400.webp')?.photoPath).toBe(
      'kitchen/a/detail-1.webp',
    )
  })

  it('refuses other widths and formats, non-photos and paths that climb out', () => {
    for (const path of [
      'kitchen/a.jpg/500.avif',
      'kitchen/a.jpg/800.png',
      'kitchen/a.jpg/800.avif/x',
      'kitchen/a.pdf/800.avif',
      '../secret.jpg/800.avif',
      'kitchen/../../etc/passwd.jpg/800.avif',
      'kitchen//a.jpg/800.avif',
      'kitchen\\a.jpg/800.avif',
      'kitchen/a\0.jpg/800.avif',
      '800.avif',
    ]) {
      expect(parsePhotoVariantPath(path), path).toBeUndefined()
    }
  })
})
