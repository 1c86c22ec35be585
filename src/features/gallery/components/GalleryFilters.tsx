import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { galleryCategories, galleryCategoryLabel } from '../gallery-item'
import type { GallerySearch } from '../gallery-search'

type GallerySort = GallerySearch['sort']

const gallerySortOptions = [
  { value: 'featured', label: 'Featured first' },
  { value: 'newest', label: 'Newest' },
  { value: 'alphabetical', label: 'Title (A–Z)' },
  { value: 'location', label: 'Location' },
] as const satisfies readonly { value: GallerySort; label: string }[]

const categoryTabs = [
  { value: 'all', label: 'All Projects' },
  ...galleryCategories.map((category) => ({
    value: category,
    label: galleryCategoryLabel(category),
  })),
] as const

const searchDelayMs = 300

/** Category links, sort and search. A plain GET form, so it works before JavaScript too. */
export function GalleryFilters({ search }: { search: GallerySearch }) {
  const navigate = useNavigate({ from: '/gallery' })
  const [query, setQuery] = useState(search.q)
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => setQuery(search.q), [search.q])
  useEffect(() => () => clearTimeout(typing.current), [])

  const update = (next: Partial<GallerySearch>, replace = false) =>
    navigate({
      search: (previous) => ({ ...previous, ...next, project: undefined }),
      replace,
      resetScroll: false,
    })

  const onQueryChange = (value: string) => {
    setQuery(value)
    clearTimeout(typing.current)
    typing.current = setTimeout(() => update({ q: value.trim() }, true), searchDelayMs)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    clearTimeout(typing.current)
    update({ q: query.trim() })
  }

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', mb: '10' })}>
      <nav aria-label="Project categories">
        <ul
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            justifyContent: { base: 'flex-start', md: 'center' },
          })}
        >
          {categoryTabs.map((tab) => {
            const active = search.category === tab.value
            return (
              <li key={tab.value}>
                <Link
                  to="/gallery"
                  search={(previous) => ({ ...previous, category: tab.value, project: undefined })}
                  resetScroll={false}
                  aria-current={active ? 'page' : undefined}
                  className={button({ variant: active ? 'primary' : 'outline', size: 'sm' })}
                >
                  {tab.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <search>
        <form
          method="get"
          action="/gallery"
          aria-label="Search and sort projects"
          onSubmit={onSubmit}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '4',
            alignItems: 'flex-end',
            justifyContent: { base: 'stretch', md: 'center' },
          })}
        >
          {search.category !== 'all' ? (
            <input type="hidden" name="category" value={search.category} />
          ) : null}
          <label className={fieldLabel}>
            Search projects
            <input
              type="search"
              name="q"
              value={query}
              maxLength={100}
              placeholder="Try “walnut” or “shower”"
              onChange={(event) => onQueryChange(event.target.value)}
              className={fieldInput}
            />
          </label>
          <label className={fieldLabel}>
            Sort by
            <select
              name="sort"
              value={search.sort}
              onChange={(event) => update({ sort: event.target.value as GallerySort })}
              className={fieldInput}
            >
              {gallerySortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={button({ variant: 'primary', size: 'md' })}>
            Apply
          </button>
        </form>
      </search>
    </div>
  )
}

const fieldLabel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  fontSize: 'sm',
  fontWeight: '600',
  color: 'fg.heading',
  flex: { base: '1 1 100%', sm: '0 1 auto' },
})

const fieldInput = css({
  h: '12',
  px: '3',
  minW: { sm: '56' },
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'white',
  color: 'fg.default',
  fontWeight: '400',
  fontSize: 'md',
})
