import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useHydrated, useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react'
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
import { showingProject, withoutProject } from '../gallery-search'
import { adjacentProject } from '../gallery-view'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { ProjectBeforeAfter } from './BeforeAfter'
import { galleryImageSizes, viewerImageSizes } from './gallery-grid'
import { projectCardId, projectLocation } from './ProjectCard'
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
  const router = useRouter()
  const openedFromGrid = useLocation({ select: (location) => location.state.openedFromGrid })

  // Opened from the grid, the open view is one history entry past the grid: going back to it
  // closes the viewer and leaves no entry behind, so Back then leaves the gallery as on any site.
  const close = () => {
    setClosingId(project?.id)
    if (openedFromGrid) router.history.back()
    else void navigate({ search: closed, ...inViewer })
  }

  const step = (direction: 'next' | 'previous') => {
    const target = project && adjacentProject(projects, project.id, direction)
    if (target) void navigate({ search: showingProject(target.id), ...inViewer })
  }

  // The arrow keys step projects, as they always have; the photos have their own controls.
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
              <ProjectImages project={project} images={images} imageNumber={imageNumber}>
                {/* On the picture's edges, so they stay on screen however tall the text is. */}
                {previous ? <StepLink direction="previous" target={previous} /> : null}
                {next ? <StepLink direction="next" target={next} /> : null}
              </ProjectImages>
              <div className={styles.details}>
                <p className={css({ textStyle: 'eyebrow', color: 'accent.text', pe: '12' })}>
                  {galleryCategoryLabel(project.category)}
                </p>
                <Dialog.Title ref={headingRef} tabIndex={-1} className={styles.heading}>
                  {project.title}
                </Dialog.Title>
                <p className={projectLocation}>
                  <MapPinIcon size={16} />
                  {project.location}
                </p>
                {project.description ? (
                  <Dialog.Description
                    // Beside the photo a long description scrolls on its own: it takes focus, so
                    // the keyboard scrolls it too.
                    tabIndex={0}
                    className={styles.description}
                  >
                    {project.description}
                  </Dialog.Description>
                ) : null}
                <ProjectFactList facts={project.facts} />
                <ProjectBeforeAfter project={project} images={images} placement="details" />
                <div className={styles.actions}>
                  <Link to="/contact-us" className={button({ variant: 'accent', size: 'md' })}>
                    {quoteLabels.full}
                  </Link>
                </div>
              </div>
              <IconButtonTooltip label="Close">
                <Link
                  to="/gallery"
                  search={closed}
                  resetScroll={false}
                  aria-label="Close project"
                  onClick={(event) => {
                    event.preventDefault()
                    close()
                  }}
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

// A utility over the button recipe's outline variant (recipes share a cascade layer, so a second
// recipe could not reliably override its background or its hover lift).
// In the photo's bottom corners, beside the photo steps: clear of a before-and-after handle at
// mid-height, and apart from the arrows that step the photos.
const stepControl = css({
  position: 'absolute',
  bottom: '3',
  bg: 'bg.canvas',
  borderColor: 'bg.canvas',
  boxShadow: 'md',
  borderRadius: 'full',
  _hover: { bg: 'brand.subtle', transform: 'none' },
  // In words from md: as wide as its label.
  w: { md: 'auto' },
  px: { md: '4' },
  gap: '2',
  '&[data-direction=previous]': { left: '3' },
  '&[data-direction=next]': { right: '3' },
})

function StepLink({ direction, target }: { direction: 'next' | 'previous'; target: GalleryItem }) {
  const label = direction === 'next' ? 'Next project' : 'Previous project'
  return (
    <IconButtonTooltip label={label}>
      <Link
        to="/gallery"
        search={showingProject(target.id)}
        {...inViewer}
        aria-label={`${label}: ${target.title}`}
        data-direction={direction}
        className={cx(button({ variant: 'outline', size: 'icon' }), stepControl)}
      >
        {direction === 'next' ? null : <ChevronLeftIcon />}
        <span className={projectStepText}>{label}</span>
        {direction === 'next' ? <ChevronRightIcon /> : null}
      </Link>
    </IconButtonTooltip>
  )
}

/** Said in words from md, where the photo leaves room; a phone shows the arrow only. */
const projectStepText = css({ display: { base: 'none', md: 'inline' } })

/** The shown photo's index from the `image` search param; past the last (a stale link), the first. */
const shownPhotoIndex = (imageNumber: number | undefined, count: number) =>
  imageNumber !== undefined && imageNumber <= count ? imageNumber - 1 : 0

