export const galleryCategories = ['kitchen', 'bathroom', 'commercial', 'carpentry'] as const

export type GalleryCategory = (typeof galleryCategories)[number]

/** What a project was, each part only when the owner gave it. */
export interface ProjectFacts {
  scope?: string
  weeks?: number
  /** Whole dollars, from ≤ to. */
  budget?: { from: number; to: number }
}

/** A gallery project as the pages use it. */
export interface GalleryItem {
  id: string
  title: string
  description: string
  /** One of galleryCategories in practice; kept open so an unknown category still renders. */
  category: string
  location: string
  imageUrl: string
  additionalImages: string[]
  featured: boolean
  /** ISO 8601 timestamp. */
  dateCreated: string
  sortOrder: number
  /** Absent when the owner gave none. */
  facts?: ProjectFacts
  /** The main photo's view before the work (its URL), shown beside imageUrl; absent when none. */
  beforeImageUrl?: string
}

export const galleryDefaults = { description: '', location: 'Toronto', sortOrder: 0 } as const

const categoryLabels: Record<GalleryCategory, string> = {
  kitchen: 'Kitchen Renovation',
  bathroom: 'Bathroom Remodel',
  commercial: 'Commercial Project',
  carpentry: 'Custom Carpentry',
}

export const isGalleryCategory = (value: unknown): value is GalleryCategory =>
  typeof value === 'string' && (galleryCategories as readonly string[]).includes(value)

/** The project modal's label for a category; an unknown one is shown capitalised. */
export function galleryCategoryLabel(category: string): string {
  if (isGalleryCategory(category)) return categoryLabels[category]
  return category.charAt(0).toUpperCase() + category.slice(1)
}
