import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import * as v from 'valibot'
import { SearchIcon } from '#src/components/icons/icons.tsx'
import { takeTypedFields } from '#src/lib/boot/typed-before-hydration.ts'
import { galleryCategoryLabel } from '../gallery-item'
import {
  type GallerySearch,
  type GallerySort,
  galleryCategoryFilters,
  gallerySortOptions,
  withoutProject,
} from '../gallery-search'

/** The sort select's labels: a sort added to the search schema does not compile until labelled. */
export const gallerySortLabels: Record<GallerySort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  alphabetical: 'Title (A–Z)',
  location: 'Location',
}

const categoryTabs = galleryCategoryFilters.map((value) => ({
  value,
  label: value === 'all' ? 'All Projects' : galleryCategoryLabel(value),
}))

const searchDelayMs = 300
const galleryFiltersFormId = 'gallery-filters'

/** Category links, sort and search. A plain GET form, so it works before JavaScript too. */
export function GalleryFilters({ search }: { search: GallerySearch }) {
  const navigate = useNavigate({ from: '/gallery' })
  const [query, setQuery] = useState(search.q)
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => setQuery(search.q), [search.q])
  useEffect(() => () => clearTimeout(typing.current), [])

  const update = (next: Partial<GallerySearch>, replace = false) =>
    navigate({
      // A new view starts at its first page.
      search: withoutProject({ ...next, page: undefined }),
      replace,
      resetScroll: false,
    })

  const onQueryChange = (value: string) => {
    setQuery(value)
    clearTimeout(typing.current)
    typing.current = setTimeout(() => update({ q: value.trim() }, true), searchDelayMs)
  }

  // A search typed or a sort chosen while the page was still loading its scripts applies now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is hydrated
  useEffect(() => {
    const typed = takeTypedFields(galleryFiltersFormId)
    const q = typed.get('q')?.trim()
    const sort = typed.get('sort')
    const next: Partial<GallerySearch> = {}
    if (q !== undefined) next.q = q
    if (v.is(v.picklist(gallerySortOptions), sort)) next.sort = sort
    if (Object.keys(next).length === 0) return
    if (q !== undefined) setQuery(q)
    void update(next)
  }, [])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    clearTimeout(typing.current)
    update({ q: query.trim() })
  }

  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: { base: '4', md: '6' },
        mb: { base: '8', md: '10' },
      })}
    >
      <nav aria-label="Project categories">
        {/* One row on a phone, scrolled sideways, so the projects start on the first screen. */}
        <ul
          className={css({
            display: 'flex',
            flexWrap: { base: 'nowrap', md: 'wrap' },
            gap: '2',
            justifyContent: { base: 'flex-start', md: 'center' },
            overflowX: { base: 'auto', md: 'visible' },
            scrollbarWidth: 'none',
            mx: { base: '-5', md: '0' },
            px: { base: '5', md: '0' },
            py: '1',
          })}
        >
          {categoryTabs.map((tab) => {
            const active = search.category === tab.value
            return (
              <li key={tab.value} className={css({ flexShrink: '0' })}>
                <Link
                  to="/gallery"
                  search={withoutProject({ category: tab.value, page: undefined })}
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
          id={galleryFiltersFormId}
          method="get"
          action="/gallery"
          aria-label="Search and sort projects"
          onSubmit={onSubmit}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '3',
            alignItems: 'center',
            justifyContent: { base: 'stretch', md: 'center' },
          })}
        >
          {search.category !== 'all' ? (
            <input type="hidden" name="category" value={search.category} />
          ) : null}
          <label
            className={css({ position: 'relative', flex: { base: '1 1 100%', md: '0 1 20rem' } })}
          >
            <span className={css({ srOnly: true })}>Search projects</span>
            <span
              aria-hidden="true"
              className={css({
                position: 'absolute',
                left: '3',
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'fg.muted',
                display: 'flex',
              })}
            >
              <SearchIcon size={18} />
            </span>
            <input
              type="search"
              name="q"
              value={query}
              maxLength={100}
              placeholder="Search: try “walnut” or “shower”"
              onChange={(event) => onQueryChange(event.target.value)}
              className={cx(fieldInput, css({ w: 'full', pl: '10', pr: '3' }))}
            />
          </label>
          <label
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              flex: { base: '1 1 0', md: '0 1 auto' },
              minW: '0',
              fontSize: 'sm',
              fontWeight: '600',
              color: 'fg.heading',
              whiteSpace: 'nowrap',
            })}
          >
            Sort by
            <select
              name="sort"
              value={search.sort}
              onChange={(event) => update({ sort: event.target.value as GallerySort })}
              className={cx(fieldInput, css({ flex: '1', minW: '0', px: '3' }))}
            >
              {gallerySortOptions.map((sort) => (
                <option key={sort} value={sort}>
                  {gallerySortLabels[sort]}
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

/** A field's box; its padding is set where it is used (the search field leaves room for an icon). */
const fieldInput = css({
  h: '12',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.canvas',
  color: 'fg.default',
  fontWeight: '400',
  fontSize: 'md',
})
