import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { MapPinIcon } from '#src/components/icons/icons.tsx'
import { Picture } from '#src/components/Picture.tsx'
import { gridImageSizes } from '#src/components/Skeleton.tsx'
import { type GalleryCategory, type GalleryItem, galleryCategoryLabel } from '../gallery-item'
import { showingProject } from '../gallery-search'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { galleryImageSizes } from './gallery-grid'
import { ProjectFactsLine } from './ProjectFactList'

declare module '@tanstack/history' {
  interface HistoryState {
    /** The viewer's entry was pushed by a card of the grid, whose entry is the one before it. */
    openedFromGrid?: boolean
  }
}

export const projectCardId = (projectId: string) => `project-card-${projectId}`

type Props = {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  /**
   * Outside the gallery, the category it opens the gallery on: the card is brief. In the gallery
   * (none given) it shows its category, a featured badge and a pinned location, keeps the filters
   * and the scroll when it opens, and has an id the viewer hands focus back to.
   */
  category?: GalleryCategory
  /** Called when the visitor points at or focuses the card, to fetch the viewer early. */
  onIntent?: () => void
}

/**
 * A project's card; following it opens the project viewer through the URL. Below the hero, so its
 * image loads lazily like every picture but the hero's.
 */
export function ProjectCard({ project, images, category, onIntent }: Props) {
  const inGallery = category === undefined
  const styles = card({ interactive: true })
  return (
    <li className={styles.root}>
      <Link
        to="/gallery"
        {...(inGallery
          ? {
              id: projectCardId(project.id),
              search: showingProject(project.id),
              state: { openedFromGrid: true },
              resetScroll: false,
            }
          : { search: { category, project: project.id } })}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        className={css({
          display: 'flex',
          flexDirection: 'column',
          h: 'full',
          textDecoration: 'none',
          color: 'inherit',
        })}
      >
        <div className={styles.media}>
          {/* Its smaller variants, cropped to the card's frame, as wide as a cell of its grid. */}
          <Picture
            image={responsivePhoto(project.imageUrl, images, 'card')}
            sizes={inGallery ? galleryImageSizes : gridImageSizes}
            alt=""
            fit="cover"
            fallbackAlt="Image Not Available"
          />
          {inGallery && project.featured ? <span className={styles.badge}>Featured</span> : null}
          {inGallery && project.beforeImageUrl ? (
            <span className={cx(styles.badge, beforeAfterBadge)}>Before &amp; after</span>
          ) : null}
        </div>
        <div className={styles.body}>
          {inGallery ? (
            <>
              <p className={css({ textStyle: 'eyebrow', color: 'accent.text', fontSize: 'xs' })}>
                {galleryCategoryLabel(project.category)}
              </p>
              <h3
                className={css({
                  textStyle: 'h3',
                  fontSize: 'xl',
                  overflowWrap: 'break-word',
                  hyphens: 'auto',
                })}
              >
                {project.title}
              </h3>
              <p className={cx(projectLocation, css({ fontSize: 'sm' }))}>
                <MapPinIcon size={16} />
                {project.location}
              </p>
              <ProjectFactsLine facts={project.facts} />
            </>
          ) : (
            <>
              <h3 className={css({ textStyle: 'h3', fontSize: 'lg' })}>{project.title}</h3>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{project.location}</p>
            </>
          )}
        </div>
      </Link>
    </li>
  )
}

/** A project's town after a pin, on its card and in the viewer. */
export const projectLocation = css({
  display: 'flex',
  gap: '1.5',
  alignItems: 'center',
  color: 'fg.muted',
})

/** At the photo's foot, clear of the featured badge. */
const beforeAfterBadge = css({ top: 'auto', bottom: '3', left: '3', bg: 'bg.photoControl' })
