/**
 * Resolves once the browser has put the server-rendered page on screen: the frame that follows
 * this call has been painted. A hidden tab paints nothing (and does not run animation frames), so
 * there it resolves on a timer instead.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      setTimeout(resolve, 0)
      return
    }
    // A task queued from an animation frame runs after that frame's paint.
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}
