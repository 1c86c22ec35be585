/** Three toasts at most, each for 4 s, Alt+T to reach them; width (356), swipe threshold (20)
 * and removal delay (200 ms) are sonner's own defaults. */
export const toastSettings = {
  position: 'bottom-right',
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  offset: 32,
  hotkey: ['altKey', 'KeyT'],
} as const
