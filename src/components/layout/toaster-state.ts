import { useSyncExternalStore } from 'react'

/** Whether the toaster is wanted on the page yet, and when it listens (see notify.ts). */
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

/** Puts the toaster on the page; resolves once it listens. */
export function wantToaster(): Promise<void> {
  if (!wanted) {
    wanted = true
    mounted = new Promise((resolve) => {
      markMounted = resolve
    })
    for (const listener of listeners) listener()
  }
  return mounted as Promise<void>
}
