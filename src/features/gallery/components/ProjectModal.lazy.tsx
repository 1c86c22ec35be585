import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button, dialog } from 'styled-system/recipes'
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  MapPinIcon,
} from '#src/components/icons/icons.tsx'
import { Picture } from '#src/components/Picture.tsx'
import { IconButtonTooltip } from '#src/components/ui/IconButtonTooltip.tsx'
import { type GalleryItem, galleryCategoryLabel } from '../gallery-item'
import { adjacentProject } from '../gallery-view'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { projectCardId } from './ProjectCard'

type Props = {
  project: GalleryItem | undefined
  projects: GalleryItem[]
  images: GalleryImageDelivery | undefined
  /** The `image` search param: which of the project's images is shown, from 1. */
  imageNumber: number | undefined
}

/**
 * The project viewer. Its open project and image are the `project` and `image` search params, so
 * a view can be shared, and its controls are links to the view they show: a tap before the app
 * has started is an ordinary navigation.
 */
export function ProjectModal({ project, projects, images, imageNumber }: Props) {
  const navigate = useNavigate({ from: '/gallery' })
  const [closingId, setClosingId] = useState<string>()
  // A shared link's open project is hydrated from the server's HTML after the rest of the page
  // (this module loads on demand). That copy stays inert, then the dialog mounts afresh in the
  // browser, so that Ark sets up its focus trap and outside-click detection in the portal rather
  // than in the server's markup, and the copy it replaces hands no focus back as it goes.
  const hydrated = useHydrated()

  const close = () => {
    setClosingId(project?.id)
    void navigate({ search: withoutProject, resetScroll: false })
  }

  const step = (direction: 'next' | 'previous') => {
    if (!project) return
    const target = adjacentProject(projects, project.id, direction)
    if (target) {
      void navigate({ search: showing(target.id), replace: true, resetScroll: false })
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step('next')
    if (event.key === 'ArrowLeft') step('previous')
  }

  const styles = dialog()
  const canStep = project !== undefined && projects.length > 1
  const previous = canStep ? adjacentProject(projects, project.id, 'previous') : undefined
  const next = canStep ? adjacentProject(projects, project.id, 'next') : undefined

  return (
    <Dialog.Root
      key={hydrated ? 'browser' : 'server'}
      trapFocus={hydrated}
      restoreFocus={hydrated}
      open={project !== undefined}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      lazyMount
      unmountOnExit
      finalFocusEl={() => document.getElementById(projectCardId(closingId ?? project?.id ?? ''))}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          {project ? (
            <Dialog.Content onKeyDown={onKeyDown} className={styles.content}>
              <ProjectImages
                project={project}
                images={images}
                imageNumber={imageNumber}
                // On the picture's edges, so they stay on screen however tall the text below is.
                stepControls={
                  <>
                    {previous ? (
                      <IconButtonTooltip label="Previous project">
                        <Link
                          to="/gallery"
                          search={showing(previous.id)}
                          replace
                          resetScroll={false}
                          aria-label={`Previous project: ${previous.title}`}
                          className={cx(
                            button({ variant: 'outline', size: 'icon' }),
                            stepButton,
                            css({ left: '3' }),
                          )}
                        >
                          <ChevronLeftIcon />
                        </Link>
                      </IconButtonTooltip>
                    ) : null}
                    {next ? (
                      <IconButtonTooltip label="Next project">
                        <Link
                          to="/gallery"
                          search={showing(next.id)}
                          replace
                          resetScroll={false}
                          aria-label={`Next project: ${next.title}`}
                          className={cx(
                            button({ variant: 'outline', size: 'icon' }),
                            stepButton,
                            css({ right: '3' }),
                          )}
                        >
                          <ChevronRightIcon />
                        </Link>
                      </IconButtonTooltip>
                    ) : null}
                  </>
                }
              />
              <div className={css({ p: { base: '5', md: '8' }, display: 'grid', gap: '3' })}>
                <p className={css({ textStyle: 'eyebrow', color: 'accent.text' })}>
                  {galleryCategoryLabel(project.category)}
                </p>
                <Dialog.Title
                  className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '3xl' } })}
                >
                  {project.title}
                </Dialog.Title>
                <p
                  className={css({
                    display: 'flex',
                    gap: '1.5',
                    alignItems: 'center',
                    color: 'fg.muted',
                  })}
                >
                  <MapPinIcon size={16} />
                  {project.location}
                </p>
                {project.description ? (
                  <Dialog.Description className={css({ color: 'fg.default', maxW: 'prose' })}>
                    {project.description}
                  </Dialog.Description>
                ) : null}
                <div
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: '3',
                    mt: '3',
                    alignItems: 'center',
                  })}
                >
                  <Link to="/contact-us" className={button({ variant: 'accent', size: 'md' })}>
                    Start a Project Like This
                  </Link>
                </div>
              </div>
              <IconButtonTooltip label="Close">
                <Link
                  to="/gallery"
                  search={withoutProject}
                  resetScroll={false}
                  aria-label="Close project"
                  onClick={() => setClosingId(project.id)}
                  className={styles.closeTrigger}
                >
                  <CloseIcon />
                </Link>
              </IconButtonTooltip>
            </Dialog.Content>
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The search of a view with this project open, at its first image. */
const showing =
  (projectId: string) =>
  <Search extends object>(previous: Search) => ({
    ...previous,
    project: projectId,
    image: undefined,
  })

