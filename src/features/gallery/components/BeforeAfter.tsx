import { useHydrated } from '@tanstack/react-router'
import { type CSSProperties, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Picture } from '#src/components/Picture.tsx'
import type { GalleryItem } from '../gallery-item'
import { type GalleryImageDelivery, responsivePhoto } from '../photo-variants'
import { viewerImageSizes } from './gallery-grid'

type Props = {
  project: GalleryItem
  images: GalleryImageDelivery | undefined
  /**
   * `photo`: from lg, in place of the viewer's main photo, at its size; `details`: below lg, in
   * the details under the photo. Each is hidden where the other shows (CSS, so it holds without
   * JavaScript); the one out of view loads nothing (its photos load lazily).
   */
  placement: 'photo' | 'details'
}

/** The photo area's width from lg (as the viewer's photo), the screen's width below it. */
const comparisonSizes = {
  photo: viewerImageSizes,
  details: '100vw',
} as const

/** The project's main photo (its `after`) and the before photo the owner gave, if any. */
type BeforeAndAfter = Props & { beforeUrl: string }

/**
 * A project's view before and after the work, when the owner gave a before photo. The server's
 * page (and a page whose script has not run) shows the two photos side by side, stacked on a
 * phone, each labelled; once the script runs they become one frame with the before photo over the
 * after one up to a native range input's split, which the keyboard, a pointer and touch all move.
 */
export function ProjectBeforeAfter(props: Props) {
  const hydrated = useHydrated()
  const beforeUrl = props.project.beforeImageUrl
  if (!beforeUrl) return null
  const headingId = `before-after-heading-${props.placement}`
  const Photos = hydrated ? ComparisonSlider : SideBySide
  return (
    <section
      aria-labelledby={headingId}
      data-testid="before-after"
      className={cx(section, placements[props.placement])}
      // Over the photo, a drag moves the split, not to the next photo.
      onPointerDown={(event) => event.stopPropagation()}
    >
      <h3
        id={headingId}
        className={css(
          { fontSize: 'md', fontWeight: 'semibold' },
          props.placement === 'photo' && { srOnly: true },
        )}
      >
        Before and after
      </h3>
      <Photos {...props} beforeUrl={beforeUrl} />
    </section>
  )
}

function SideBySide({ project, beforeUrl, images, placement }: BeforeAndAfter) {
  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
        gap: '3',
        alignContent: 'center',
        h: 'full',
        p: placement === 'photo' ? '3' : '0',
      })}
    >
      {(
        [
          ['Before', beforeUrl],
          ['After', project.imageUrl],
        ] as const
      ).map(([label, url]) => (
        <figure key={label} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <Picture
            image={responsivePhoto(url, images, placement === 'photo' ? 'viewer' : 'card')}
            sizes={
              placement === 'photo' ? '(min-width: 1024px) 480px, 100vw' : comparisonSizes.details
            }
            alt={`${project.title}, ${label.toLowerCase()} the work`}
            fallbackAlt="Image Not Available"
            className={css({ borderRadius: 'sm' })}
          />
          <figcaption className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
            {label}
          </figcaption>
        </figure>
      ))}
    </div>
  )
}

function ComparisonSlider({ project, beforeUrl, images, placement }: BeforeAndAfter) {
  const variant = placement === 'photo' ? 'viewer' : 'card'
  // The share of the frame, from its left edge, that shows the before photo.
  const [split, setSplit] = useState(50)
  return (
    <div
      data-testid="before-after-frame"
      className={frame}
      style={{ '--split': `${split}%` } as CSSProperties}
    >
      <Picture
        image={responsivePhoto(project.imageUrl, images, variant)}
        sizes={comparisonSizes[placement]}
        alt={`${project.title}, after the work`}
        fallbackAlt="Image Not Available"
      />
      <div className={beforeLayer}>
        <Picture
          image={responsivePhoto(beforeUrl, images, variant)}
          sizes={comparisonSizes[placement]}
          alt={`${project.title}, before the work`}
          fallbackAlt="Image Not Available"
        />
      </div>
      <span aria-hidden="true" data-testid="before-after-split" className={divider} />
      <span aria-hidden="true" className={photoLabel} data-side="before">
        Before
      </span>
      <span aria-hidden="true" className={photoLabel} data-side="after">
        After
      </span>
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
        // The arrow keys move the split here; the viewer's own (stepping projects) would take them.
        onKeyDown={(event) => {
          if (event.key.startsWith('Arrow')) event.stopPropagation()
        }}
        aria-label="Before and after: how much of the before photo shows"
        aria-valuetext={`${split}% before, ${100 - split}% after`}
        className={range}
      />
    </div>
  )
}

const section = css({ display: 'flex', flexDirection: 'column', gap: '2', flexShrink: 0 })

const placements = {
  // Over the main photo (its frame is the photo's 4:3), the step controls still above it.
  photo: css({
    display: { base: 'none', lg: 'flex' },
    position: 'absolute',
    inset: '0',
    justifyContent: 'center',
    bg: 'bg.inverseDeep',
    color: 'fg.inverse',
  }),
  details: css({ lg: { display: 'none' } }),
}

const frame = css({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: 'sm',
  aspectRatio: '4 / 3',
  bg: 'bg.inverseDeep',
  // The range is wider than the frame, which clips it: the frame shows its focus.
  '&:has(input:focus-visible)': {
    outline: '3px solid token(colors.accent.solid)',
    outlineOffset: '2px',
  },
})

const beforeLayer = css({
  position: 'absolute',
  inset: '0',
  clipPath: 'inset(0 calc(100% - var(--split)) 0 0)',
})

const divider = css({
  position: 'absolute',
  top: '0',
  bottom: '0',
  left: 'var(--split)',
  w: '2px',
  ml: '-1px',
  bg: 'bg.canvas',
  boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.35)',
  pointerEvents: 'none',
})

// Solid chips, so the words read over any photo.
const photoLabel = css({
  position: 'absolute',
  top: '2',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  bg: 'bg.photoControl',
  color: 'fg.inverse',
  fontSize: 'xs',
  fontWeight: 'semibold',
  pointerEvents: 'none',
  '&[data-side=before]': { left: '2' },
  '&[data-side=after]': { right: '2' },
})

const thumb = {
  w: '11',
  h: '11',
  borderRadius: 'full',
  bg: 'bg.canvas',
  border: '3px solid token(colors.bg.photoControl)',
  boxShadow: 'md',
  cursor: 'ew-resize',
}

// Over the whole frame, so a tap or a drag anywhere on it moves the split (the browser's own);
// half a thumb wider on each side, so the thumb's centre and the split meet the frame's edges.
const range = css({
  position: 'absolute',
  top: '0',
  left: '-22px',
  w: 'calc(100% + 44px)',
  h: 'full',
  m: '0',
  appearance: 'none',
  bg: 'transparent',
  cursor: 'ew-resize',
  touchAction: 'pan-y',
  '&::-webkit-slider-runnable-track': { h: '11', bg: 'transparent' },
  '&::-webkit-slider-thumb': { appearance: 'none', ...thumb },
  '&::-moz-range-track': { bg: 'transparent' },
  '&::-moz-range-thumb': thumb,
  _focusVisible: { outline: 'none' },
})
