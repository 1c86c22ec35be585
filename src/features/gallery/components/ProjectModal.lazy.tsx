import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button, dialog } from 'styled-system/recipes'
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MapPinIcon } from '~/components/icons/icons'
import { Picture } from '~/components/Picture'
import { IconButtonTooltip } from '~/components/ui/IconButtonTooltip'
import { type GalleryItem, galleryCategoryLabel } from '../gallery-item'
import { adjacentProject } from '../gallery-view'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { projectCardId } from './ProjectCard'

type Props = {
  project: GalleryItem | undefined
  projects: GalleryItem[]
  images: GalleryImageDelivery | undefined
}

/** The project viewer. Its open project is the `project` search param, so it can be shared. */
export function ProjectModal({ project, projects, images }: Props) {
  const navigate = useNavigate({ from: '/gallery' })
  const [closingId, setClosingId] = useState<string>()
  // A shared link's open project is hydrated from the server's HTML after the rest of the page
  // (this module loads on demand). That copy stays inert, then the dialog mounts afresh in the
  // browser, so that Ark sets up its focus trap and outside-click detection in the portal rather
  // than in the server's markup, and the copy it replaces hands no focus back as it goes.
  const hydrated = useHydrated()

  const show = (id: string | undefined) =>
    navigate({
      search: (previous) => ({ ...previous, project: id }),
      replace: true,
      resetScroll: false,
    })

  const close = () => {
    setClosingId(project?.id)
    void navigate({
      search: (previous) => ({ ...previous, project: undefined }),
      resetScroll: false,
    })
  }

  const step = (direction: 'next' | 'previous') => {
    if (!project) return
    const target = adjacentProject(projects, project.id, direction)
    if (target) void show(target.id)
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
                // On the picture's edges, so they stay on screen however tall the text below is.
                stepControls={
                  <>
                    {previous ? (
                      <IconButtonTooltip label="Previous project">
                        <button
                          type="button"
                          aria-label={`Previous project: ${previous.title}`}
                          className={cx(
                            button({ variant: 'outline', size: 'icon' }),
                            stepButton,
                            css({ left: '3' }),
                          )}
                          onClick={() => step('previous')}
                        >
                          <ChevronLeftIcon />
                        </button>
                      </IconButtonTooltip>
                    ) : null}
                    {next ? (
                      <IconButtonTooltip label="Next project">
                        <button
                          type="button"
                          aria-label={`Next project: ${next.title}`}
                          className={cx(
                            button({ variant: 'outline', size: 'icon' }),
                            stepButton,
                            css({ right: '3' }),
                          )}
                          onClick={() => step('next')}
                        >
                          <ChevronRightIcon />
                        </button>
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
                <Dialog.CloseTrigger aria-label="Close project" className={styles.closeTrigger}>
                  <CloseIcon />
                </Dialog.CloseTrigger>
              </IconButtonTooltip>
            </Dialog.Content>
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

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
  stepControls,
}: {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  stepControls: ReactNode
}) {
  const images = [project.imageUrl, ...project.additionalImages]
  // Another project starts at its first image. The component stays mounted (no key) so that the
  // step button a visitor just pressed keeps focus, and the arrow keys keep working.
  const [picked, setPicked] = useState({ projectId: project.id, index: 0 })
  const shown = picked.projectId === project.id ? picked.index : 0
  const setShown = (index: number) => setPicked({ projectId: project.id, index })
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
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className={css({
                  display: 'block',
                  w: '20',
                  borderRadius: 'sm',
                  overflow: 'hidden',
                  borderWidth: '3px',
                  borderColor: 'transparent',
                  cursor: 'pointer',
                  '&[aria-pressed=true]': { borderColor: 'accent.solid' },
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
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
