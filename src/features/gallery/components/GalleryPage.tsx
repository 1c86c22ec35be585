import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Hero } from '~/components/Hero'
import { notify } from '~/components/layout/notify'
import { Section } from '~/components/Section'
import { gridClass } from '~/components/Skeleton'
import { siteImages } from '~/features/media/site-images'
import { galleryQueryOptions } from '../gallery.queries'
import { type GallerySearch, selectGalleryView } from '../gallery-view'
import { GalleryFilters } from './GalleryFilters'
import { ProjectCard } from './ProjectCard'
import { ProjectModal } from './ProjectModal'

export const galleryLoadFailedToast = 'Failed to load gallery images. Please try again later.'

/** Tells the visitor once, on the client, that the gallery could not be loaded. */
export function useGalleryFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) void notify('error', galleryLoadFailedToast, { id: 'gallery-load-failed' })
  }, [failed])
}

export function GalleryHero() {
  return (
    <Hero
      eyebrow="Our Work"
      title="Project Gallery"
      subtitle="Kitchens, bathrooms, commercial spaces and custom carpentry we have designed and built across the Greater Toronto Area."
      backgroundImage={siteImages['gallery-hero']}
    />
  )
}

export function GalleryResults({ search }: { search: GallerySearch }) {
  const { data } = useSuspenseQuery(galleryQueryOptions())
  useGalleryFailureToast(data.status === 'error')
  const projects = selectGalleryView(data.items, search)
  const openProject = projects.find((project) => project.id === search.project)

  if (data.status === 'error') {
    return (
      <p role="alert" className={messageClass}>
        Error loading projects. Please try refreshing the page.
      </p>
    )
  }

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
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      )}
      <ProjectModal project={openProject} projects={projects} />
    </>
  )
}

const messageClass = css({ textAlign: 'center', fontSize: 'lg', color: 'fg.muted' })

export function GallerySection({
  search,
  children,
}: {
  search: GallerySearch
  children: React.ReactNode
}) {
  return (
    <Section labelledBy="gallery-heading">
      <h2 id="gallery-heading" className={css({ srOnly: true })}>
        Projects
      </h2>
      <GalleryFilters search={search} />
      {children}
    </Section>
  )
}
