import { useQueryClient, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query'
import { Link, lazyRouteComponent, useNavigate } from '@tanstack/react-router'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { SkeletonGrid } from '#src/components/Skeleton.tsx'
import { siteImages } from '#src/content/site-images.ts'
import { galleryPageQueryOptions, galleryProjectQueryOptions } from '../gallery.queries'
import type { GalleryItem } from '../gallery-item'
import { type GalleryView, gallerySkeletonCount, viewerProjects } from '../gallery-pages'
import { type GallerySearch, withoutProject } from '../gallery-search'
import type { GalleryImageDelivery } from '../photo-variants'
import { GalleryFilters } from './GalleryFilters'
import { GalleryLoad } from './GalleryLoad'
import { GalleryPagination } from './GalleryPagination'
import { galleryGridClass } from './gallery-grid'
import { ProjectCard, projectCardId } from './ProjectCard'
import { useGalleryFailureToast } from './use-gallery-failure-toast'

/** The project viewer (Ark's dialog and tooltips) loads once a card is pointed at or focused,
 * or a project is opened. */
const ProjectModal = lazyRouteComponent(() => import('./ProjectModal.lazy'), 'ProjectModal')
/** The viewer's module, which the server awaits before it renders a shared link's open project:
 * that project is then in the HTML, even without JavaScript, from the first render on. */
export const loadProjectViewer = async () => {
  await ProjectModal.preload?.()
}
const preloadViewer = () => void ProjectModal.preload?.()

/** True from the first render with a project open: the viewer then stays mounted, so it can
 * animate out and hand focus back to the project's card when it closes. */
function useViewerWanted(projectOpen: boolean) {
  const [wanted, setWanted] = useState(projectOpen)
  if (projectOpen && !wanted) setWanted(true)
  return wanted || projectOpen
}

/** The gallery: filters that work as links, a page of projects, and the closing call to action. */
export function GalleryPage({ search }: { search: GallerySearch }) {
  return (
    <>
      <Hero
        eyebrow="Our Work"
        title="Project Gallery"
        subtitle="Kitchens, bathrooms, commercial spaces and custom carpentry we have designed and built across the Greater Toronto Area."
        backgroundImage={siteImages['gallery-hero']}
      />
      <Section labelledBy="gallery-heading" tight>
        <h2 id="gallery-heading" className={css({ srOnly: true })}>
          Projects
        </h2>
        <GalleryFilters search={search} />
        <GalleryLoad
          loading={<SkeletonGrid count={gallerySkeletonCount} label="Loading projects…" />}
          failed={<GalleryLoadError />}
        >
          <GalleryResults search={search} />
        </GalleryLoad>
      </Section>
      <CallToActionBand
        id="gallery-cta-heading"
        title="Ready to Start Your Project?"
        subtitle="Tell us what you have in mind: we will visit, listen and give you a free, detailed quote."
      />
    </>
  )
}

const viewOf = ({ category, sort, q }: GallerySearch) => ({ category, sort, q })

/**
 * The pages shown: the URL's page, and before it those that "show more" appended to it on this
 * visit. Any other change of page or of the view shows the URL's page alone, as the server
 * renders it.
 */
function usePageRange(viewKey: string, page: number) {
  const [range, setRange] = useState({ viewKey, first: page, last: page })
  const appending = useRef<number>(undefined)
  let shown = range
  if (range.viewKey !== viewKey || range.last !== page) {
    const appended =
      range.viewKey === viewKey && page === range.last + 1 && appending.current === page
    shown = appended ? { ...range, last: page } : { viewKey, first: page, last: page }
    appending.current = undefined
    setRange(shown)
  }
  const pages = Array.from({ length: shown.last - shown.first + 1 }, (_, i) => shown.first + i)
  return {
    pages,
    /** Says that the coming navigation to `next` appends it to the pages shown. */
    willAppend: (next: number) => {
      appending.current = next
    },
  }
}

function GalleryResults({ search }: { search: GallerySearch }) {
  const view = viewOf(search)
  const viewKey = JSON.stringify(view)
  const { pages, willAppend } = usePageRange(viewKey, search.page)
  const answers = useSuspenseQueries({
    queries: pages.map((page) => galleryPageQueryOptions({ ...view, page })),
  })
  const failed = answers.some(({ data }) => data.status === 'error')
  useGalleryFailureToast(failed)
  const viewerWanted = useViewerWanted(search.project !== undefined)
  // Once each: a gallery reloaded between two pages may have moved a project to the next one.
  const cards = new Map<string, { project: GalleryItem; images?: GalleryImageDelivery }>()
  for (const { data } of answers) {
    for (const project of data.items) {
      if (!cards.has(project.id)) cards.set(project.id, { project, images: data.images })
    }
  }
  const last = (answers.at(-1) as (typeof answers)[number]).data

  if (failed) return <GalleryLoadError />

  return (
    <>
      <p aria-live="polite" className={css({ srOnly: true })}>
        {shownText(cards.size, last.total)}
      </p>
      {cards.size === 0 ? (
        <div
          className={css({
            textAlign: 'center',
            py: '10',
            display: 'grid',
            gap: '5',
            justifyItems: 'center',
          })}
        >
          <p className={messageClass}>No projects found matching your current filters.</p>
          <Link to="/gallery" reloadDocument className={button({ variant: 'primary' })}>
            View All Projects
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label="Projects" className={galleryGridClass}>
            {[...cards.values()].map(({ project, images }) => (
              <ProjectCard
                key={project.id}
                project={project}
                images={images}
                onIntent={preloadViewer}
              />
            ))}
          </ul>
          <GalleryMore
            view={view}
            page={last.page}
            pageCount={last.pageCount}
            onAppend={willAppend}
          />
          <GalleryPagination
            firstPage={answers[0]?.data.page ?? 1}
            lastPage={last.page}
            pageCount={last.pageCount}
          />
        </>
      )}
      {/* In the grid's boundary, so a shared project's viewer is in the HTML with its page; in
          the browser a project opens in the router's transition, the page staying meanwhile. */}
      {viewerWanted ? (
        <GalleryViewer view={view} projectId={search.project} imageNumber={search.image} />
      ) : null}
    </>
  )
}

const shownText = (shown: number, total: number) =>
  shown === total
    ? `${total} ${total === 1 ? 'project' : 'projects'} shown`
    : `${shown} of ${total} projects shown`

/**
 * "Show more": a link to the next page, which a script turns into appending that page below the
 * ones shown (the URL then names it, and the server renders that page for the URL), with focus
 * on its first project.
 */
function GalleryMore({
  view,
  page,
  pageCount,
  onAppend,
}: {
  view: Omit<GalleryView, 'page'>
  page: number
  pageCount: number
  onAppend: (page: number) => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate({ from: '/gallery' })
  const [loading, setLoading] = useState(false)
  const focusAfter = useRef<string>(undefined)

  useEffect(() => {
    const id = focusAfter.current
    if (id === undefined) return
    focusAfter.current = undefined
    document.getElementById(projectCardId(id))?.focus()
  })

  if (page >= pageCount) return null
  const next = page + 1

  const showMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return
    }
    event.preventDefault()
    const { href } = event.currentTarget
    if (loading) return
    setLoading(true)
    try {
      // Fetched before the URL changes, so the projects shown stay while it arrives.
      const answer = await queryClient.ensureQueryData(
        galleryPageQueryOptions({ ...view, page: next }),
      )
      focusAfter.current = answer.items[0]?.id
      onAppend(next)
      await navigate({
        search: withoutProject({ page: next }),
        replace: true,
        resetScroll: false,
      })
    } catch {
      // The link itself still leads to that page.
      window.location.assign(href)
    } finally {
      setLoading(false)
    }
  }

  return (
    <div
      className={css({ display: 'flex', justifyContent: 'center', mt: { base: '8', md: '10' } })}
    >
      <Link
        to="/gallery"
        search={withoutProject({ page: next })}
        resetScroll={false}
        onClick={showMore}
        aria-busy={loading || undefined}
        className={button({ variant: 'primary', size: 'lg' })}
      >
        {loading ? 'Loading more projects…' : 'Show More Projects'}
      </Link>
    </div>
  )
}

/**
 * The viewer for the URL's project, with its neighbours in the whole view from the server (the
 * browser holds a page of the view, not the view). The neighbours' own answers are fetched ahead,
 * so a step is immediate.
 */
function GalleryViewer({
  view,
  projectId,
  imageNumber,
}: {
  view: Omit<GalleryView, 'page'>
  projectId: string | undefined
  imageNumber: number | undefined
}) {
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(galleryProjectQueryOptions(view, projectId))
  const { previous, next } = data
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      if (neighbour) void queryClient.prefetchQuery(galleryProjectQueryOptions(view, neighbour.id))
    }
  }, [queryClient, view, previous, next])
  return (
    <ProjectModal
      project={data.project}
      projects={viewerProjects(data)}
      images={data.images}
      imageNumber={imageNumber}
    />
  )
}

const messageClass = css({ textAlign: 'center', fontSize: 'lg', color: 'fg.muted' })

function GalleryLoadError() {
  return (
    <p role="alert" className={messageClass}>
      Error loading projects. Please try refreshing the page.
    </p>
  )
}
