import { useEffect } from 'react'
import { hydratedEvent } from '#src/lib/boot/hydrated-event.ts'

/** Marks the document once React has hydrated: tests wait for it, and early taps are replayed. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    document.dispatchEvent(new Event(hydratedEvent))
  }, [])
  return null
}
