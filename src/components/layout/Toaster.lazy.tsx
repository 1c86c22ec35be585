import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { toasterDidMount } from './notify'
import { toastSettings } from './toast-settings'

/** Sonner's toaster with the spec's limits; loaded with the first toast (see notify.ts). */
export default function LazyToaster() {
  // Runs after the toaster's own effects: it is listening by now.
  useEffect(() => toasterDidMount(), [])
  return (
    <Toaster
      {...toastSettings}
      hotkey={[...toastSettings.hotkey]}
      richColors
      closeButton
      containerAriaLabel="Notifications"
    />
  )
}
