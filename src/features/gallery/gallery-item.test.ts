import { describe, expect, it } from 'vitest'
import { galleryCategories, galleryCategoryLabel, isGalleryCategory } from './gallery-item'

describe('galleryCategoryLabel', () => {
  it('names the four categories as the project modal does', () => {
    expect(galleryCategories.map(galleryCategoryLabel)).toEqual([
      'Kitchen Renovation',
      'Bathroom Remodel',
      'Commercial Project',
      'Custom Carpentry',
    ])
  })

  it('capitalises any other category', () => {
    expect(galleryCategoryLabel('basement')).toBe('Basement')
    expect(galleryCategoryLabel('')).toBe('')
  })
})

describe('isGalleryCategory', () => {
  it('accepts only the known categories', () => {
    expect(isGalleryCategory('kitchen')).toBe(true)
    expect(isGalleryCategory('Kitchen')).toBe(false)
    expect(isGalleryCategory(undefined)).toBe(false)
  })
})
