import { CatchBoundary } from '@tanstack/react-router'
import { type ReactNode, Suspense } from 'react'
import { useGalleryFailureToast } from './use-gallery-failure-toast'

type Props = {
  /** Shown while the gallery arrives. */
  loading: ReactNode
  /** Shown, with the "Failed to load gallery images" toast, when the gallery cannot load at all. */
  failed: ReactNode
  children: ReactNode
}

/**
 * A part of a page that shows the gallery. When the gallery cannot be fetched at all (its server
 * function failed, after the query's retries, as on a client-side navigation with the network
 * down), only this part shows its error: the rest of the page stays. A source failure the server
 * could report arrives as data with status 'error', and the children show that themselves.
 */
export function GalleryLoad({ loading, failed, children }: Props) {
  return (
    <CatchBoundary
      getResetKey={() => 'gallery'}
      errorComponent={() => <GalleryLoadFailed>{failed}</GalleryLoadFailed>}
    >
      <Suspense fallback={loading}>{children}</Suspense>
    </CatchBoundary>
  )
}

function GalleryLoadFailed({ children }: { children: ReactNode }) {
  useGalleryFailureToast(true)
  return children
}
