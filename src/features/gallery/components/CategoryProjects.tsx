import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { SkeletonGrid } from '#src/components/Skeleton.tsx'
import { categoryShowcaseQueryOptions } from '../gallery.queries'
import type { GalleryCategory } from '../gallery-item'
import { galleryForCategory } from '../gallery-view'
import { GalleryLoad } from './GalleryLoad'
import { ProjectCard } from './ProjectCard'
import { useGalleryFailureToast } from './use-gallery-failure-toast'

type Props = {
  category: GalleryCategory
  /** Only this town's projects (an area page's). */
  town?: string
  limit: number
  emptyText: string
  errorText: string
  /** Shown instead of an empty or failed list, such as static example images. */
  fallback?: ReactNode
}

/**
 * A few projects of one category from the gallery, each opening in the gallery's viewer; while
 * they load, placeholders; when they cannot be loaded, `errorText` (and `fallback`) in their place.
 */
export function CategoryProjects(props: Props) {
  return (
    <GalleryLoad
      loading={<SkeletonGrid count={props.limit} label="Loading projects…" />}
      failed={<ProjectsMessage text={props.errorText} alert fallback={props.fallback} />}
    >
      <CategoryProjectList {...props} />
    </GalleryLoad>
  )
}

function ProjectsMessage({
  text,
  alert = false,
  fallback,
}: {
  text: string
  alert?: boolean
  fallback?: ReactNode
}) {
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <p
        role={alert ? 'alert' : undefined}
        className={css({ textAlign: 'center', color: 'fg.muted' })}
      >
        {text}
      </p>
      {fallback}
    </div>
  )
}

function CategoryProjectList({ category, town, limit, emptyText, errorText, fallback }: Props) {
  const { data } = useSuspenseQuery(categoryShowcaseQueryOptions(category))
  useGalleryFailureToast(data.status === 'error')
  const projects = galleryForCategory(data.items, category, limit, town)

  if (data.status === 'error') return <ProjectsMessage text={errorText} alert fallback={fallback} />
  if (projects.length === 0) return <ProjectsMessage text={emptyText} fallback={fallback} />

  return (
    <ul className={centredRows}>
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} images={data.images} category={category} />
      ))}
    </ul>
  )
}

/**
 * The skeleton grid's columns (one, two from sm, three from lg) with a short last row centred: an
 * area's one project stands in the middle, not alone at the left of an empty row.
 */
const centredRows = css({
  '--row-gap': { base: 'token(spacing.5)', md: 'token(spacing.6)' },
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: 'var(--row-gap)',
  '& > li': {
    minW: '0',
    flexBasis: {
      base: '100%',
      sm: 'calc((100% - var(--row-gap)) / 2)',
      lg: 'calc((100% - 2 * var(--row-gap)) / 3)',
    },
  },
})