const withoutProject = <Search extends object>(previous: Search) => ({
  ...previous,
  project: undefined,
  image: undefined,
})

const stepButton = css({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bg: 'bg.canvas',
  borderColor: 'bg.canvas',
  boxShadow: 'md',
  borderRadius: 'full',
  _hover: { bg: 'brand.subtle', transform: 'translateY(-50%)' },
})

/** The viewer is at most 1080 px wide, the whole screen below that. */
const viewerSizes = '(min-width: 1080px) 1080px, 100vw'

function ProjectImages({
  project,
  images: delivery,
  imageNumber,
  stepControls,
}: {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  imageNumber: number | undefined
  stepControls: ReactNode
}) {
  const images = [project.imageUrl, ...project.additionalImages]
  // Past the last image (a stale link), the viewer shows the first.
  const shown = imageNumber !== undefined && imageNumber <= images.length ? imageNumber - 1 : 0
  return (
    <div>
      <div
        className={css({
          position: 'relative',
          bg: 'bg.inverseDeep',
          aspectRatio: '4 / 3',
          maxH: '62vh',
          mx: 'auto',
          w: 'full',
        })}
      >
        {stepControls}
        <Picture
          image={responsivePhoto(images[shown] ?? project.imageUrl, delivery, 'viewer')}
          sizes={viewerSizes}
          alt={`${project.title}, image ${shown + 1} of ${images.length}`}
          fit="contain"
          fallbackAlt="Image Not Available"
        />
      </div>
      {images.length > 1 ? (
        <ul
          aria-label="Project images"
          className={css({ display: 'flex', gap: '2', p: '3', overflowX: 'auto', bg: 'bg.subtle' })}
        >
          {images.map((src, index) => (
            <li key={src}>
              <Link
                to="/gallery"
                search={(previous) => ({ ...previous, image: index === 0 ? undefined : index + 1 })}
                replace
                resetScroll={false}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                activeOptions={{ exact: true }}
                className={css({
                  display: 'block',
                  w: '20',
                  borderRadius: 'sm',
                  overflow: 'hidden',
                  borderWidth: '3px',
                  borderColor: 'transparent',
                  cursor: 'pointer',
                  '&[aria-current=page]': { borderColor: 'accent.solid' },
                })}
              >
                <Picture
                  image={{
                    ...responsivePhoto(src, delivery, 'thumbnail'),
                    width: 160,
                    height: 120,
                  }}
                  sizes="80px"
                  alt=""
                  fallbackAlt="Image Not Available"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
