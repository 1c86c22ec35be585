import type { GalleryCategory, GalleryItem } from './gallery-item'
import type { GallerySearch, GallerySort } from './gallery-search'

/**
 * Made on the first sort that needs it, not when the module loads: a collator loads ICU's
 * collation data, which cost every page that imports this file 8-14 ms of a phone's start-up
 * (32-56 ms at 4× CPU slowdown), most of those pages never sorting by text.
 */
let collator: Intl.Collator | undefined
function collate(a: string, b: string) {
  collator ??= new Intl.Collator('en-CA')
  return collator.compare(a, b)
}
const byTitle = (a: GalleryItem, b: GalleryItem) => collate(a.title, b.title)
const newestFirst = (a: GalleryItem, b: GalleryItem) =>
  Date.parse(b.dateCreated) - Date.parse(a.dateCreated)
const featuredFirst = (a: GalleryItem, b: GalleryItem) => Number(b.featured) - Number(a.featured)

const comparators: Record<GallerySort, (a: GalleryItem, b: GalleryItem) => number> = {
  featured: (a, b) => featuredFirst(a, b) || a.sortOrder - b.sortOrder || byTitle(a, b),
  newest: (a, b) => newestFirst(a, b) || byTitle(a, b),
  alphabetical: byTitle,
  location: (a, b) => collate(a.location, b.location) || byTitle(a, b),
}

/** Case-insensitive match on title, description or category. */
export function matchesGallerySearch(item: GalleryItem, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-CA')
  if (needle === '') return true
  return [item.title, item.description, item.category].some((field) =>
    field.toLocaleLowerCase('en-CA').includes(needle),
  )
}

/** The projects the gallery shows for a search: filtered by category and query, then sorted. */
export function selectGalleryView(
  items: readonly GalleryItem[],
  search: Pick<GallerySearch, 'category' | 'sort' | 'q'>,
): GalleryItem[] {
  return items
    .filter((item) => search.category === 'all' || item.category === search.category)
    .filter((item) => matchesGallerySearch(item, search.q))
    .sort(comparators[search.sort])
}

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
  const featured = matching
    .filter((item) => item.featured)
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))
  return featured[0] ?? matching[0]
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
