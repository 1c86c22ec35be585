import { useEffect } from 'react'

/** Dispatched on `document` once React has hydrated the page (features/boot/replay-early-taps.ts). */
export const hydratedEvent = 'app:hydrated'

/** Marks the document once React has hydrated: tests wait for it, and early taps are replayed. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    document.dispatchEvent(new Event(hydratedEvent))
  }, [])
  return null
}
