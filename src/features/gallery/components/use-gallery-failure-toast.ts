import { useEffect } from 'react'
import { notify } from '#src/components/layout/notify.ts'

export const galleryLoadFailedToast = 'Failed to load gallery images. Please try again later.'

/** Tells the visitor once, on the client, that the gallery could not be loaded. */
export function useGalleryFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) void notify('error', galleryLoadFailedToast, { id: 'gallery-load-failed' })
  }, [failed])
}
