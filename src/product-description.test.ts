import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { faqs } from '#src/content/faq.content.ts'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import { processStages } from '#src/content/process.ts'
import {
  contactServiceOptions,
  homeServiceCards,
  servicesPageOrder,
} from '#src/content/services.ts'
import { homeTestimonials } from '#src/content/testimonials.content.ts'
import { galleryPageSize, gallerySkeletonCount } from '#src/features/gallery/gallery-pages.ts'
import { recentProjectsLimit } from '#src/features/locations/components/LocationServicePage.tsx'
import { portfolioLimit } from '#src/features/services/components/ServiceDetailPage.tsx'
import { contactFieldNames } from '#supabase/functions/_shared/contact/contact-schema.ts'

/**
 * docs/product.md is what a maintainer must not change; its counts are held here, so a change
 * that breaks one (a card, a field, a page) fails and says which, and so does a description
 * edited without the site.
 */

const rootDir = resolve(import.meta.dirname, '..')
const product = readFileSync(resolve(rootDir, 'docs/product.md'), 'utf8')

const numberWords: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
}

/** The count the description gives in the first match of `pattern` (a word or digits). */
function countIn(pattern: RegExp): number {
  // Across the description's line breaks.
  const match = product.replace(/\s+/g, ' ').match(pattern)
  expect(match, `docs/product.md no longer says ${pattern}`).not.toBeNull()
  const word = match?.[1]?.toLowerCase() ?? ''
  return numberWords[word] ?? Number(word)
}

describe('the counts docs/product.md gives', () => {
  it.each([
    ['/services: service cards', /`\/services`: (\w+) service cards/, servicesPageOrder.length],
    [
      'home: service cards beside the laser banner',
      /laser cutting\s+banner and (\w+) cards/,
      homeServiceCards.length,
    ],
    ['home: testimonials', /(\w+) testimonials/, homeTestimonials.length],
    ['/faq: questions', /`\/faq` \((\d+) questions/, faqs.length],
    ['service page: steps of the process', /a\s+(\w+)-step process/, processStages.length],
    [
      'service page: projects at most',
      /up to (\w+) projects of its gallery category/,
      portfolioLimit,
    ],
    ['area pages: locations', /one page per area and service \((\d+) ×/, locationIds.length],
    [
      'area pages: services',
      /one page per area and service \(\d+ × (\d+)\)/,
      locationServiceIds.length,
    ],
    ['area page: recent projects at most', /with up to (\w+) recent projects/, recentProjectsLimit],
    ['gallery: projects a page', /(\w+) projects a page/, galleryPageSize],
    ['gallery: skeleton cards', /skeleton cards \((\w+) on the gallery/, gallerySkeletonCount],
    [
      'contact form: service choices',
      /optional service \((\w+) choices/,
      contactServiceOptions.length,
    ],
  ])('%s', (_, pattern, actual) => {
    expect(actual).toBe(countIn(pattern))
  })

  it("names the contact form's fields, in the form's order", () => {
    const fields = product.match(/\*\*Fields\*\*:(.+?)\n\s+Each field/s)?.[1] ?? ''
    const named = ['name', 'email', 'phone', 'service', 'message']
    const positions = named.map((field) => fields.search(new RegExp(`\\b${field}\\b`)))
    expect(
      positions.every((position) => position >= 0),
      fields,
    ).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(contactFieldNames).toEqual(named)
    expect(contactServiceOptions[0]).toMatch(/kitchen/i)
  })
})

describe('the pages docs/product.md lists', () => {
  const pagesSection = product.slice(product.indexOf('## Pages'), product.indexOf('## The gallery'))
  const described = [...pagesSection.matchAll(/`(\/[^`\s]*|[\w.]+\.(?:xml|txt))`/g)].map(
    ([, path = '']) => (path.startsWith('/') ? path : `/${path}`).replace(/<[^>]+>/g, 'x'),
  )
  // The routes the app answers, as the router generates them; the photo files are not pages.
  const routes = [
    ...readFileSync(resolve(rootDir, 'src/routeTree.gen.ts'), 'utf8').matchAll(
      /fullPath: '([^']+)'/g,
    ),
  ]
    .map(([, path = '']) => path)
    .filter((path) => !path.startsWith('/storage/'))
  const pattern = (route: string) =>
    new RegExp(`^${route.replace(/\/$/, '').replace(/\$\w*/g, '[^/]+') || '/'}$`)

  it('holds a route for every page the description lists', () => {
    expect(described.length).toBeGreaterThanOrEqual(15)
    for (const path of described)
      expect(
        routes.some((route) => pattern(route).test(path)),
        `${path} has no route`,
      ).toBe(true)
  })

  it('describes every route the app answers', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15)
    for (const route of routes)
      expect(
        described.some((path) => pattern(route).test(path)),
        `${route} is not in docs/product.md`,
      ).toBe(true)
  })
})
