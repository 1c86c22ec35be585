/**
 * Service and location pages receive a category's showcase instead of the whole gallery; whatever
 * the gallery holds, they must show the same projects and hero as from the whole list.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type GalleryItem, galleryCategories } from './gallery-item'
import {
  categoryShowcase,
  galleryForCategory,
  heroProject,
  projectTown,
  showcaseLimit,
} from './gallery-view'

const day = fc
  .integer({ min: 0, max: 400 })
  .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString())
const towns = ['Concord', 'Etobicoke', 'Vaughan']
const item = fc.record({
  category: fc.constantFrom(...galleryCategories),
  featured: fc.boolean(),
  dateCreated: day,
  location: fc.constantFrom(...towns, ...towns.map((town) => `Sample · ${town}`)),
})
const gallery = fc.array(item, { maxLength: 40 }).map((rows): GalleryItem[] =>
  rows.map((row, index) => ({
    id: `p${index}`,
    title: `Project ${index}`,
    description: '',
    imageUrl: `/storage/v1/object/public/gallery/${row.category}/p${index}.webp`,
    additionalImages: [],
    sortOrder: 0,
    ...row,
  })),
)

describe('a category showcase', () => {
  it('shows the same projects and hero as the whole gallery, and at most one project more than the limit', () => {
    fc.assert(
      fc.property(
        gallery,
        fc.constantFrom(...galleryCategories),
        fc.integer({ min: 0, max: showcaseLimit }),
        (items, category, limit) => {
          const showcase = categoryShowcase(items, category)
          expect(galleryForCategory(showcase, category, limit)).toEqual(
            galleryForCategory(items, category, limit),
          )
          expect(heroProject(showcase, category)).toEqual(heroProject(items, category))
          expect(showcase.length).toBeLessThanOrEqual(showcaseLimit + 1)
          expect(showcase.every((project) => project.category === category)).toBe(true)
        },
      ),
    )
  })

  it("gives an area page the same projects and hero of its own town as the whole gallery, and none of another's", () => {
    fc.assert(
      fc.property(
        gallery,
        fc.constantFrom(...galleryCategories),
        fc.integer({ min: 0, max: showcaseLimit }),
        fc.constantFrom(...towns),
        (items, category, limit, town) => {
          const showcase = categoryShowcase(items, category, towns.slice(0, 2))
          if (town !== 'Vaughan') {
            expect(galleryForCategory(showcase, category, limit, town)).toEqual(
              galleryForCategory(items, category, limit, town),
            )
            expect(heroProject(showcase, category, town)).toEqual(
              heroProject(items, category, town),
            )
          }
          const shown = galleryForCategory(showcase, category, limit, town)
          expect(shown.every((project) => projectTown(project) === town)).toBe(true)
          expect(heroProject(showcase, category, town)?.location ?? town).toMatch(
            new RegExp(`${town}$`),
          )
        },
      ),
    )
  })

  it('keeps a category whose hero is not among its first projects: the hero rides along', () => {
    const old = (id: string, featured: boolean, dateCreated: string): GalleryItem => ({
      id,
      title: id,
      description: '',
      location: 'Toronto',
      category: 'kitchen',
      imageUrl: `/storage/v1/object/public/gallery/kitchen/${id}.webp`,
      additionalImages: [],
      sortOrder: 0,
      featured,
      dateCreated,
    })
    // No featured project: the hero is the source's first, the oldest, and sorts last.
    const items = Array.from({ length: 8 }, (_, n) =>
      old(`k${n}`, false, `2025-01-${String(10 + n).padStart(2, '0')}T00:00:00.000Z`),
    )
    const showcase = categoryShowcase(items, 'kitchen')
    expect(showcase.map((project) => project.id)).toEqual([
      'k0',
      'k2',
      'k3',
      'k4',
      'k5',
      'k6',
      'k7',
    ])
  })
})