/** The search showing the photo at this index (the first is the project's plain URL). */
const showingPhoto =
  (index: number) =>
  <Search extends object>(previous: Search) => ({
    ...previous,
    image: index === 0 ? undefined : index + 1,
  })

/** The search of the view with the viewer closed. */
const closed = withoutProject({})

/** A move within the viewer: in place of its history entry, keeping its state and the scroll. */
const inViewer = { replace: true, state: true, resetScroll: false } as const

/** A horizontal swipe this long (CSS px), more across than down, steps the photos. */
const swipeDistance = 40

function PhotoStepLink({ direction, target }: { direction: 'next' | 'previous'; target: number }) {
  const label = direction === 'next' ? 'Next photo' : 'Previous photo'
  return (
    <IconButtonTooltip label={label}>
      <Link
        to="/gallery"
        search={showingPhoto(target)}
        {...inViewer}
        aria-label={label}
        className={projectViewer().photoStep}
      >
        {direction === 'next' ? <ChevronRightIcon /> : <ChevronLeftIcon />}
      </Link>
    </IconButtonTooltip>
  )
}

function ProjectImages({
  project,
  images: delivery,
  imageNumber,
  children: stepControls,
}: Pick<Props, 'images' | 'imageNumber'> & { project: GalleryItem; children: ReactNode }) {
  const navigate = useNavigate({ from: '/gallery' })
  const styles = projectViewer()
  const images = [project.imageUrl, ...project.additionalImages]
  const shown = shownPhotoIndex(imageNumber, images.length)
  /** The next or previous photo's index, wrapping within the project's photos. */
  const photoAfter = (direction: 'next' | 'previous') =>
    (shown + (direction === 'next' ? 1 : -1) + images.length) % images.length
  const src = images[shown] ?? project.imageUrl
  const swipeStart = useRef<{ x: number; y: number }>(undefined)
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current =
      event.pointerType === 'mouse' ? undefined : { x: event.clientX, y: event.clientY }
  }
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current
    swipeStart.current = undefined
    if (!start || images.length < 2) return
    const across = event.clientX - start.x
    if (Math.abs(across) >= swipeDistance && Math.abs(across) > Math.abs(event.clientY - start.y)) {
      void navigate({
        search: showingPhoto(photoAfter(across < 0 ? 'next' : 'previous')),
        ...inViewer,
      })
    }
  }
  return (
    <div className={styles.media}>
      <div
        className={styles.photo}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = undefined
        }}
      >
        {/* The photo as its card or thumbnail showed it (already in the browser's cache), scaled
            up under the larger file until that arrives: the viewer opens on a picture. */}
        <Picture
          image={responsivePhoto(src, delivery, shown === 0 ? 'card' : 'thumbnail')}
          sizes={shown === 0 ? galleryImageSizes : '80px'}
          priority
          alt=""
          fit="contain"
          className={styles.standIn}
        />
        <Picture
          // A new photo starts from its stand-in, not from the previous photo.
          key={src}
          image={responsivePhoto(src, delivery, 'viewer')}
          sizes={viewerImageSizes}
          alt={`${project.title}, image ${shown + 1} of ${images.length}`}
          fit="contain"
          fallbackAlt="Image Not Available"
          className={styles.photoImage}
        />
        {/* From lg the main photo is the after one: the comparison takes its place, at its size. */}
        {shown === 0 ? (
          <ProjectBeforeAfter project={project} images={delivery} placement="photo" />
        ) : null}
        {stepControls}
        {images.length > 1 ? (
          <div className={styles.photoSteps}>
            <PhotoStepLink direction="previous" target={photoAfter('previous')} />
            <p className={styles.counter} aria-live="polite">
              <span aria-hidden="true">
                {shown + 1} / {images.length}
              </span>
              <span className={css({ srOnly: true })}>
                Photo {shown + 1} of {images.length}
              </span>
            </p>
            <PhotoStepLink direction="next" target={photoAfter('next')} />
          </div>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul aria-label="Project images" className={styles.thumbnails}>
          {images.map((thumbnailSrc, index) => (
            <li key={thumbnailSrc}>
              <Link
                to="/gallery"
                search={showingPhoto(index)}
                {...inViewer}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                activeOptions={{ exact: true }}
                className={styles.thumbnail}
              >
                <Picture
                  image={{
                    ...responsivePhoto(thumbnailSrc, delivery, 'thumbnail'),
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
