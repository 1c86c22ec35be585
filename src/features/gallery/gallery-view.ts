import type { GalleryCategory, GalleryItem } from './gallery-item'

export const newestFirst = (a: GalleryItem, b: GalleryItem) =>
  Date.parse(b.dateCreated) - Date.parse(a.dateCreated)
export const featuredFirst = (a: GalleryItem, b: GalleryItem) =>
  Number(b.featured) - Number(a.featured)

/** The project after (or before) the given one, wrapping around; undefined when it is not listed. */
export function adjacentProject(
  list: readonly GalleryItem[],
  id: string,
  direction: 'next' | 'previous',
): GalleryItem | undefined {
  const index = list.findIndex((item) => item.id === id)
  if (index === -1) return undefined
  const step = direction === 'next' ? 1 : -1
  return list[(index + step + list.length) % list.length]
}

/**
 * The town a project was in: its location's last part, so a sample's "Sample · Concord" and an
 * owner's "Concord" are both Concord.
 */
export const projectTown = (item: Pick<GalleryItem, 'location'>) =>
  item.location.split('·').at(-1)?.trim() ?? ''

/** A category's projects, and only one town's when `town` is given (an area page's). */
const inCategory = (category: string, town?: string) => (item: GalleryItem) =>
  item.category === category && (town === undefined || projectTown(item) === town)

/** A portfolio section's projects: one category (of one town), featured first, then the newest. */
export function galleryForCategory(
  items: readonly GalleryItem[],
  category: GalleryCategory,
  limit: number,
  town?: string,
): GalleryItem[] {
  return items
    .filter(inCategory(category, town))
    .sort((a, b) => featuredFirst(a, b) || newestFirst(a, b))
    .slice(0, Math.max(0, limit))
}

/**
 * The newest featured project of the category (of one town, when given), else its first project:
 * a location page's hero.
 */
export function heroProject(items: readonly GalleryItem[], category: string, town?: string) {
  const matching = items.filter(inCategory(category, town))
  return matching.filter((item) => item.featured).sort(newestFirst)[0] ?? matching[0]
}

/** The most projects a page outside the gallery shows of one category. */
export const showcaseLimit = 6

/**
 * What a service or location page needs of the gallery: the category's first `showcaseLimit`
 * projects and its hero, and the same of each of `towns` (the service areas). `galleryForCategory`
 * and `heroProject` pick the same from it as from the whole list, so those pages carry a few
 * projects, not the whole gallery.
 */
export function categoryShowcase(
  items: readonly GalleryItem[],
  category: GalleryCategory,
  towns: readonly string[] = [],
): GalleryItem[] {
  const shown = new Set<GalleryItem>()
  for (const town of [undefined, ...towns]) {
    for (const item of galleryForCategory(items, category, showcaseLimit, town)) shown.add(item)
    const hero = heroProject(items, category, town)
    if (hero) shown.add(hero)
  }
  // In the gallery's own order, so ties and the hero fall as they would in the whole list.
  return items.filter((item) => shown.has(item))
}
