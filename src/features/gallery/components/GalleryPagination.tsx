import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { pageLinks } from '../gallery-pages'
import { withoutProject } from '../gallery-search'

type Props = {
  /** The first and the last of the pages shown (more than one after "show more"). */
  firstPage: number
  lastPage: number
  pageCount: number
}

/**
 * Links to the view's pages, each a URL the server renders: how a crawler, and a visitor without
 * JavaScript, reaches every project.
 */
export function GalleryPagination({ firstPage, lastPage, pageCount }: Props) {
  if (pageCount <= 1) return null
  const to = (page: number) => ({
    to: '/gallery' as const,
    // Only the link to the URL's own page is current (the router marks an active link so).
    activeOptions: { exact: true },
    search: withoutProject({ page }),
  })
  const step = (page: number, rel: 'prev' | 'next', label: string) => (
    <li>
      <Link {...to(page)} rel={rel} className={pageButton(false)}>
        {label}
        <span className={css({ srOnly: true })}> page</span>
      </Link>
    </li>
  )
  return (
    <nav aria-label="Gallery pages" className={css({ mt: { base: '6', md: '8' } })}>
      <ul
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          alignItems: 'center',
          gap: '2',
        })}
      >
        {firstPage > 1 ? step(firstPage - 1, 'prev', 'Previous') : null}
        {pageLinks(lastPage, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap sits between its two numbers
              key={`gap-${index}`}
              aria-hidden="true"
              className={css({ color: 'fg.muted', px: '1' })}
            >
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                {...to(entry)}
                aria-current={entry === lastPage ? 'page' : undefined}
                aria-label={`Page ${entry}`}
                className={pageButton(entry >= firstPage && entry <= lastPage)}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {lastPage < pageCount ? step(lastPage + 1, 'next', 'Next') : null}
      </ul>
    </nav>
  )
}

const pageButton = (current: boolean) =>
  cx(
    button({ variant: current ? 'primary' : 'outline', size: 'sm' }),
    css({ minW: '11', minH: '11' }),
  )
