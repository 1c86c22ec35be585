import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, lazyRouteComponent } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { gridClass, SkeletonGrid } from '#src/components/Skeleton.tsx'
import { siteImages } from '#src/content/site-images.ts'
import { galleryQueryOptions } from '../gallery.queries'
import type { GallerySearch } from '../gallery-search'
import { selectGalleryView } from '../gallery-view'
import { GalleryFilters } from './GalleryFilters'
import { GalleryLoad } from './GalleryLoad'
import { ProjectCard } from './ProjectCard'
import { useGalleryFailureToast } from './use-gallery-failure-toast'

/** The project viewer (Ark's dialog and tooltips) loads once a card is pointed at or focused,
 * or a project is opened. */
const ProjectModal = lazyRouteComponent(() => import('./ProjectModal.lazy'), 'ProjectModal')
// The server loads it at once, so a shared link's open project is in the HTML, even without
// JavaScript.
if (import.meta.env.SSR) void ProjectModal.preload?.()
const preloadViewer = () => void ProjectModal.preload?.()

/** True from the first render with a project open: the viewer then stays mounted, so it can
 * animate out and hand focus back to the project's card when it closes. */
function useViewerWanted(projectOpen: boolean) {
  const [wanted, setWanted] = useState(projectOpen)
  if (projectOpen && !wanted) setWanted(true)
  return wanted || projectOpen
}

/** The gallery: filters that work as links, and the grid streamed in after the shell. */
export function GalleryPage({ search }: { search: GallerySearch }) {
  return (
    <>
      <GalleryHero />
      <GallerySection search={search}>
        <GalleryLoad
          loading={<SkeletonGrid count={9} label="Loading projects…" />}
          failed={<GalleryLoadError />}
        >
          <GalleryResults search={search} />
        </GalleryLoad>
      </GallerySection>
    </>
  )
}

function GalleryHero() {
  return (
    <Hero
      eyebrow="Our Work"
      title="Project Gallery"
      subtitle="Kitchens, bathrooms, commercial spaces and custom carpentry we have designed and built across the Greater Toronto Area."
      backgroundImage={siteImages['gallery-hero']}
    />
  )
}

function GalleryResults({ search }: { search: GallerySearch }) {
  const { data } = useSuspenseQuery(galleryQueryOptions())
  useGalleryFailureToast(data.status === 'error')
  const projects = selectGalleryView(data.items, search)
  const openProject = projects.find((project) => project.id === search.project)
  const viewerWanted = useViewerWanted(openProject !== undefined)

  if (data.status === 'error') return <GalleryLoadError />

  return (
    <>
      <p aria-live="polite" className={css({ srOnly: true })}>
        {projects.length === 1 ? '1 project shown' : `${projects.length} projects shown`}
      </p>
      {projects.length === 0 ? (
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
        <ul aria-label="Projects" className={gridClass}>
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              images={data.images}
              onIntent={preloadViewer}
            />
          ))}
        </ul>
      )}
      {viewerWanted ? (
        <Suspense fallback={null}>
          <ProjectModal
            project={openProject}
            projects={projects}
            images={data.images}
            imageNumber={search.image}
          />
        </Suspense>
      ) : null}
    </>
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

function GallerySection({
  search,
  children,
}: {
  search: GallerySearch
  children: React.ReactNode
}) {
  return (
    <Section labelledBy="gallery-heading" tight>
      <h2 id="gallery-heading" className={css({ srOnly: true })}>
        Projects
      </h2>
      <GalleryFilters search={search} />
      {children}
    </Section>
  )
}
