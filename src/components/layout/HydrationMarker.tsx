import { useEffect } from 'react'

/** Marks the document once React has hydrated: tests wait for it, and CSS could too. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
