import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { galleryCategories } from './schemas/content.schema'
import { serviceCards } from './service-cards'
import { serviceIds } from './services'
import { siteImages } from './site-images'

const publicDir = path.join(process.cwd(), 'public')
const bucketDir = path.join(publicDir, 'storage/v1/object/public/gallery')

const fileFor = (url: string): string => path.join(publicDir, url.replace(/^\//, ''))

const srcSetUrls = (srcSet: string): { url: string; width: number }[] =>
  srcSet.split(',').map((part) => {
    const [url, descriptor] = part.trim().split(/\s+/)
    return { url: url ?? '', width: Number.parseInt(descriptor ?? '', 10) }
  })

type GalleryEntry = {
  path: string
  additional: string[]
  /** The photo of the same view before the work, listed among `additional` too. */
  before?: string
  title: string
  description: string
  location: string
  featured: boolean
  order: number
  createdAt: string
}

const readGalleryManifest = (): GalleryEntry[] =>
  JSON.parse(readFileSync(path.join(bucketDir, 'manifest.json'), 'utf8')) as GalleryEntry[]

describe('site image manifest', () => {
  const entries = Object.entries(siteImages)

  it('has every picture a service card shows', () => {
    expect(entries.length).toBeGreaterThan(0)
    for (const id of serviceIds) expect(siteImages, id).toHaveProperty(serviceCards[id].image)
  })

  it.each(entries)('%s points at files that exist under public/', (_name, image) => {
    expect(image.src).toMatch(/^\/images\/site\/.+-1024\.webp$/)
    expect(existsSync(fileFor(image.src))).toBe(true)
    for (const srcSet of [image.avifSrcSet, image.webpSrcSet]) {
      for (const { url } of srcSetUrls(srcSet)) {
        expect(existsSync(fileFor(url)), url).toBe(true)
        expect(statSync(fileFor(url)).size).toBeGreaterThan(0)
      }
    }
  })

  it.each(entries)('%s has srcsets with four widths and a usable alt text', (_name, image) => {
    for (const [srcSet, ext] of [
      [image.avifSrcSet, 'avif'],
      [image.webpSrcSet, 'webp'],
    ] as const) {
      const items = srcSetUrls(srcSet)
      expect(items.map((i) => i.width)).toEqual([640, 768, 1024, 1600])
      for (const { url } of items) expect(url.endsWith(`.${ext}`)).toBe(true)
    }
    expect(image.width).toBe(1600)
    expect([900, 1200]).toContain(image.height)
    expect(image.alt.length).toBeGreaterThan(10)
  })

  it.each(entries.filter(([, image]) => image.height === 900))(
    '%s, a hero, has 9:16 portrait crops at 828 and 1080 px in AVIF and WebP',
    (name, image) => {
      const portrait = 'portrait' in image ? image.portrait : undefined
      expect(portrait, name).toBeDefined()
      for (const [srcSet, ext] of [
        [portrait?.avifSrcSet ?? '', 'avif'],
        [portrait?.webpSrcSet ?? '', 'webp'],
      ] as const) {
        const items = srcSetUrls(srcSet)
        expect(items.map((i) => i.width)).toEqual([828, 1080])
        for (const { url, width } of items) {
          expect(url).toBe(`/images/site/${name}-portrait-${width}.${ext}`)
          expect(existsSync(fileFor(url)), url).toBe(true)
        }
      }
    },
  )
})

describe('gallery bucket manifest', () => {
  const manifest = readGalleryManifest()
  const categories: readonly string[] = galleryCategories

  it('has enough projects in every category', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(18)
    const count = (c: string): number => manifest.filter((e) => e.path.startsWith(`${c}/`)).length
    expect(count('kitchen')).toBeGreaterThanOrEqual(6)
    expect(count('bathroom')).toBeGreaterThanOrEqual(5)
    expect(count('commercial')).toBeGreaterThanOrEqual(4)
    expect(count('carpentry')).toBeGreaterThanOrEqual(4)
  })

  it.each(manifest.map((e) => [e.path, e] as const))(
    '%s exists with its additional images',
    (_p, entry) => {
      const category = entry.path.split('/')[0]
      expect(categories).toContain(category)
      expect(entry.path).toMatch(/^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/)
      expect(existsSync(path.join(bucketDir, entry.path))).toBe(true)
      const photos = entry.additional.filter((extra) => extra !== entry.before)
      expect(photos.length).toBeGreaterThanOrEqual(2)
      expect(photos.length).toBeLessThanOrEqual(3)
      for (const extra of entry.additional) {
        expect(extra.split('/')[0]).toBe(category)
        expect(existsSync(path.join(bucketDir, extra)), extra).toBe(true)
      }
      expect(entry.title.length).toBeGreaterThan(5)
      expect(entry.description.length).toBeGreaterThan(40)
      expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false)
    },
  )
})
