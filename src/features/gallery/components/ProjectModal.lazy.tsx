import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button, projectViewer } from 'styled-system/recipes'
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  MapPinIcon,
} from '#src/components/icons/icons.tsx'
import { Picture } from '#src/components/Picture.tsx'
import { IconButtonTooltip } from '#src/components/ui/IconButtonTooltip.tsx'
import { quoteLabels } from '#src/content/quote-labels.ts'
import { type GalleryItem, galleryCategoryLabel } from '../gallery-item'
import { adjacentProject } from '../gallery-view'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { projectCardId } from './ProjectCard'
import { ProjectFactList } from './ProjectFactList'

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
  const headingRef = useRef<HTMLHeadingElement>(null)

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

  const styles = projectViewer()
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
      // The reading starts at the project's name, not at the first control (the previous arrow).
      initialFocusEl={() => headingRef.current}
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
                styles={styles}
                // On the picture's edges, so they stay on screen however tall the text is.
                stepControls={
                  <>
                    {previous ? <StepLink direction="previous" target={previous} /> : null}
                    {next ? <StepLink direction="next" target={next} /> : null}
                  </>
                }
              />
              <div className={styles.details}>
                <p className={css({ textStyle: 'eyebrow', color: 'accent.text', pe: '12' })}>
                  {galleryCategoryLabel(project.category)}
                </p>
                <Dialog.Title ref={headingRef} tabIndex={-1} className={styles.heading}>
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
                  <Dialog.Description className={styles.description}>
                    {project.description}
                  </Dialog.Description>
                ) : null}
                <ProjectFactList facts={project.facts} />
                <div className={styles.actions}>
                  <Link to="/contact-us" className={button({ variant: 'accent', size: 'md' })}>
                    {quoteLabels.full}
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

type ViewerStyles = ReturnType<typeof projectViewer>

// A utility over the button recipe's outline variant (recipes share a cascade layer, so a second
// recipe could not reliably override its background or its hover lift).
const stepControl = css({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bg: 'bg.canvas',
  borderColor: 'bg.canvas',
  boxShadow: 'md',
  borderRadius: 'full',
  _hover: { bg: 'brand.subtle', transform: 'translateY(-50%)' },
  '&[data-direction=previous]': { left: '3' },
  '&[data-direction=next]': { right: '3' },
})

function StepLink({ direction, target }: { direction: 'next' | 'previous'; target: GalleryItem }) {
  const label = direction === 'next' ? 'Next project' : 'Previous project'
  return (
    <IconButtonTooltip label={label}>
      <Link
        to="/gallery"
        search={showing(target.id)}
        replace
        resetScroll={false}
        aria-label={`${label}: ${target.title}`}
        data-direction={direction}
        className={cx(button({ variant: 'outline', size: 'icon' }), stepControl)}
      >
        {direction === 'next' ? <ChevronRightIcon /> : <ChevronLeftIcon />}
      </Link>
    </IconButtonTooltip>
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

/** The whole width below lg (at most 1080 px); beside the details from lg, at most 960 px. */
const viewerSizes = '(min-width: 1024px) min(960px, calc(100vw - 24rem)), 100vw'

function ProjectImages({
  project,
  images: delivery,
  imageNumber,
  styles,
  stepControls,
}: {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  imageNumber: number | undefined
  styles: ViewerStyles
  stepControls: ReactNode
}) {
  const images = [project.imageUrl, ...project.additionalImages]
  // Past the last image (a stale link), the viewer shows the first.
  const shown = imageNumber !== undefined && imageNumber <= images.length ? imageNumber - 1 : 0
  return (
    <div className={styles.media}>
      <div className={styles.photo}>
        {stepControls}
        <Picture
          image={responsivePhoto(images[shown] ?? project.imageUrl, delivery, 'viewer')}
          sizes={viewerSizes}
          alt={`${project.title}, image ${shown + 1} of ${images.length}`}
          fit="contain"
          fallbackAlt="Image Not Available"
        />
        {images.length > 1 ? (
          <p className={styles.counter} aria-live="polite">
            <span aria-hidden="true">
              {shown + 1} / {images.length}
            </span>
            <span className={css({ srOnly: true })}>
              Photo {shown + 1} of {images.length}
            </span>
          </p>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul aria-label="Project images" className={styles.thumbnails}>
          {images.map((src, index) => (
            <li key={src}>
              <Link
                to="/gallery"
                search={(previous) => ({ ...previous, image: index === 0 ? undefined : index + 1 })}
                replace
                resetScroll={false}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                activeOptions={{ exact: true }}
                className={styles.thumbnail}
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
