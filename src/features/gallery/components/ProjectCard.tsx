import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { MapPinIcon } from '~/components/icons/icons'
import { type GalleryItem, galleryCategoryLabel } from '../gallery-item'
import type { GalleryImageDelivery } from '../photo-variants'
import { ProjectCardPhoto } from './ProjectCardPhoto'

export const projectCardId = (projectId: string) => `project-card-${projectId}`

type Props = {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  /** Called when the visitor points at or focuses the card, to fetch the viewer early. */
  onIntent?: () => void
}

/** A gallery card; following it opens the project viewer through the URL. */
/** Below the hero, so its image loads lazily like every picture but the hero's. */
export function ProjectCard({ project, images, onIntent }: Props) {
  const styles = card({ interactive: true })
  return (
    <li className={styles.root}>
      <Link
        id={projectCardId(project.id)}
        to="/gallery"
        search={(previous) => ({ ...previous, project: project.id })}
        resetScroll={false}
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
          <ProjectCardPhoto url={project.imageUrl} images={images} />
          {project.featured ? (
            <span
              className={css({
                position: 'absolute',
                top: '3',
                left: '3',
                bg: 'accent.solid',
                color: 'white',
                fontSize: 'xs',
                fontWeight: '700',
                px: '2.5',
                py: '1',
                borderRadius: 'full',
              })}
            >
              Featured
            </span>
          ) : null}
        </div>
        <div className={styles.body}>
          <p className={css({ textStyle: 'eyebrow', color: 'accent.text', fontSize: 'xs' })}>
            {galleryCategoryLabel(project.category)}
          </p>
          <h3 className={css({ textStyle: 'h3', fontSize: 'xl' })}>{project.title}</h3>
          <p
            className={css({
              display: 'flex',
              gap: '1.5',
              alignItems: 'center',
              color: 'fg.muted',
              fontSize: 'sm',
            })}
          >
            <MapPinIcon size={16} />
            {project.location}
          </p>
        </div>
      </Link>
    </li>
  )
}
