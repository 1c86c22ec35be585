import { type CSSProperties, useEffect } from 'react'
import { Toaster } from 'sonner'
import { toasterDidMount } from './toaster-state'

/** Sonner's toaster, bottom-right, three at a time; loaded with the first toast (see notify.ts). */
export default function LazyToaster() {
  // Runs after the toaster's own effects: it is listening by now.
  useEffect(() => toasterDidMount(), [])
  return (
    // Three at most, 4 s each, Alt+T reaches them; width (356), swipe threshold (20) and removal
    // delay (200 ms) are sonner's own defaults.
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      offset={aboveQuickContactBar(32)}
      mobileOffset={aboveQuickContactBar(16)}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      style={richColorText}
    />
  )
}

/** The offset on every side, and above the phone's call-and-quote bar where it shows. */
const aboveQuickContactBar = (px: number) => ({
  top: px,
  right: px,
  left: px,
  bottom: `calc(${px}px + var(--quick-contact-bar-space, 0px))`,
})

/**
 * Sonner's rich-colour text on its pale backgrounds falls short of the 4.5:1 contrast WCAG AA
 * asks (its error red measures about 4.3:1): the same hues from our palette's darker steps.
 */
const richColorText = {
  '--error-text': 'var(--colors-red-800)',
  '--success-text': 'var(--colors-green-800)',
  '--info-text': 'var(--colors-blue-800)',
  '--warning-text': 'var(--colors-amber-800)',
} as CSSProperties
