import { useSyncExternalStore } from 'react'

/**
 * Toasts load on demand: sonner and its toaster join the page only when there is something to
 * say, so no page pays for them up front.
 */
type ToastOptions = { description?: string; id?: string }
type ToastKind = 'success' | 'error'

let wanted = false
let mounted: Promise<void> | undefined
let markMounted: (() => void) | undefined
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the toaster should be on the page yet (false on the server). */
export function useToasterWanted() {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
}

/** Called by the toaster once it listens, so no toast is sent before it can be shown. */
export function toasterDidMount() {
  markMounted?.()
}

export async function notify(kind: ToastKind, title: string, options: ToastOptions = {}) {
  if (!wanted) {
    wanted = true
    mounted = new Promise((resolve) => {
      markMounted = resolve
    })
    for (const listener of listeners) listener()
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted])
  toast[kind](title, options)
}

/** For pages likely to toast (the contact form): fetch the toaster now, while the server is
 * surely there, rather than at the moment of the first message. */
export function preloadToasts() {
  void import('sonner')
  void import('./Toaster.lazy')
}
