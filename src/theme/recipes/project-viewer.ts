import { defineSlotRecipe, type SystemStyleObject } from '@pandacss/dev'

/**
 * The photo's width beside the details on a large screen: as wide as the screen leaves beside
 * them, and no taller than the screen leaves above the thumbnails, at the photos' 4:3, so the
 * photo fills its box instead of sitting between bars.
 */
const largePhotoWidth =
  'min(calc(100vw - 4rem - var(--viewer-details-width)), calc((100dvh - 3rem - var(--viewer-thumbnails-height)) * 4 / 3), 60rem)'

/** A round control on the photo: the close button, the photo's own steps. */
const photoControl = {
  w: '11',
  h: '11',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  color: 'fg.inverse',
  _hover: { bg: 'bg.inverseDeep' },
} as const

const base = {
  backdrop: { position: 'fixed', inset: '0', zIndex: '50', bg: 'bg.scrim' },
  positioner: {
    position: 'fixed',
    inset: '0',
    zIndex: '50',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: { base: '0', md: '6' },
  },
  content: {
    '--viewer-details-width': { lg: '22rem', xl: '24rem' },
    '--viewer-thumbnails-height': '5.25rem',
    position: 'relative',
    bg: 'bg.canvas',
    w: { base: 'full', lg: 'auto' },
    maxW: { base: 'full', md: '1080px', lg: 'none' },
    h: { base: '100dvh', md: 'auto' },
    maxH: { base: '100dvh', md: '92dvh', lg: 'calc(100dvh - 3rem)' },
    overflowY: { base: 'auto', lg: 'hidden' },
    display: { lg: 'grid' },
    gridTemplateColumns: { lg: 'auto var(--viewer-details-width)' },
    borderRadius: { base: '0', md: 'lg' },
    boxShadow: 'lg',
    _open: { animation: 'fadeIn token(durations.normal)' },
  },
  media: { display: 'flex', flexDirection: 'column', minW: '0' },
  photo: {
    position: 'relative',
    bg: 'bg.inverseDeep',
    aspectRatio: '4 / 3',
    w: { base: 'full', lg: largePhotoWidth },
    maxH: { base: '62dvh', lg: 'none' },
    mx: 'auto',
    // A sideways swipe steps the photos; an up or down one still scrolls the viewer.
    touchAction: 'pan-y',
  },
  standIn: { position: 'absolute', inset: '0' },
  // Positioned, so it paints over the stand-in (which shows through until it has loaded).
  photoImage: { position: 'relative' },
  // The photo's own controls, with its counter between them.
  photoSteps: {
    position: 'absolute',
    left: '50%',
    bottom: '3',
    transform: 'translateX(-50%)',
    display: 'flex',
    alignItems: 'center',
    gap: '1',
    p: '0.5',
    borderRadius: 'full',
    bg: 'bg.photoControl',
  },
  photoStep: photoControl,
  counter: {
    px: '1',
    color: 'fg.inverse',
    fontSize: 'sm',
    fontWeight: 'semibold',
    fontVariantNumeric: 'tabular-nums',
    pointerEvents: 'none',
  },
  thumbnails: {
    display: 'flex',
    gap: '2',
    p: '3',
    overflowX: 'auto',
    bg: 'bg.subtle',
    h: { lg: 'var(--viewer-thumbnails-height)' },
    w: { lg: largePhotoWidth },
  },
  thumbnail: {
    display: 'block',
    w: '20',
    borderRadius: 'sm',
    overflow: 'hidden',
    borderWidth: '3px',
    borderColor: 'transparent',
    cursor: 'pointer',
    '&[aria-current=page]': { borderColor: 'accent.solid' },
  },
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: { base: '5', md: '8', lg: '6', xl: '8' },
    // Beside the photo it is as tall as the photo and its thumbnails (its own content does not
    // size the row): a long description scrolls on its own, the call to action stays in view.
    contain: { lg: 'size' },
    overflow: { lg: 'hidden' },
  },
  heading: {
    textStyle: 'h2',
    fontSize: { base: '2xl', md: '3xl', lg: '2xl', xl: '3xl' },
    // Focused when the viewer opens (to start the reading there), not a control.
    _focusVisible: { outline: 'none' },
  },
  description: {
    color: 'fg.default',
    maxW: 'prose',
    overflowY: { lg: 'auto' },
    minH: { lg: '0' },
    // Shadows at an edge with more text beyond it, only while there is (they scroll away
    // with the text): a clipped description says it scrolls.
    bgImage: {
      lg: 'linear-gradient(token(colors.bg.canvas) 30%, transparent), linear-gradient(transparent, token(colors.bg.canvas) 70%), radial-gradient(farthest-side at 50% 0, token(colors.border.strong), transparent), radial-gradient(farthest-side at 50% 100%, token(colors.border.strong), transparent)',
    },
    bgPosition: 'center top, center bottom, center top, center bottom',
    bgRepeat: 'no-repeat',
    bgSize: '100% 2.5rem, 100% 2.5rem, 100% 0.75rem, 100% 0.75rem',
    bgAttachment: 'local, local, scroll, scroll',
    _focusVisible: { outline: '2px solid token(colors.accent.solid)', outlineOffset: '2px' },
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    mt: '3',
    alignItems: 'center',
    // Below lg the viewer scrolls as one: the call to action stays at its bottom edge.
    position: { base: 'sticky', lg: 'static' },
    bottom: '0',
    bg: 'bg.canvas',
    mx: { base: '-5', md: '-8', lg: '0' },
    px: { base: '5', md: '8', lg: '0' },
    py: { base: '3', lg: '0' },
    borderTopWidth: { base: '1px', lg: '0' },
    borderColor: 'border.default',
  },
  closeTrigger: {
    ...photoControl,
    position: 'absolute',
    top: '3',
    right: '3',
    bg: 'bg.photoControl',
    cursor: 'pointer',
  },
} satisfies Record<string, SystemStyleObject>

export const projectViewer = defineSlotRecipe({
  className: 'project-viewer',
  description:
    "The gallery's project viewer (Ark's dialog parts): full screen on a phone with the details below the photo, centred over a scrim from md, and the details beside the photo from lg, so the title, description and call to action stay in view",
  slots: Object.keys(base) as (keyof typeof base)[],
  base,
})
