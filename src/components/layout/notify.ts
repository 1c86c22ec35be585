import { wantToaster } from './toaster-state'

/**
 * Toasts load on demand: sonner and its toaster join the page only when there is something to
 * say, so no page pays for them up front.
 */
type ToastOptions = { description?: string; id?: string }
type ToastKind = 'success' | 'error'

export async function notify(kind: ToastKind, title: string, options: ToastOptions = {}) {
  const [{ toast }] = await Promise.all([import('sonner'), wantToaster()])
  toast[kind](title, options)
}

let toastsPreloaded = false

/** For pages likely to toast (the contact form, on its first focus or touch): fetch the toaster
 * ahead of the first message, while the server is surely there. Once per page. */
export function preloadToasts() {
  if (toastsPreloaded) return
  toastsPreloaded = true
  void import('sonner')
  void import('./Toaster.lazy')
}
