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

/** For pages likely to toast (the contact form): fetch the toaster now, while the server is
 * surely there, rather than at the moment of the first message. */
export function preloadToasts() {
  void import('sonner')
  void import('./Toaster.lazy')
}
